/** The city popup's list (docs/product.md, "Validation"): the first (placeholder) entry skipped, filtered by a case-insensitive substring. */
import type { RegionId } from '../../app.config'
import type { RegionOption } from '../domain/catalogue'

export function filterCities(regions: readonly RegionOption[], query: string): RegionOption[] {
  const needle = query.trim().toLocaleLowerCase()
  return regions.slice(1).filter((region) => region.label.toLocaleLowerCase().includes(needle))
}

/** The city's name for a region (the list carries ids as the 4-digit strings of /api/getRegions). */
export function cityName(regions: readonly RegionOption[] | undefined, region: RegionId | null): string | undefined {
  return region === null ? undefined : regions?.find((option) => option.value === String(region))?.label
}
