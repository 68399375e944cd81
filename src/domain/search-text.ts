/**
 * Search text rules (docs/product.md, "Languages, numbers and text", docs/product.md, "Validation"), the same at index and query time and in
 * the browser: Arabic letter forms folded (alef forms -> ا, ة -> ه, ى -> ي), tashkeel and tatweel
 * removed, Arabic-Indic and Persian digits folded to Western, Latin lower-cased without accents.
 */
import type { Locale } from '../../app.config'
import { foldDigits } from './digits'

const alefForms = /[أإآٱ]/g
const tashkeel = /[\u064B-\u065F\u0670\u06D6-\u06ED]/g
const tatweel = /\u0640/g
/** Bidi controls and zero-width characters carry no meaning for matching. */
const invisible = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g

export function normaliseSearchText(text: string): string {
  return foldDigits(text.normalize('NFKC'))
    .replace(invisible, '')
    .replace(tashkeel, '')
    .replace(tatweel, '')
    .replace(alefForms, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/**
 * Words of a normalised text: letters and digits of any script, everything else separates, but for a thousands
 * separator inside a number (18,000 and ١٨٬٠٠٠ are the word 18000, as the catalogue writes it in Arabic).
 */
export function searchWords(text: string): string[] {
  return (
    normaliseSearchText(text)
      .replace(/(\d)[,٬](?=\d{3}(?!\d))/g, '$1')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
}

const arabicLetter = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/
const latinLetter = /[A-Za-z]/

/** docs/product.md, "Validation": any Arabic letter means Arabic, Latin letters only mean English, else the fallback. */
export function searchLanguage(text: string, fallback: Locale): Locale {
  if (arabicLetter.test(text)) return 'ar'
  if (latinLetter.test(text)) return 'en'
  return fallback
}
