/**
 * The checkout form's rules (docs/product.md, "Checkout"), pure and shared: the page checks them as the shopper
 * submits, and the Worker checks them again before it keeps or places anything. Each answers the fields that break
 * a rule, in the order the form shows them, so the page can move focus to the first.
 *
 * The address is the Saudi National Address: city (one of the store's regions), district, street, a 4-digit building
 * number, a 5-digit postal code, an optional 4-digit additional number, an optional short address (4 letters and 4
 * digits, e.g. RRRD2929) and a note for the courier. Digits may be typed in Arabic-Indic or Persian forms.
 */
import { appConfig } from '../../app.config'
import { checkoutRules } from '../../config/checkout-rules'
import { isEmail } from './account-rules'
import { foldDigits } from './digits'
import { localMobile } from './phone'
import { isKnownRegion } from './region'
import { isPersonName, isReadableText } from './typed-text'
import { vatNumber } from './vat-number'

interface ContactFields {
  name: string
  email: string
  mobile: string
}

export interface AddressFields {
  regionId: number
  district: string
  street: string
  building: string
  postalCode: string
  additionalNumber: string
  shortAddress: string
  note: string
  /**
   * Set by the backend only, never taken from a form: true when Saudi Post confirmed the address (its fields are then
   * SPL's), false when it could not be checked (worker/commerce/address-check.ts); absent on older orders.
   */
  verified?: boolean
}

/** A customer's saved address (docs/product.md, "Accounts"). */
export interface SavedAddress {
  id: number
  address: AddressFields
  is_default: boolean
}

/** What the shopper gives at checkout, kept on the cart and copied onto the order. */
export interface CheckoutDetails {
  contact: ContactFields
  /** Null for a pickup: it is collected from its showroom, so no address is asked (issue 42, item 4). */
  shipping_address: AddressFields | null
  /** Null: bill to the delivery address (the spec's editBillingAddress is off). */
  billing_address: AddressFields | null
  delivery_date: string
  /** Pickup only: the showroom of the cart's city the order is collected from (docs/product.md, "Showrooms"). */
  pickup_showroom?: string | null
  /**
   * A business buyer who wants a standard tax invoice (docs/product.md, "Checkout", "A tax invoice for a business"):
   * the registered name and VAT number. The invoice names the billing address, else the delivery address; a pickup
   * with a business asks for the billing address, since it has no other.
   */
  business?: BusinessBuyer | null
}

/** A business as a standard tax invoice names it (ZATCA BR-KSA-42 and BR-KSA-44). */
export interface BusinessBuyer {
  company: string
  /** 15 digits, the first and the last a 3 (./vat-number.ts). */
  vat_number: string
}

type ContactField = keyof ContactFields
type AddressField = keyof AddressFields
export type CheckoutField =
  | ContactField
  | AddressField
  | `billing_${AddressField}`
  | keyof BusinessBuyer
  | 'delivery_date'
  | 'pickup_showroom'
  | 'shipping_method'
  | 'phone_verified'

const limits = checkoutRules
const squash = (text: string) => text.trim().replace(/\s+/g, ' ')
const digitsOnly = (text: string) => foldDigits(text).replace(/\s+/g, '')

/** The contact as it is kept: one space between words, the mobile as 05XXXXXXXX when it is one. */
function normaliseContact(contact: ContactFields): ContactFields {
  const mobile = squash(contact.mobile)
  return { name: squash(contact.name), email: contact.email.trim().toLowerCase(), mobile: localMobile(mobile) ?? foldDigits(mobile) }
}

/** The address as it is kept: digits folded and unspaced, the short address in capitals, words single-spaced. */
export function normaliseAddress(address: AddressFields): AddressFields {
  return {
    regionId: address.regionId,
    district: squash(address.district),
    street: squash(address.street),
    building: digitsOnly(address.building),
    postalCode: digitsOnly(address.postalCode),
    additionalNumber: digitsOnly(address.additionalNumber),
    shortAddress: foldDigits(address.shortAddress).replace(/\s+/g, '').toUpperCase(),
    note: address.note.trim(),
  }
}

