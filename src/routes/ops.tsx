/**
 * The merchant console (docs/product.md, "The merchant console"): its own route tree under /ops (Arabic) and /en/ops,
 * rendered in the browser only (it reads the staff member's session there, and nothing of it is for search engines),
 * without the shop's frame. Signed out, every page is the sign-in form; joining by invitation needs no session.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router'
import { ConsoleFrame } from '../components/ops/ConsoleFrame'
import { SignInForm } from '../components/ops/SignInForm'
import { opsErrorText } from '../components/ops/ops-text'
import { usePageHydrated } from '../lib/early-tap'
import { m } from '../paraglide/messages.js'
import { opsQueries } from '../queries/ops'

export const Route = createFileRoute('/ops')({
  ssr: false,
  staticData: { console: true },
  head: () => ({ meta: [{ title: m.ops_title() }, { name: 'robots', content: 'noindex' }] }),
  component: ConsoleLayout,
  pendingComponent: ConsoleLoading,
})

function ConsoleLoading() {
  return <p className="py-16 text-center text-muted">{m.cart_loading()}</p>
}

function ConsoleLayout() {
  usePageHydrated()
  const joining = useRouterState({ select: (state) => state.location.pathname.endsWith('/ops/join') })
  const me = useQuery({ ...opsQueries.me(), enabled: !joining })
  if (joining) return <Outlet />
  if (me.isPending) return <ConsoleLoading />
  if (me.isError)
    return (
      <p role="alert" className="py-16 text-center text-sale">
        {opsErrorText(me.error)}
      </p>
    )
  if (!me.data) return <SignInForm />
  return (
    <ConsoleFrame me={me.data}>
      <Outlet />
    </ConsoleFrame>
  )
}
