/**
 * The /search page's URL parameters, read with plain code (route configs are in the first client
 * bundle): q, page, sort (relevance or a replica order), brand (facet values, comma-separated) and cities=all (results
 * are filtered on the shopper's city unless the shopper widens them to every city).
 */
import { parsePage } from '../domain/listing'

/** Results per page of /search. */
export const searchPageSize = 24

export const searchSortKeys = ['relevance', 'price_asc', 'price_desc', 'newest'] as const
export type SearchSortKey = (typeof searchSortKeys)[number]

export interface SearchPageSearch {
  q: string
  page?: number
  sort?: Exclude<SearchSortKey, 'relevance'>
  brand?: string
  /** Every city's results; without it, only what the shopper's city has in stock (docs/product.md, "Search"). */
  cities?: 'all'
}

export function parseSearchPageSearch(input: Record<string, unknown>): SearchPageSearch {
  const q = typeof input.q === 'string' ? input.q.slice(0, 200) : ''
  const page = parsePage(input.page)
  const sort = searchSortKeys.find((k) => k !== 'relevance' && k === input.sort) as SearchPageSearch['sort']
  // Empty and whitespace-only filter values are dropped (docs/product.md, "Validation").
  const brands =
    typeof input.brand === 'string'
      ? input.brand
          .split(',')
          .map((b) => b.trim())
          .filter((b) => b !== '' && b.length <= 60)
          .slice(0, 20)
      : []
  const all = input.cities === 'all'
  return {
    q,
    ...(page && page > 1 ? { page } : {}),
    ...(sort ? { sort } : {}),
    ...(brands.length ? { brand: brands.join(',') } : {}),
    ...(all ? { cities: 'all' } : {}),
  }
}

/** What the server function is asked for a page's search. */
export function searchPageQuery(search: SearchPageSearch) {
  return {
    q: search.q,
    page: search.page ?? 1,
    sort: search.sort ?? ('relevance' as const),
    brands: search.brand ? search.brand.split(',') : [],
    allCities: search.cities === 'all',
  }
}
