/**
 * A business buyer's VAT number for a standard tax invoice (docs/product.md, "Validation"): 15 digits, the first and the
 * last a 3, as ZATCA registers them. Arabic-Indic and Persian digits are folded and spaces dropped, as for phones
 * (docs/product.md, "Languages, numbers and text").
 */
import { foldDigits } from './digits'

/** The VAT number as stored and sent to ZATCA, or null when it cannot be one. */
export function vatNumber(input: string): string | null {
  const digits = foldDigits(input).replace(/\s/g, '')
  return /^3\d{13}3$/.test(digits) ? digits : null
}
