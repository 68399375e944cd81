/**
 * The en/ar toggle: the same page in the other language (slugs are the same in both, so only the
 * /en prefix changes). A full load, so lang, dir and every string switch together; the choice is
 * remembered in NEXT_LOCALE.
 */
import { useLocation } from '@tanstack/react-router'
import { currentLocale, otherLocale } from '../../lib/i18n'
import { localeCookie } from '../../domain/cookies'
import { writeBrowserCookie } from '../../lib/browser-cookies'
import { m } from '../../paraglide/messages.js'
import { localizeHref } from '../../paraglide/runtime'

export function LanguageToggle({ className = '' }: { className?: string }) {
  const location = useLocation()
  const target = otherLocale(currentLocale())
  const href = localizeHref(location.href, { locale: target })
  return (
    <a
      href={href}
      hrefLang={target}
      lang={target}
      aria-label={m.header_language_switch_label()}
      onClick={() => writeBrowserCookie(localeCookie, target)}
      className={`rounded-lg px-2 py-1 text-sm font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-ink ${className}`}
    >
      {m.header_language_switch()}
    </a>
  )
}
