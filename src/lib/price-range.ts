/** The price filter's typed range (the category page's price form). */
import { foldDigits } from '../domain/digits'

export type PriceRangeError = 'not_whole_riyals' | 'max_below_min'

/**
 * The price range a shopper typed: whole riyals, Arabic-Indic and Persian digits folded, thousands
 * separators allowed, empty means no bound. Anything else is refused with a reason the form shows.
 */
export function parsePriceRange(minText: string, maxText: string): { price_min?: number; price_max?: number } | { error: PriceRangeError } {
  const read = (text: string): number | undefined | null => {
    const cleaned = foldDigits(text).replace(/[\s,٬]/g, '')
    if (cleaned === '') return undefined
    return /^\d{1,7}$/.test(cleaned) ? Number(cleaned) : null
  }
  const min = read(minText)
  const max = read(maxText)
  if (min === null || max === null) return { error: 'not_whole_riyals' }
  if (min !== undefined && max !== undefined && max < min) return { error: 'max_below_min' }
  return { ...(min ? { price_min: min } : {}), ...(max !== undefined ? { price_max: max } : {}) }
}
