/**
 * The bot-check widget (docs/product.md, "Screens"): supplies a token to the form. With a Turnstile site key
 * configured it renders Cloudflare Turnstile (explicit rendering, in the page's language) and the
 * backend verifies with TURNSTILE_SECRET; otherwise the embedded default is a checkbox whose token
 * the test verifier accepts.
 */
import { useEffect, useEffectEvent, useId, useRef } from 'react'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { useFrameData } from '../frame/frame-data'

interface BotCheckProps {
  token: string
  onChange: (token: string) => void
  error?: string
}

export function BotCheck(props: BotCheckProps) {
  const siteKey = useFrameData()?.turnstileSiteKey
  return (
    <div>
      {siteKey ? <Turnstile siteKey={siteKey} {...props} /> : <EmbeddedCheck {...props} />}
      {props.error && <p className="mt-1 text-xs font-medium text-sale">{props.error}</p>}
    </div>
  )
}

function EmbeddedCheck({ token, onChange, error }: BotCheckProps) {
  const id = useId()
  return (
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
  )
}

interface TurnstileApi {
  render(element: HTMLElement, options: Record<string, unknown>): string
  reset(widgetId: string): void
  remove(widgetId: string): void
}

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

const scriptUrl = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
let scriptLoading: Promise<TurnstileApi> | null = null

function loadTurnstile(): Promise<TurnstileApi> {
  scriptLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = scriptUrl
    script.async = true
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('turnstile missing')))
    script.onerror = () => {
      scriptLoading = null
      reject(new Error('turnstile failed to load'))
    }
    document.head.appendChild(script)
  })
  return scriptLoading
}

function Turnstile({ siteKey, token, onChange }: BotCheckProps & { siteKey: string }) {
  const container = useRef<HTMLDivElement>(null)
  const widget = useRef<string | null>(null)
  // The widget keeps the callbacks it was rendered with: they call the form's latest onChange.
  const change = useEffectEvent((value: string) => onChange(value))

  useEffect(() => {
    let cancelled = false
    void loadTurnstile()
      .then((api) => {
        if (cancelled || !container.current) return
        widget.current = api.render(container.current, {
          sitekey: siteKey,
          language: currentLocale(),
          callback: (value: string) => change(value),
          'expired-callback': () => change(''),
          'error-callback': () => change(''),
        })
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
      if (widget.current) window.turnstile?.remove(widget.current)
    }
  }, [siteKey])

  // A token is single use: after a refusal the form clears it, and the widget issues a new one.
  useEffect(() => {
    if (token === '' && widget.current) window.turnstile?.reset(widget.current)
  }, [token])

  return <div ref={container} className="min-h-[65px]" aria-label={m.auth_bot_check()} />
}
