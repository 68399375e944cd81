import type { ListingSearch } from '../../domain/listing'

/** How many filters are chosen (for the phone's Filter button). */
export function chosenFilterCount(search: ListingSearch): number {
  return (
    (search.brand?.split(',').length ?? 0) +
    (search.delivery?.split(',').length ?? 0) +
    (search.price_min !== undefined || search.price_max !== undefined ? 1 : 0) +
    (search.in_stock ? 1 : 0) +
    (search.city ? 1 : 0)
  )
}
