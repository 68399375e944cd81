/**
 * The Direct API's one error shape: `{message, code, parameters}` with an HTTP status, the message in
 * the language of the caller's handshake (docs/product.md, "Errors" shows server messages to the shopper).
 */
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type Locale } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { unauthorizedWireMessage } from '../../src/domain/session-end'
import { m } from '../../src/paraglide/messages.js'
import { currentRequestId } from '../http/request-context'
import type { CommerceEnv } from './context'
import { isStorageOutage, outageRetryAfterSeconds } from '../http/outage'

const commerceMessages = {
  // The wire contract, the same in every language (src/domain/session-end.ts).
  unauthorized: () => unauthorizedWireMessage,
  out_of_stock: (_: unknown, l: Locale) => m.commerce_out_of_stock({}, { locale: l }),
  big_item_region: (_: unknown, l: Locale) => m.commerce_big_item_region({}, { locale: l }),
  qty_unavailable: (_: unknown, l: Locale) => m.commerce_qty_unavailable({}, { locale: l }),
  too_many_lines: (_: unknown, l: Locale) => m.commerce_too_many_lines({}, { locale: l }),
  item_not_found: (_: unknown, l: Locale) => m.commerce_item_not_found({}, { locale: l }),
  cart_not_found: (_: unknown, l: Locale) => m.commerce_cart_not_found({}, { locale: l }),
  cart_ordered: (_: unknown, l: Locale) => m.commerce_cart_ordered({}, { locale: l }),
  cart_empty: (_: unknown, l: Locale) => m.commerce_cart_empty({}, { locale: l }),
  product_not_found: (_: unknown, l: Locale) => m.commerce_product_not_found({}, { locale: l }),
  not_for_sale: (_: unknown, l: Locale) => m.commerce_not_for_sale({}, { locale: l }),
  options_required: (_: unknown, l: Locale) => m.commerce_options_required({}, { locale: l }),
  coupon_invalid: (p: { code?: string } | undefined, l: Locale) => m.commerce_coupon_invalid({ code: p?.code ?? '' }, { locale: l }),
  coupon_minimum: (p: { amount?: number } | undefined, l: Locale) => m.commerce_coupon_minimum({ amount: p?.amount ?? 0 }, { locale: l }),
  voucher_invalid: (_: unknown, l: Locale) => m.commerce_voucher_invalid({}, { locale: l }),
  voucher_spent: (_: unknown, l: Locale) => m.commerce_voucher_spent({}, { locale: l }),
  voucher_locked: (p: { minutes?: number } | undefined, l: Locale) => m.commerce_voucher_locked({ minutes: p?.minutes ?? 60 }, { locale: l }),
  erp_voucher_locked: (p: { minutes?: number } | undefined, l: Locale) => m.commerce_erp_voucher_locked({ minutes: p?.minutes ?? 60 }, { locale: l }),
  coupon_used_up: (p: { code?: string } | undefined, l: Locale) => m.commerce_coupon_used_up({ code: p?.code ?? '' }, { locale: l }),
  coupon_customer_limit: (p: { code?: string } | undefined, l: Locale) => m.commerce_coupon_customer_limit({ code: p?.code ?? '' }, { locale: l }),
  coupon_changed: (p: { code?: string } | undefined, l: Locale) => m.commerce_coupon_changed({ code: p?.code ?? '' }, { locale: l }),
  replacement_not_eligible: (_: unknown, l: Locale) => m.commerce_replacement_not_eligible({}, { locale: l }),
  payment_unavailable: (_: unknown, l: Locale) => m.commerce_payment_unavailable({}, { locale: l }),
  order_rate_limited: (p: { minutes?: number } | undefined, l: Locale) => m.commerce_order_rate_limited({ minutes: p?.minutes ?? 60 }, { locale: l }),
  cod_open_limit: (p: { count?: number } | undefined, l: Locale) => m.commerce_cod_open_limit({ count: p?.count ?? 2 }, { locale: l }),
  order_not_found: (_: unknown, l: Locale) => m.commerce_order_not_found({}, { locale: l }),
  order_not_cancellable: (_: unknown, l: Locale) => m.commerce_order_not_cancellable({}, { locale: l }),
  order_not_returnable: (_: unknown, l: Locale) => m.commerce_order_not_returnable({ days: serverLimits.orders.returnDays }, { locale: l }),
  checkout_invalid: (p: { field?: string } | undefined, l: Locale) => checkoutFieldMessage(p?.field, l),
  phone_unverified: (_: unknown, l: Locale) => m.checkout_phone_unverified({}, { locale: l }),
  address_not_found: (_: unknown, l: Locale) => m.commerce_address_not_found({}, { locale: l }),
  short_address_not_found: (_: unknown, l: Locale) => m.commerce_short_address_not_found({}, { locale: l }),
  short_address_other_city: (p: { city?: string } | undefined, l: Locale) =>
    m.commerce_short_address_other_city({ city: p?.city ?? '' }, { locale: l }),
  national_address_not_found: (_: unknown, l: Locale) => m.commerce_national_address_not_found({}, { locale: l }),
  address_limit: (p: { count?: number } | undefined, l: Locale) => m.commerce_address_limit({ count: p?.count ?? 20 }, { locale: l }),
  lookup_rate_limited: (p: { minutes?: number } | undefined, l: Locale) =>
    m.commerce_lookup_rate_limited({ minutes: p?.minutes ?? 60 }, { locale: l }),
  shipping_unavailable: (_: unknown, l: Locale) => m.checkout_shipping_unavailable({}, { locale: l }),
  pickup_showroom_elsewhere: (_: unknown, l: Locale) => m.commerce_pickup_showroom_elsewhere({}, { locale: l }),
  otp_invalid: (_: unknown, l: Locale) => m.account_otp_invalid({}, { locale: l }),
  otp_expired: (_: unknown, l: Locale) => m.account_otp_expired({}, { locale: l }),
  otp_too_many: (_: unknown, l: Locale) => m.account_otp_too_many({}, { locale: l }),
  otp_wait: (p: { seconds?: number } | undefined, l: Locale) => m.account_otp_wait({ seconds: p?.seconds ?? 60 }, { locale: l }),
  otp_rate_limited: (_: unknown, l: Locale) => m.account_otp_rate_limited({}, { locale: l }),
  phone_registered: (_: unknown, l: Locale) => m.account_phone_registered({}, { locale: l }),
  email_registered: (_: unknown, l: Locale) => m.account_email_registered({}, { locale: l }),
  contact_unchanged: (p: { channel?: string } | undefined, l: Locale) =>
    p?.channel === 'email' ? m.account_email_unchanged({}, { locale: l }) : m.account_mobile_unchanged({}, { locale: l }),
  current_password_wrong: (_: unknown, l: Locale) => m.account_current_password_wrong({}, { locale: l }),
  account_orders_open: (p: { count?: number } | undefined, l: Locale) => m.account_close_orders_open({ count: p?.count ?? 1 }, { locale: l }),
  wishlist_full: (p: { count?: number } | undefined, l: Locale) => m.wishlist_full({ count: p?.count ?? 100 }, { locale: l }),
  invalid_credentials: (_: unknown, l: Locale) => m.account_invalid_credentials({}, { locale: l }),
  locked: (p: { seconds?: number } | undefined, l: Locale) => m.account_locked({ seconds: p?.seconds ?? 1 }, { locale: l }),
  bot_check_failed: (_: unknown, l: Locale) => m.account_bot_check_failed({}, { locale: l }),
  reset_invalid: (_: unknown, l: Locale) => m.account_reset_invalid({}, { locale: l }),
  verification_invalid: (_: unknown, l: Locale) => m.account_verification_invalid({}, { locale: l }),
  bad_request: (_: unknown, l: Locale) => m.commerce_bad_request({}, { locale: l }),
  internal: (_: unknown, l: Locale) => m.commerce_internal({}, { locale: l }),
  unavailable: (_: unknown, l: Locale) => m.error_unavailable({}, { locale: l }),
} as const

