/** What a language means for layout, shared by the pages and the Worker's own HTML (docs/product.md, "Languages, numbers and text"). */
import type { Locale } from '../../app.config'

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr'
}
