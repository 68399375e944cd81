/** Locale helpers on top of paraglide's runtime. */
import type { Locale } from '../../app.config'
import { getLocale } from '../paraglide/runtime'

export function currentLocale(): Locale {
  return getLocale() as Locale
}

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr'
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'ar' ? 'en' : 'ar'
}
