/** The customer dashboard (/user/profile), from the user menu: who is signed in. */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { m } from '../paraglide/messages.js'
import { sessionQueries } from '../queries/session'
import { useLoadingInBrowser } from '../state/hydrated'

export const Route = createFileRoute('/user/profile')({
  head: () => ({ meta: [{ title: `${m.profile_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }] }),
  component: Profile,
})

function Profile() {
  const { data: session, isPending } = useQuery(sessionQueries.current())
  if (useLoadingInBrowser(isPending)) return <p className="py-16 text-center text-muted">{m.auth_working()}</p>
  if (!session) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{m.profile_title()}</h1>
        <Link to="/" className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-ink">
          {m.not_found_home()}
        </Link>
      </section>
    )
  }
  const { user } = session
  const mobile = user.custom_attributes.find((a) => a.attribute_code === 'mobilenumber')?.value
  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold">{m.user_greeting({ name: user.firstname })}</h1>
      {user.telesales && <p className="mt-2 w-fit rounded bg-accent px-2 py-0.5 text-xs font-bold text-accent-ink">{m.user_telesales()}</p>}
      <dl className="mt-6 divide-y divide-line rounded-2xl bg-white">
        <div className="flex justify-between gap-4 px-5 py-4">
          <dt className="text-muted">{m.auth_first_name()}</dt>
          <dd className="font-medium">
            {user.firstname} {user.lastname}
          </dd>
        </div>
        <div className="flex justify-between gap-4 px-5 py-4">
          <dt className="text-muted">{m.auth_email()}</dt>
          <dd className="font-medium">
            <bdi dir="ltr">{user.email}</bdi>
          </dd>
        </div>
        {mobile && (
          <div className="flex justify-between gap-4 px-5 py-4">
            <dt className="text-muted">{m.profile_mobile()}</dt>
            <dd className="font-medium">
              <bdi dir="ltr">0{mobile.slice(-9)}</bdi>
            </dd>
          </div>
        )}
      </dl>
    </section>
  )
}
