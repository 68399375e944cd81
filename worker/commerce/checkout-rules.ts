/**
 * Checkout in the embedded backend (docs/product.md, "Checkout"): the cart's shipping methods and delivery dates, the
 * phones verified by code, and the details an order is placed with, checked with the same rules the page uses
 * (src/domain/checkout.ts) before anything is kept.
 */
import { appConfig, type Locale } from '../../app.config'
import { computeTotals, type CartState, type CartTotals } from '../../src/domain/cart'
import { checkoutErrors, normaliseDetails, type CheckoutDetails } from '../../src/domain/checkout'
import { internationalMobile } from '../../src/domain/phone'
import { shippingMethods, type ShippingCode, type ShippingMethod } from '../../src/domain/shipping'
import { accountStore } from '../storage/account-store'
import { cachedCatalogue } from '../storage/cached-catalogue'
import { CommerceError } from './errors'

/** `totals`: the cart's, when the caller has them already (placing an order computes them once). */
export async function shippingFor(
  env: Env,
  state: CartState,
  locale: Locale,
  now: Date,
  totals: CartTotals = computeTotals(state, now),
): Promise<ShippingMethod[]> {
  // Both from KV (no trip to D1 when warm): the city's rules and showrooms, and the fast-delivery cities.
  const [delivery, fastRegionIds] = await Promise.all([cachedCatalogue(env).delivery(locale), cachedCatalogue(env).fastDeliveryRegionIds(locale)])
  const region = delivery[state.region_id]
  const products = state.lines.filter((l) => l.parent_item_id === null)
  return shippingMethods(
    {
      regionId: state.region_id,
      hasBigItem: products.some((l) => l.big_items),
      hasLines: products.length > 0,
      afterDiscounts: Math.max(0, totals.subtotal - totals.coupon_discount - totals.replacement_discount),
      fastRegionIds,
      leadDays: region?.leadDays ?? 1,
      dateCount: region?.dateCount ?? 3,
      showrooms: region?.showrooms ?? [],
      // A pre-order holds no stock in the city (the stock itself is checked again at placing).
      allInCityStock: products.every((l) => l.back_orders !== appConfig.backOrdersPreorderCode),
    },
    now,
  )
}

/** The method the cart ships with, refused when the cart's city or items do not allow it. */
export async function availableMethod(
  env: Env,
  state: CartState,
  code: ShippingCode,
  locale: Locale,
  now: Date,
  totals?: CartTotals,
): Promise<ShippingMethod> {
  const method = (await shippingFor(env, state, locale, now, totals)).find((m) => m.code === code)
  if (!method?.available) throw new CommerceError(400, method?.unavailable_reason === 'big_items' ? 'big_item_region' : 'shipping_unavailable')
  return method
}

/**
 * The details normalised, or a refusal naming the first field that breaks a rule (its message in the shopper's
 * language) and every such field in `issues`. The delivery address must be in the cart's city: stock, prices and
 * delivery follow it, and changing city is the city-change rule, not a form field. A pickup names a showroom of the
 * cart's city, and only a pickup names one (docs/product.md, "Showrooms").
 */
export function checkedDetails(details: CheckoutDetails, state: CartState, method: ShippingMethod): CheckoutDetails {
  const pickup = method.code === 'pickup'
  const showroomIds = (method.showrooms ?? []).map((s) => s.id)
  if (pickup && details.pickup_showroom && !showroomIds.includes(details.pickup_showroom)) {
    throw new CommerceError(400, 'pickup_showroom_elsewhere', {}, ['pickup_showroom'])
  }
  const errors = checkoutErrors(
    details,
    method.dates.map((d) => d.Date),
    pickup ? showroomIds : undefined,
  )
  if (!pickup && details.shipping_address && details.shipping_address.regionId !== state.region_id && !errors.includes('regionId'))
    errors.unshift('regionId')
  if (errors.length > 0) throw new CommerceError(400, 'checkout_invalid', { field: errors[0]! }, errors)
  // A pickup keeps no address, whatever was sent: it is collected from its showroom (issue 42, item 4). Only a business's
  // billing address stays, for the standard tax invoice that must name one (docs/product.md, "A tax invoice for a business").
  if (pickup) {
    const normalised = normaliseDetails(details)
    return {
      ...normalised,
      shipping_address: null,
      billing_address: normalised.business ? normalised.billing_address : null,
      pickup_showroom: details.pickup_showroom!,
    }
  }
  return { ...normaliseDetails(details), pickup_showroom: null }
}

/** Whether the contact's mobile was verified by code for this cart, or is one of the customer's verified phones. */
export async function phoneVerified(env: Env, state: CartState, mobile: string, customerId: number | null): Promise<boolean> {
  const phone = internationalMobile(mobile)
  if (!phone) return false
  if (state.verified_phones.includes(phone)) return true
  return customerId !== null && (await accountStore(env.DB).customerHasVerifiedPhone(customerId, phone))
}
