/**
 * The seller's legal identity (docs/product.md, "Who uses it"): its registered name in both languages, its VAT number
 * and its commercial registration, from configuration (wrangler.toml [vars]: SELLER_NAME_AR, SELLER_NAME_EN,
 * SELLER_VAT_NUMBER, SELLER_CR_NUMBER), never from content. Shown in the footer only when set; a number that is not
 * one is treated as unset rather than shown wrong. ZATCA's VAT registration numbers are 15 digits starting and ending
 * with 3; a Saudi commercial registration number is 10 digits.
 *
 * The seller's registered address is its National Address (SELLER_BUILDING_NUMBER, SELLER_STREET, SELLER_DISTRICT,
 * SELLER_CITY, SELLER_POSTAL_CODE, SELLER_ADDITIONAL_NUMBER), which every tax invoice carries (ZATCA's BR-KSA-09: street,
 * building number, district, city and postal code; BR-KSA-37: a building number of 4 digits; BR-KSA-66: a postal code
 * of 5 digits; docs/decisions/0016-zatca-invoices.md). Incomplete or malformed, it is no address: invoices are not
 * issued in production without one (scripts/deploy-settings.ts).
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
  SELLER_BUILDING_NUMBER?: string
  SELLER_STREET?: string
  SELLER_DISTRICT?: string
  SELLER_CITY?: string
  SELLER_POSTAL_CODE?: string
  SELLER_ADDITIONAL_NUMBER?: string
}

const vatNumber = /^3\d{13}3$/
const crNumber = /^\d{10}$/

export function sellerIdentity(settings: SellerSettings, locale: Locale): SellerIdentity {
  const name = (locale === 'ar' ? settings.SELLER_NAME_AR : settings.SELLER_NAME_EN)?.trim() || null
  const vat = settings.SELLER_VAT_NUMBER?.trim() ?? ''
  const cr = settings.SELLER_CR_NUMBER?.trim() ?? ''
  return { name, vatNumber: vatNumber.test(vat) ? vat : null, crNumber: crNumber.test(cr) ? cr : null }
}

/** A Saudi National Address as ZATCA's invoice carries it (UBL cac:PostalAddress). */
export interface NationalAddress {
  /** 4 digits (BR-KSA-37). */
  building_number: string
  street: string
  district: string
  city: string
  /** 5 digits (BR-KSA-66). */
  postal_code: string
  /** 4 digits, or null when not given (UBL cbc:PlotIdentification). */
  additional_number: string | null
}

/** The seller's National Address from the settings, or null when a field is missing or malformed. */
export function sellerAddress(settings: SellerSettings): NationalAddress | null {
  return nationalAddress({
    building_number: settings.SELLER_BUILDING_NUMBER,
    street: settings.SELLER_STREET,
    district: settings.SELLER_DISTRICT,
    city: settings.SELLER_CITY,
    postal_code: settings.SELLER_POSTAL_CODE,
    additional_number: settings.SELLER_ADDITIONAL_NUMBER,
  })
}

/** The address when every field ZATCA requires is there and well formed (the rules above), else null. */
export function nationalAddress(fields: { [K in keyof NationalAddress]?: string | null }): NationalAddress | null {
  const field = (value: string | null | undefined) => value?.trim() ?? ''
  const address = {
    building_number: field(fields.building_number),
    street: field(fields.street),
    district: field(fields.district),
    city: field(fields.city),
    postal_code: field(fields.postal_code),
    additional_number: field(fields.additional_number) || null,
  }
  if (!/^\d{4}$/.test(address.building_number) || !/^\d{5}$/.test(address.postal_code)) return null
  if (!address.street || !address.district || !address.city) return null
  if (address.additional_number !== null && !/^\d{4}$/.test(address.additional_number)) return null
  return address
}
