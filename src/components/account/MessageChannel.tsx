/**
 * The account's choice of SMS or WhatsApp for codes and order updates (docs/product.md, "Accounts";
 * docs/decisions/0036-whatsapp-channel.md): read from and saved to `/api/account/message-channel` as soon as it changes.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { m } from '../../paraglide/messages.js'

type Channel = 'sms' | 'whatsapp'
const path = '/api/account/message-channel'
const queryKey = ['account', 'message-channel']

async function call(init?: RequestInit): Promise<Channel> {
  const response = await fetch(path, { ...init, headers: { 'content-type': 'application/json' } })
  if (!response.ok) throw new Error(`message channel: ${response.status}`)
  return ((await response.json()) as { data: { channel: Channel } }).data.channel
}

const label: Record<Channel, () => string> = { sms: m.message_channel_sms, whatsapp: m.message_channel_whatsapp }

export function MessageChannel() {
  const id = useId()
  const client = useQueryClient()
  const current = useQuery({ queryKey, queryFn: () => call() })
  const [status, setStatus] = useState<'saved' | 'failed' | null>(null)
  const save = useMutation({
    mutationFn: (channel: Channel) => call({ method: 'PUT', body: JSON.stringify({ channel }) }),
    onSuccess: (channel) => {
      client.setQueryData(queryKey, channel)
      setStatus('saved')
    },
    onError: () => setStatus('failed'),
  })
  const chosen = save.isPending ? save.variables : current.data
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl bg-white p-5">
      <h2 id={`${id}-heading`} className="mb-1 text-lg font-bold">
        {m.message_channel_title()}
      </h2>
      <p className="mb-3 text-sm text-muted">{m.message_channel_hint()}</p>
      <fieldset className="flex flex-wrap gap-3" disabled={current.isPending || save.isPending}>
        <legend className="sr-only">{m.message_channel_title()}</legend>
        {(['sms', 'whatsapp'] as const).map((channel) => (
          <label
            key={channel}
            className="flex h-10 cursor-pointer items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold has-[:checked]:border-brand has-[:checked]:text-brand"
          >
            <input
              type="radio"
              name={`${id}-channel`}
              value={channel}
              checked={chosen === channel}
              onChange={() => save.mutate(channel)}
              className="accent-brand"
            />
            {label[channel]()}
          </label>
        ))}
      </fieldset>
      <p className="mt-2 text-sm" aria-live="polite">
        {status === 'saved' && chosen && <span className="text-[#00683a]">{m.message_channel_saved({ channel: label[chosen]() })}</span>}
        {status === 'failed' && <span className="text-sale">{m.message_channel_failed()}</span>}
      </p>
    </section>
  )
}