/** The message of the first checkout field that breaks a rule (src/domain/checkout.ts), in the shopper's language. */
function checkoutFieldMessage(field: string | undefined, locale: Locale): string {
  const name = field?.replace(/^billing_/, '')
  const o = { locale }
  const messages: Record<string, () => string> = {
    name: () => m.checkout_error_name({}, o),
    email: () => m.checkout_error_email({}, o),
    mobile: () => m.checkout_error_mobile({}, o),
    regionId: () => m.checkout_error_city({}, o),
    district: () => m.checkout_error_district({}, o),
    street: () => m.checkout_error_street({}, o),
    building: () => m.checkout_error_building({}, o),
    postalCode: () => m.checkout_error_postal_code({}, o),
    additionalNumber: () => m.checkout_error_additional_number({}, o),
    shortAddress: () => m.checkout_error_short_address({}, o),
    note: () => m.checkout_error_note({}, o),
    delivery_date: () => m.checkout_error_delivery_date({}, o),
    pickup_showroom: () => m.checkout_error_pickup_showroom({}, o),
    company: () => m.checkout_error_company({}, o),
    vat_number: () => m.checkout_error_vat_number({}, o),
  }
  return (messages[name ?? ''] ?? (() => m.commerce_bad_request({}, o)))()
}

type CommerceErrorCode = keyof typeof commerceMessages

export class CommerceError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: CommerceErrorCode,
    readonly parameters?: Record<string, string | number>,
    readonly issues: string[] = [],
  ) {
    super(code)
  }
}

export function commerceErrorBody(locale: Locale, code: CommerceErrorCode, parameters?: Record<string, string | number>, issues: string[] = []) {
  const message = (commerceMessages[code] as (p: unknown, l: Locale) => string)(parameters, locale)
  return { message, code, parameters: parameters ?? {}, issues, requestId: currentRequestId() }
}

export function onCommerceError(error: Error, c: Context<CommerceEnv>): Response {
  const locale = c.get('locale') ?? 'ar'
  if (error instanceof CommerceError) return c.json(commerceErrorBody(locale, error.code, error.parameters, error.issues), error.status)
  if (error instanceof HTTPException && error.status < 500) {
    return c.json(commerceErrorBody(locale, 'bad_request', undefined, [error.message]), error.status === 413 ? 413 : 400)
  }
  console.error(JSON.stringify({ level: 'error', id: currentRequestId(), message: error.message, stack: error.stack }))
  if (isStorageOutage(error)) {
    c.header('retry-after', String(outageRetryAfterSeconds))
    return c.json(commerceErrorBody(locale, 'unavailable'), 503)
  }
  return c.json(commerceErrorBody(locale, 'internal'), 500)
}
