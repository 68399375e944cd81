/**
 * The seller's legal identity (docs/product.md, "Who uses it"): its registered name in both languages, its VAT number
 * and its commercial registration, from configuration (wrangler.toml [vars]: SELLER_NAME_AR, SELLER_NAME_EN,
 * SELLER_VAT_NUMBER, SELLER_CR_NUMBER), never from content. Shown in the footer only when set; a number that is not
 * one is treated as unset rather than shown wrong. ZATCA's VAT registration numbers are 15 digits starting and ending
 * with 3; a Saudi commercial registration number is 10 digits.
 */
import type { Locale } from '../../app.config'

export interface SellerIdentity {
  name: string | null
  vatNumber: string | null
  crNumber: string | null
}

interface SellerSettings {
  SELLER_NAME_AR?: string
  SELLER_NAME_EN?: string
  SELLER_VAT_NUMBER?: string
  SELLER_CR_NUMBER?: string
}

const vatNumber = /^3\d{13}3$/
const crNumber = /^\d{10}$/

export function sellerIdentity(settings: SellerSettings, locale: Locale): SellerIdentity {
  const name = (locale === 'ar' ? settings.SELLER_NAME_AR : settings.SELLER_NAME_EN)?.trim() || null
  const vat = settings.SELLER_VAT_NUMBER?.trim() ?? ''
  const cr = settings.SELLER_CR_NUMBER?.trim() ?? ''
  return { name, vatNumber: vatNumber.test(vat) ? vat : null, crNumber: crNumber.test(cr) ? cr : null }
}
