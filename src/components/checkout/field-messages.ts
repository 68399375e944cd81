/**
 * What the checkout page says under a field that breaks its rule (src/domain/checkout.ts). The Worker says the same
 * for the first such field (worker/commerce/errors.ts); the billing address's fields read like the delivery's.
 */
import type { CheckoutField } from '../../domain/checkout'
import { m } from '../../paraglide/messages.js'

const messages: Record<string, () => string> = {
  name: m.checkout_error_name,
  email: m.checkout_error_email,
  mobile: m.checkout_error_mobile,
  regionId: m.checkout_error_city,
  district: m.checkout_error_district,
  street: m.checkout_error_street,
  building: m.checkout_error_building,
  postalCode: m.checkout_error_postal_code,
  additionalNumber: m.checkout_error_additional_number,
  shortAddress: m.checkout_error_short_address,
  note: m.checkout_error_note,
  delivery_date: m.checkout_error_delivery_date,
  pickup_showroom: m.checkout_error_pickup_showroom,
  company: m.checkout_error_company,
  vat_number: m.checkout_error_vat_number,
  shipping_method: m.checkout_shipping_unavailable,
  phone_verified: m.checkout_phone_unverified,
}

export function checkoutFieldMessage(field: CheckoutField): string {
  return (messages[field.replace(/^billing_/, '')] ?? m.checkout_fix_errors)()
}

export type FieldErrors = Partial<Record<CheckoutField, string>>
