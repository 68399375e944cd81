/** The compare list (docs/product.md, "Rules", "Validation" and "Limits"): skus toggled one at a time, at most 4. */
import { appConfig } from '../../app.config'

type CompareToggle = { list: string[]; outcome: 'added' | 'removed' } | { list: string[]; outcome: 'full' }

export function toggleCompare(list: readonly string[], sku: string, max = appConfig.limits.compareMax): CompareToggle {
  if (list.includes(sku)) return { list: list.filter((s) => s !== sku), outcome: 'removed' }
  if (list.length >= max) return { list: [...list], outcome: 'full' }
  return { list: [...list, sku], outcome: 'added' }
}

/**
 * Wishlist toggle (docs/product.md, "Favourites and compare"): add or remove one sku, never twice, at most
 * `wishlistMax` (the cap an account keeps too, so a guest's list always fits the account it joins).
 */
export function toggleWishlist(list: readonly string[], sku: string, max: number = appConfig.limits.wishlistMax): CompareToggle {
  if (list.includes(sku)) return { list: list.filter((s) => s !== sku), outcome: 'removed' }
  if (list.length >= max) return { list: [...list], outcome: 'full' }
  return { list: [...list, sku], outcome: 'added' }
}

/** Rows whose values are not all the same across the compared products. */
export function differingRows<T>(rows: readonly { values: readonly T[] }[]): boolean[] {
  return rows.map((row) => new Set(row.values.map((v) => JSON.stringify(v ?? null))).size > 1)
}
