/**
 * The privacy page's request form (docs/product.md, "Your data"): an email for the answer, what the request is about
 * and a note, sent to `POST /api/privacy/request`, which keeps it for the owner's console.
 */
import { useId, useState } from 'react'
import { dataRequestKinds, type DataRequestKind } from '../domain/data-requests'
import { formText } from '../lib/form-fields'
import { currentLocale } from '../lib/i18n'
import { m } from '../paraglide/messages.js'
import { FormField } from './ui/FormField'

/** What a request is about, in words (the console's list of requests says them the same way). */
export const dataRequestKindText: Record<DataRequestKind, () => string> = {
  access: m.privacy_request_access,
  correction: m.privacy_request_correction,
  erasure: m.privacy_request_erasure,
  other: m.privacy_request_other,
}

export function DataRequestForm() {
  const id = useId()
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle')
  if (state === 'sent') {
    return (
      <p role="status" className="mt-6 rounded-lg bg-brand-soft px-4 py-3 font-medium">
        {m.privacy_request_sent()}
      </p>
    )
  }
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="mt-6 space-y-4 rounded-2xl bg-white p-5"
      onSubmit={async (event) => {
        event.preventDefault()
        const form = new FormData(event.currentTarget)
        setState('sending')
        const response = await fetch(`/api/privacy/request?lang=${currentLocale()}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: formText(form, 'email').trim(), kind: formText(form, 'kind'), message: formText(form, 'message') }),
        }).catch(() => null)
        setState(response?.ok ? 'sent' : 'failed')
      }}
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {m.privacy_request_title()}
      </h2>
      <FormField label={m.privacy_request_email()} name="email" type="email" autoComplete="email" dir="ltr" required maxLength={254} />
      <div>
        <label htmlFor={`${id}-kind`} className="mb-1 block text-sm font-medium">
          {m.privacy_request_kind()}
        </label>
        <select id={`${id}-kind`} name="kind" className="h-11 w-full rounded-lg border border-line bg-white px-3">
          {dataRequestKinds.map((value) => (
            <option key={value} value={value}>
              {dataRequestKindText[value]()}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="mb-1 block text-sm font-medium">
          {m.privacy_request_message()}
        </label>
        <textarea id={`${id}-message`} name="message" rows={3} maxLength={2000} className="w-full rounded-lg border border-line px-3 py-2" />
      </div>
      {state === 'failed' && (
        <p role="alert" className="text-sm text-sale">
          {m.privacy_request_failed()}
        </p>
      )}
      <button
        type="submit"
        disabled={state === 'sending'}
        className="rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-ink disabled:opacity-60"
      >
        {m.privacy_request_send()}
      </button>
    </form>
  )
}
