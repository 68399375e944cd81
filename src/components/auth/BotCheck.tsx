/**
 * The bot-check widget (spec section 2): supplies a token to the form. The embedded default is a
 * checkbox whose token the test verifier accepts; with Cloudflare Turnstile configured the backend
 * verifies Turnstile tokens instead (the Turnstile widget itself is not embedded yet).
 */
import { useId } from 'react'
import { m } from '../../paraglide/messages.js'

export function BotCheck({ token, onChange, error }: { token: string; onChange: (token: string) => void; error?: string }) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="flex w-fit items-center gap-3 rounded-lg border border-line bg-surface px-4 py-3 text-sm font-medium">
        <input
          id={id}
          type="checkbox"
          checked={token !== ''}
          onChange={(event) => onChange(event.target.checked ? `embedded-${crypto.randomUUID()}` : '')}
          aria-invalid={error ? true : undefined}
          className="size-5 accent-[var(--brand)]"
        />
        {m.auth_bot_check()}
      </label>
      {error && <p className="mt-1 text-xs font-medium text-sale">{error}</p>}
    </div>
  )
}
