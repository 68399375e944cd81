/** The 404 page. */
import { MessagePage } from './MessagePage'
import { m } from '../paraglide/messages.js'
import { usePageHydrated } from '../lib/early-tap'

export function NotFound() {
  usePageHydrated()
  return (
    <MessagePage
      art={<p className="text-6xl font-black text-brand">404</p>}
      title={m.not_found_title()}
      text={m.not_found_text()}
      action={{ to: '/', label: m.not_found_home() }}
    />
  )
}
