/**
 * The one region type and its one reading (docs/product.md, "Validation" and "Limits"): a region is one of the
 * store's cities, written as exactly 4 digits in cookies and forms and kept as the number `RegionId` everywhere else.
 * Plain code on purpose: the city is read on every page, so this stays out of the schema library's weight.
 */
import { appConfig, regionIds, type RegionId } from '../../app.config'

const fourDigits = new RegExp(`^\\d{${appConfig.regions.idDigits}}$`)

export function isKnownRegion(id: number): id is RegionId {
  return (regionIds as readonly number[]).includes(id)
}

/** A cookie's, form's or JSON value as a region: exactly 4 digits and a known city, else null. */
export function regionFrom(value: unknown): RegionId | null {
  const digits = typeof value === 'number' ? String(value) : value
  if (typeof digits !== 'string' || !fourDigits.test(digits)) return null
  const id = Number(digits)
  return isKnownRegion(id) ? id : null
}

/** The region stock and delivery follow: the stored one when valid, else the default (1101). */
export function effectiveRegion(stored: unknown): RegionId {
  return regionFrom(stored) ?? appConfig.regions.defaultId
}

/**
 * The city after a sign-in (docs/product.md, "Accounts", "The city follows the account"): the account's cart, when
 * it holds anything, names the city, since its prices, stock and delivery are that city's and the header must agree
 * with it; with an empty cart a city the shopper chose stays, and with none chosen the account's default address
 * gives it. Null: nothing to change.
 */
export function cityAfterSignIn(input: {
  chosen: RegionId | null
  cart: { regionId: number; lines: number } | null
  defaultAddressRegion: number | null
}): RegionId | null {
  const cartCity = input.cart && input.cart.lines > 0 ? regionFrom(input.cart.regionId) : null
  const city = cartCity ?? (input.chosen === null ? regionFrom(input.defaultAddressRegion) : null)
  return city === input.chosen ? null : city
}
