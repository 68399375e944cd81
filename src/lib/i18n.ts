/** Locale helpers on top of paraglide's runtime. */
import type { Locale } from '../../app.config'
import { getLocale, overwriteGetLocale } from '../paraglide/runtime'

export function currentLocale(): Locale {
  return getLocale() as Locale
}

export { directionOf } from '../domain/locale'

export function otherLocale(locale: Locale): Locale {
  return locale === 'ar' ? 'en' : 'ar'
}

/**
 * In the browser the locale follows the URL (paraglide's first strategy, which always matches here:
 * no prefix is Arabic, /en/ English). Paraglide works it out again from the URL on every call, and
 * every message and every link asks: hundreds of times while a page hydrates (~10 ms of main thread
 * on a phone). Remembered here until the URL changes.
 */
export function rememberLocalePerUrl(): void {
  const resolve = getLocale
  let href = ''
  let locale = ''
  overwriteGetLocale(() => {
    if (window.location.href !== href) {
      locale = resolve()
      href = window.location.href
    }
    return locale as Locale
  })
}
