/**
 * The /search page's filters: brand (counted over every other filter, so a chosen brand stays listed)
 * and availability in the shopper's city (on unless widened to every city). Each change is a new URL and goes back to page 1.
 */
import type { SearchPageSearch } from '../../lib/search-page-params'
import { m } from '../../paraglide/messages.js'
import { Check, Group, toggled } from '../listing/FilterControls'

interface SearchFiltersProps {
  brands: { value: string; label: string; count: number }[]
  /** The shopper's city, named by the server with the results (so server and browser agree). */
  city: string
  search: SearchPageSearch
  onChange: (next: SearchPageSearch) => void
}

export function SearchFilters({ brands, city, search, onChange }: SearchFiltersProps) {
  const chosen = search.brand ? search.brand.split(',') : []
  return (
    <div>
      <Group title={m.filters_availability()}>
        <Check
          label={m.filters_in_city({ city })}
          checked={search.cities !== 'all'}
          onChange={() => onChange({ ...search, cities: search.cities === 'all' ? undefined : 'all', page: undefined })}
        />
      </Group>
      {brands.length > 0 && (
        <Group title={m.filters_brand()}>
          {brands.map((brand) => (
            <Check
              key={brand.value}
              label={brand.label}
              count={brand.count}
              checked={chosen.includes(brand.value)}
              onChange={() => onChange({ ...search, brand: toggled(search.brand, brand.value), page: undefined })}
            />
          ))}
        </Group>
      )}
    </div>
  )
}
