/**
 * The app banner on small screens (docs/product.md, "Screens"): Continue opens the app store, close hides it;
 * either way the mobile-app cookie keeps it hidden for 36,000 s.
 */
import { useState } from 'react'
import { Icon } from '../ui/Icon'
import { appConfig } from '../../../app.config'
import { mobileAppBannerCookie } from '../../domain/cookies'
import { writeBrowserCookie } from '../../lib/browser-cookies'
import { m } from '../../paraglide/messages.js'

export function AppBanner({ dismissed }: { dismissed: boolean }) {
  const [hidden, setHidden] = useState(dismissed)
  if (hidden) return null
  const dismiss = () => {
    writeBrowserCookie(mobileAppBannerCookie, 'hidden')
    setHidden(true)
  }
  return (
    <aside aria-label={m.app_banner_title()} className="flex items-center gap-3 bg-white px-3 py-2 text-sm md:hidden">
      <button type="button" onClick={dismiss} className="shrink-0 rounded-full p-1 text-muted hover:bg-surface" aria-label={m.app_banner_close()}>
        <Icon name="x" className="size-5" />
      </button>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand text-brand-ink">
        <Icon name="smartphone" className="size-5" />
      </span>
      <span className="min-w-0 flex-1 leading-tight">
        <strong className="block">{m.app_banner_title()}</strong>
        {/* Wraps rather than cut (issue 42: "Exclusive deals and easi..." at 390 px). */}
        <span className="block text-xs text-muted">{m.app_banner_text()}</span>
      </span>
      <a
        href={appConfig.store.appStoreUrl}
        target="_blank"
        rel="noopener noreferrer"
        onClick={dismiss}
        className="shrink-0 rounded-full bg-brand px-4 py-1.5 font-semibold whitespace-nowrap text-brand-ink"
      >
        {m.app_banner_continue()}
      </a>
    </aside>
  )
}
