/**
 * Every request shape both sides check, defined once with arktype; TypeScript types are derived with
 * `.infer` (docs/architecture.md, "The shared domain"). Server functions, the /api proxy and the
 * embedded Direct API validate with these, so a rule (the sku pattern, the known regions, a quantity
 * limit) cannot differ between the door a shopper uses and the one behind it.
 *
 * Client code imports only types from here: arktype stays out of the first client bundle
 * (docs/decisions/0001-arktype-jitless-on-workers.md).
 */
import { type } from 'arktype'
import { appConfig, type RegionId } from '../../app.config'
import { regionFrom } from './region'
import { foldDigits } from './digits'
import { localMobile } from './phone'
import { skuPattern } from './product'

export const locale = type.enumerated(...appConfig.locales.all)

export const sku = type(skuPattern)

/**
 * The key a caller gives a cart add in the `Idempotency-Key` header, so that trying it again after a lost answer adds
 * once (docs/architecture.md, "Faults"): a random id of its own, as a UUID is.
 */
export const idempotencyKey = type(/^[A-Za-z0-9_-]{8,64}$/)

/**
 * A region id as it arrives (the string of a cookie or a form, or a number in JSON): exactly 4 digits
 * (docs/product.md, "Validation") and one of the store's cities, answered as the number the backend keeps.
 */
export const regionId = type('string | number')
  .narrow((value, ctx) => regionFrom(value) !== null || ctx.mustBe('a known region'))
  .pipe((value) => regionFrom(value) as RegionId)

export const qty = type(`1 <= number.integer <= ${appConfig.cart.maxQtyPerLine}`)
export const itemId = type('1 <= number.integer <= 1000000000')
export const feeId = type('1 <= number.integer <= 100000')
export const couponCode = type(/^[A-Za-z0-9_-]{1,40}$/)
export const voucherCode = type(/^[A-Za-z0-9-]{4,40}$/)
/** A gift voucher's PIN: 4 to 8 digits. */
export const giftVoucherPin = type(/^\d{4,8}$/)

/** A service (product fee) on a cart line. */
export const productFee = type({ item_id: itemId, fee_id: feeId })
/** An ERP voucher and the phone it was issued to (any usual spelling; the backend folds it). */
export const erpVoucherBody = type({ phoneno: 'string <= 20', voucher: voucherCode })

/** A chosen option of a configurable product (colour, storage...). */
export const configurableOption = type({ option_id: /^[a-z_]{1,40}$/, option_value: '1 <= number.integer <= 1000' })
export type ConfigurableOption = typeof configurableOption.infer

/**
 * The add-to-cart line (docs/product.md, "Calls", `POST /cart/add`): what a shopper asks for, from the button
 * to the server function. Services (product fees) chosen on the product page come with it.
 */
export const cartLine = type({
  sku,
  qty,
  regionId,
  'options?': configurableOption.array().atMostLength(10),
  'feeIds?': feeId.array().atMostLength(10),
})
export type CartLine = typeof cartLine.inferIn

/** The same line on the wire of the Direct API (POST /cart/add). */
export const cartAddBody = type({
  sku,
  qty,
  extension_attributes: { region: regionId },
  'product_option?': { extension_attributes: { configurable_item_options: configurableOption.array().atMostLength(10) } },
})

/**
 * The one reshaping of a checked cart line into the Direct API's body. The region stays the number it was checked
 * as; the backend also takes the spec's string form from outside clients (`regionId` accepts both).
 */
export function cartAddBodyOf(line: { sku: string; qty: number; regionId: RegionId; options?: readonly ConfigurableOption[] }) {
  return {
    sku: line.sku,
    qty: line.qty,
    extension_attributes: { region: line.regionId },
    ...(line.options?.length ? { product_option: { extension_attributes: { configurable_item_options: [...line.options] } } } : {}),
  }
}

export const email = type('string.email <= 254')

/** A Saudi mobile typed any usual way (Arabic-Indic digits folded), answered in its local form 05XXXXXXXX. */
export const mobile = type('string <= 20')
  .pipe((value) => localMobile(value) ?? foldDigits(value))
  .to(/^05\d{8}$/)

/**
 * The checkout details' shape (docs/product.md, "Checkout"): strings of bounded length and a known city. The rules
 * of each field (4-digit building number, 5-digit postal code...) are src/domain/checkout.ts, which the page shares.
 */
export const addressFields = type({
  regionId,
  district: 'string <= 200',
  street: 'string <= 200',
  building: 'string <= 20',
  postalCode: 'string <= 20',
  additionalNumber: 'string <= 20',
  shortAddress: 'string <= 20',
  note: 'string <= 400',
})

export const checkoutDetails = type({
  contact: { name: 'string <= 200', email: 'string <= 254', mobile: 'string <= 20' },
  shipping_address: addressFields.or('null'),
  billing_address: addressFields.or('null'),
  delivery_date: /^\d{4}-\d{2}-\d{2}$/,
  'pickup_showroom?': 'string <= 64 | null',
  'business?': type({ company: 'string <= 200', vat_number: 'string <= 40' }).or('null'),
})

/** A one-time code as typed: 6 digits, Arabic-Indic digits folded. */
export const otpCode = type('string <= 20')
  .pipe((value) => foldDigits(value).replace(/\s+/g, ''))
  .to(/^\d{6}$/)

/** The registration form of docs/product.md, "Calls" (the rules of section 5 are checked by account-rules). */
export const registrationFields = type({
  firstName: 'string <= 60',
  lastName: 'string <= 60',
  email: 'string <= 254',
  phone_number: 'string <= 20',
  password: 'string <= 128',
  confirmPassword: 'string <= 128',
  terms: 'boolean',
  recaptchaToken: 'string <= 4096',
})

/** The fixed placeholders the registration payload carries. */
export const registrationPlaceholders = type({
  'profile_picture?': 'string | null',
  'dateOfBirth?': 'string | null',
  'gender?': 'string | number | null',
})

/** `resetToken`: the emailed code, or the token a checked code was exchanged for (docs/product.md, "Accounts"). */
export const passwordResetConfirmation = type({
  email: 'string.email <= 254',
  resetToken: /^(\d{6}|[A-Za-z0-9_-]{43})$/,
  newPassword: 'string <= 128',
  confirmPassword: 'string <= 128',
  recaptchaToken: 'string <= 4096',
})

/** One personalisation event (docs/product.md, "Calls", POST /api/aws/event): what the page sends, the API accepts. */
export const personalisationEvent = type({
  eventType: '/^[a-z_]{1,40}$/',
  'itemId?': 'string <= 64',
  /** An amount in SAR (a failed payment's order total). */
  'value?': '0 <= number <= 10000000',
  /** A short code that qualifies the event (a failed payment's method). */
  'detail?': '/^[a-z0-9_-]{1,32}$/',
})
export type PersonalisationEvent = typeof personalisationEvent.infer
