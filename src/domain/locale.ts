/** What a language means for layout, shared by the pages and the Worker's own HTML (docs/product.md, "Languages, numbers and text"). */
import type { Locale } from '../../app.config'

/** A page's language from its path alone: English under /en, Arabic everywhere else (docs/product.md, "Languages, numbers and text"). */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'ar'
}

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr'
}
