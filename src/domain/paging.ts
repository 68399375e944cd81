/**
 * The console's pages of a list, newest first (docs/product.md, "The merchant console"): a page starts after a row's
 * id, carried in the address as `before`. Read here, small, since route search rules ship with every page's route tree.
 */
export function pageStart(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : NaN
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}
