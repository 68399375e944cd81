/**
 * Search-param parsing for routes. Kept to plain code on purpose: route configs are in the first
 * client bundle, and a schema library there would cost more than everything it validates.
 */

/** A page number from the URL: an integer from 1 to max, or undefined for anything else. */
export function parsePage(value: unknown, max = 1000): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined
}
