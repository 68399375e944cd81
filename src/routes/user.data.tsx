/**
 * Your data (/user/data, from the dashboard; docs/product.md, "Your data"): everything the store keeps about the
 * signed-in account, readable here and downloadable as one JSON file, and closing the account, confirmed by a code
 * sent to its mobile. After closing, the shopper is signed out here and told what was kept.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { type ReactNode, useState } from 'react'
import { BotCheck } from '../components/auth/BotCheck'
import { FormField } from '../components/ui/FormField'
import { formatRiyadhTime } from '../domain/dates'
import { currentLocale } from '../lib/i18n'
import { usePageHydrated } from '../lib/early-tap'
import { m } from '../paraglide/messages.js'
import { personalDataQueries, useCloseAccount, useSendCloseCode, type AccountData } from '../queries/personal-data'
import { sessionQueries } from '../queries/session'
import { useLoadingInBrowser } from '../state/hydrated'
import { chosenRegionIdAtom } from '../state/shopper'

export const Route = createFileRoute('/user/data')({
  head: () => ({ meta: [{ title: `${m.mydata_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }] }),
  component: MyData,
})

function MyData() {
  usePageHydrated()
  const locale = currentLocale()
  const session = useQuery(sessionQueries.current())
  const [closed, setClosed] = useState<string | null>(null)
  const data = useQuery({ ...personalDataQueries.mine(locale), enabled: typeof window !== 'undefined' && !!session.data && !closed })
  const loading = useLoadingInBrowser(session.isPending || (!!session.data && data.isPending && !closed))
  if (closed) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16 text-center">
        <p role="status" className="text-lg font-semibold">
          {closed}
        </p>
      </section>
    )
  }
  if (loading) return <p className="py-16 text-center text-muted">{m.cart_loading()}</p>
  const mine = data.data?.data
  if (!session.data || !mine) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16 text-center">
        <Link to="/user/profile" className="font-semibold text-brand">
          {m.user_dashboard()}
        </Link>
      </section>
    )
  }
  return (
    <section className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">{m.mydata_title()}</h1>
        <p className="text-muted">{m.mydata_intro()}</p>
        <button type="button" onClick={() => download(mine)} className="rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-ink">
          {m.mydata_download()}
        </button>
      </div>
      <Readable data={mine} />
      <CloseAccount onClosed={setClosed} />
    </section>
  )
}

/** The JSON file, made in the browser from what the page shows: nothing is sent twice. */
function download(data: AccountData) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = 'matjar-my-data.json'
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

function Part({ title, children, empty }: { title: string; children: ReactNode; empty: boolean }) {
  return (
    <section className="rounded-2xl bg-white p-5">
      <h2 className="mb-2 text-lg font-bold">{title}</h2>
      {empty ? <p className="text-sm text-muted">{m.mydata_none()}</p> : <div className="space-y-1 text-sm">{children}</div>}
    </section>
  )
}

function Readable({ data }: { data: AccountData }) {
  const locale = currentLocale()
  const when = (iso: string | null) => (iso ? formatRiyadhTime(iso, locale) : '')
  return (
    <>
      <Part title={m.mydata_profile()} empty={false}>
        <p>{`${data.profile.firstname} ${data.profile.lastname}`}</p>
        <p dir="ltr" className="text-start">
          {data.profile.email}
        </p>
        <p dir="ltr" className="text-start">
          {data.profile.mobile}
        </p>
        <p className="text-muted">
          {m.mydata_created()}: {when(data.profile.created_at)}
        </p>
      </Part>
      <Part title={m.mydata_addresses()} empty={data.addresses.length === 0}>
        {data.addresses.map((a) => (
          <p key={a.id}>{[a.building, a.street, a.district, a.postalCode, a.additionalNumber, a.shortAddress].filter(Boolean).join(' · ')}</p>
        ))}
      </Part>
      <Part title={m.mydata_orders()} empty={data.orders.length === 0}>
        {data.orders.map((order) => (
          <p key={order.increment_id}>
            <bdi dir="ltr">{order.increment_id}</bdi> · {when(order.created_at)} · <bdi dir="ltr">{order.grand_total.toFixed(2)}</bdi>
          </p>
        ))}
      </Part>
      <Part title={m.mydata_favourites()} empty={data.favourites.length === 0}>
        {data.favourites.map((f) => (
          <p key={f.sku} dir="ltr" className="text-start">
            {f.sku}
          </p>
        ))}
      </Part>
      <Part title={m.mydata_messages()} empty={data.messages.length === 0}>
        {data.messages.map((message) => (
          <p key={`${message.created_at}-${message.template}-${message.channel}`}>
            {when(message.created_at)} · {message.channel} · {message.template} · {message.status}
          </p>
        ))}
      </Part>
      <Part title={m.mydata_consents()} empty={data.consents.length === 0}>
        {data.consents.map((consent) => (
          <p key={`${consent.created_at}-${consent.version}`}>
            {when(consent.created_at)} ·{' '}
            {Object.entries(consent.choices)
              .filter(([, on]) => on)
              .map(([category]) => category)
              .join(', ')}
          </p>
        ))}
      </Part>
      <Part title={m.mydata_newsletter()} empty={!data.newsletter}>
        <p>{when(data.newsletter?.subscribed_at ?? null)}</p>
      </Part>
    </>
  )
}

/** Close my account: the bot check and a code to the account's mobile, then the code typed back. */
function CloseAccount({ onClosed }: { onClosed: (message: string) => void }) {
  const [botToken, setBotToken] = useState('')
  const [sent, setSent] = useState(false)
  const [code, setCode] = useState('')
  const send = useSendCloseCode()
  const close = useCloseAccount()
  const queryClient = useQueryClient()
  const setChosenRegion = useSetAtom(chosenRegionIdAtom)
  return (
    <section aria-labelledby="close-heading" className="space-y-3 rounded-2xl border border-sale/40 bg-white p-5">
      <h2 id="close-heading" className="text-lg font-bold">
        {m.mydata_close_title()}
      </h2>
      <p className="text-sm">{m.mydata_close_text()}</p>
      {!sent ? (
        <form
          className="space-y-3"
          onSubmit={async (event) => {
            event.preventDefault()
            const result = await send.mutateAsync(botToken)
            setBotToken('')
            if (result.data) setSent(true)
          }}
        >
          <BotCheck token={botToken} onChange={setBotToken} error={send.failure} />
          <button
            type="submit"
            disabled={send.isPending}
            className="rounded-full border border-sale px-5 py-2.5 font-semibold text-sale disabled:opacity-60"
          >
            {m.mydata_close_send()}
          </button>
        </form>
      ) : (
        <form
          className="space-y-3"
          onSubmit={async (event) => {
            event.preventDefault()
            const result = await close.mutateAsync(code)
            if (!result.data) return setCode('')
            // The account and its session are gone: what the page knew of the shopper goes too (docs/product.md, "Accounts").
            setChosenRegion(null)
            onClosed(result.data.message)
            await queryClient.resetQueries()
          }}
        >
          <p className="text-sm text-muted">{send.data?.data?.message}</p>
          <FormField
            label={m.mydata_close_code()}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={12}
            className="max-w-xs"
            error={close.failure}
          />
          <button type="submit" disabled={close.isPending} className="rounded-full bg-sale px-5 py-2.5 font-semibold text-white disabled:opacity-60">
            {m.mydata_close_confirm()}
          </button>
        </form>
      )}
    </section>
  )
}
