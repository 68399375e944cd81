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
