/** The city popup's list (docs/product.md, "Validation"): the first (placeholder) entry skipped, filtered by a case-insensitive substring. */
import type { RegionOption } from '../domain/catalogue'

export function filterCities(regions: readonly RegionOption[], query: string): RegionOption[] {
  const needle = query.trim().toLocaleLowerCase()
  return regions.slice(1).filter((region) => region.label.toLocaleLowerCase().includes(needle))
}