/** A short address as typed (any case, spaces, Arabic-Indic digits) in its kept form, or null when it is not 4 letters and 4 digits. */
export function shortAddressOf(typed: string): string | null {
  const folded = foldDigits(typed).replace(/\s+/g, '').toUpperCase()
  return /^[A-Z]{4}\d{4}$/.test(folded) ? folded : null
}

const between = (text: string, min: number, max: number) => text.length >= min && text.length <= max

/** The contact fields that break a rule (after normalising), in form order. */
export function contactErrors(raw: ContactFields): ContactField[] {
  const c = normaliseContact(raw)
  const errors: ContactField[] = []
  if (!between(c.name, appConfig.name.minLength, limits.nameMaxLength) || !isPersonName(c.name)) errors.push('name')
  if (!isEmail(c.email)) errors.push('email')
  if (localMobile(c.mobile) === null) errors.push('mobile')
  return errors
}

/** The address fields that break a rule (after normalising), in form order. */
export function addressErrors(raw: AddressFields): AddressField[] {
  const a = normaliseAddress(raw)
  const errors: AddressField[] = []
  if (!isKnownRegion(a.regionId)) errors.push('regionId')
  if (!between(a.district, 2, limits.districtMaxLength) || !isReadableText(a.district)) errors.push('district')
  if (!between(a.street, 2, limits.streetMaxLength) || !isReadableText(a.street)) errors.push('street')
  if (!/^\d{4}$/.test(a.building)) errors.push('building')
  if (!/^\d{5}$/.test(a.postalCode)) errors.push('postalCode')
  if (!/^(\d{4})?$/.test(a.additionalNumber)) errors.push('additionalNumber')
  if (!/^([A-Z]{4}\d{4})?$/.test(a.shortAddress)) errors.push('shortAddress')
  if (a.note.length > limits.noteMaxLength || !isReadableText(a.note)) errors.push('note')
  return errors
}

/** The business's fields that break a rule: a registered name of 2 to 120 readable characters, a VAT number. */
function businessErrors(business: BusinessBuyer): (keyof BusinessBuyer)[] {
  const company = squash(business.company)
  return [
    ...(between(company, 2, limits.companyMaxLength) && isReadableText(company) ? [] : (['company'] as const)),
    ...(vatNumber(business.vat_number) ? [] : (['vat_number'] as const)),
  ]
}

/**
 * Every field of the details that breaks a rule, in form order: contact, delivery address, billing address, the
 * business, date, and for a pickup (`pickupShowrooms`: the ids of the cart's city's showrooms) the showroom.
 */
export function checkoutErrors(details: CheckoutDetails, deliveryDates: readonly string[], pickupShowrooms?: readonly string[]): CheckoutField[] {
  // A pickup keeps a billing address only for a business's invoice, which must name one.
  const billing = pickupShowrooms && !details.business ? null : details.billing_address
  const billingMissing = pickupShowrooms && details.business && !details.billing_address
  return [
    ...contactErrors(details.contact),
    // A pickup asks for no address; a delivery without one breaks its first field.
    ...(pickupShowrooms ? [] : details.shipping_address ? addressErrors(details.shipping_address) : (['district'] as const)),
    ...(billing ? addressErrors(billing).map((f) => `billing_${f}` as const) : billingMissing ? (['billing_district'] as const) : []),
    ...(details.business ? businessErrors(details.business) : []),
    ...(deliveryDates.includes(details.delivery_date) ? [] : (['delivery_date'] as const)),
    ...(pickupShowrooms && !pickupShowrooms.includes(details.pickup_showroom ?? '') ? (['pickup_showroom'] as const) : []),
  ]
}

/** The details as they are kept, every field normalised. */
export function normaliseDetails(details: CheckoutDetails): CheckoutDetails {
  return {
    contact: normaliseContact(details.contact),
    shipping_address: details.shipping_address ? normaliseAddress(details.shipping_address) : null,
    billing_address: details.billing_address ? normaliseAddress(details.billing_address) : null,
    delivery_date: details.delivery_date,
    pickup_showroom: details.pickup_showroom ?? null,
    business: details.business ? { company: squash(details.business.company), vat_number: vatNumber(details.business.vat_number) ?? '' } : null,
  }
}
