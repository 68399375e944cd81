/**
 * "Notify me when it is back" on a product out of stock in the shopper's city (docs/product.md, "Back-in-stock
 * alerts"), loaded only when the shopper opens it (the product page's first load has no room: docs/architecture.md,
 * "Bars"). One button does each step: the first press asks for the alert; when the contact needs proving the server
 * says `code_needed`, a code is sent to it and the form asks for the code; the server's refusals are shown as it words
 * them, in the shopper's language.
 */
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { shownMobile } from '../../domain/phone'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { sessionQueries } from '../../queries/session'

type Channel = 'sms' | 'email'
type Answer = { data?: { outcome: 'added' | 'exists' }; error?: { code: string; message: string } }

async function post(path: string, body: object): Promise<Answer> {
  try {
    const response = await fetch(`/api${path}?lang=${currentLocale()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return (await response.json()) as Answer
  } catch {
    return { error: { code: 'network', message: m.error_unavailable() } }
  }
}

export function StockAlertForm({ sku }: { sku: string }) {
  const id = useId()
  const user = useQuery(sessionQueries.current()).data?.user ?? null
  const ownMobile = user?.custom_attributes.find((a) => a.attribute_code === 'mobilenumber')?.value
  const [channel, setChannel] = useState<Channel>('sms')
  const [to, setTo] = useState(() => (ownMobile ? shownMobile(ownMobile) : ''))
  const [code, setCode] = useState('')
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  // A signed-in shopper's email alert goes to their account's email: nothing to type or prove.
  const toOwnEmail = channel === 'email' && user !== null

  function choose(next: Channel) {
    setChannel(next)
    setTo(next === 'sms' && ownMobile ? shownMobile(ownMobile) : '')
    setCodeSentTo(null)
    setCode('')
    setError(null)
  }

  async function submit() {
    setBusy(true)
    setError(null)
    const asked = await post('/stock-alerts', {
      sku,
      channel,
      ...(toOwnEmail ? {} : { to: to.trim() }),
      ...(codeSentTo ? { code: code.trim() } : {}),
    })
    if (asked.error?.code === 'code_needed' && !codeSentTo) {
      const sent = await post('/stock-alerts/code', { channel, to: to.trim() })
      if (sent.error) setError(sent.error.message)
      else setCodeSentTo(to.trim())
    } else if (asked.error) setError(asked.error.message)
    else setDone(asked.data?.outcome === 'exists' ? m.stock_alert_exists() : m.stock_alert_done())
    setBusy(false)
  }

  if (done)
    return (
      <p role="status" className="rounded-xl bg-brand-soft p-3 text-sm font-semibold text-brand">
        {done}
      </p>
    )
  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-xl border border-line p-4"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <div>
        <h2 id={`${id}-title`} className="font-bold">
          {m.stock_alert_title()}
        </h2>
        <p className="text-sm text-muted">{m.stock_alert_intro()}</p>
      </div>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        {(['sms', 'email'] as const).map((option) => (
          <label key={option} className="flex items-center gap-2">
            <input type="radio" name={`${id}-channel`} checked={channel === option} onChange={() => choose(option)} />
            {option === 'sms' ? m.stock_alert_by_sms() : m.stock_alert_by_email()}
          </label>
        ))}
      </fieldset>
      {toOwnEmail ? (
        <p className="text-sm">{m.stock_alert_own_email({ email: user.email })}</p>
      ) : (
        <label className="grid gap-1 text-sm">
          {channel === 'sms' ? m.stock_alert_mobile() : m.stock_alert_email_label()}
          <input
            value={to}
            onChange={(event) => {
              setTo(event.target.value)
              setCodeSentTo(null)
            }}
            type={channel === 'sms' ? 'tel' : 'email'}
            inputMode={channel === 'sms' ? 'numeric' : 'email'}
            autoComplete={channel === 'sms' ? 'tel-national' : 'email'}
            dir="ltr"
            required
            className="h-11 rounded-lg border border-line px-3 text-start"
          />
        </label>
      )}
      {codeSentTo && (
        <>
          <p className="text-sm">{m.stock_alert_code_sent({ to: codeSentTo })}</p>
          <label className="grid gap-1 text-sm">
            {m.stock_alert_code()}
            <input
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              maxLength={8}
              className="h-11 rounded-lg border border-line px-3 text-start tracking-widest"
            />
          </label>
        </>
      )}
      {error && (
        <p role="alert" className="text-sm font-semibold text-sale">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} className="h-11 rounded-full bg-brand px-5 font-bold text-brand-ink disabled:opacity-70">
        {m.stock_alert_submit()}
      </button>
    </form>
  )
}
