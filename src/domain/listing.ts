/**
 * Search-param parsing for routes. Kept to plain code on purpose: route configs are in the first
 * client bundle, and a schema library there would cost more than everything it validates.
 */
import { foldDigits } from './digits'

/**
 * A page number from the URL (in any digits), moved to the nearest page there can be: 1.5 is 1, -1 is 1,
 * 99999 is `max` (docs/product.md, "Screens"); anything that is no number is undefined (the first page).
 */
export function parsePage(value: unknown, max = 1000): number | undefined {
  const text = typeof value === 'string' ? foldDigits(value).trim() : ''
  const n = typeof value === 'number' ? value : /^-?\d{1,9}(\.\d+)?$/.test(text) ? Number(text) : Number.NaN
  return Number.isFinite(n) ? Math.min(max, Math.max(1, Math.floor(n))) : undefined
}

export const sortKeys = ['popular', 'newest', 'price_asc', 'price_desc'] as const
export type SortKey = (typeof sortKeys)[number]

export const deliveryFacetKeys = ['within_24_hours', 'fast', 'standard', 'big_item_elsewhere'] as const
export type DeliveryFacetKey = (typeof deliveryFacetKeys)[number]

/**
 * The listing's filters in the URL (category and search pages): short, shareable and the same in
 * both languages. Lists are comma-separated; empty and whitespace-only values are dropped (docs/product.md, "Screens"
 * section 5); every value is checked against what it may be.
 */
export interface ListingSearch {
  page?: number
  sort?: Exclude<SortKey, 'popular'>
  /** Brand keys (the brand's slug), comma-separated. */
  brand?: string
  price_min?: number
  price_max?: number
  /** Only products in stock somewhere (stock.is_in_stock). */
  in_stock?: 1
  /** Only products available in the shopper's city. */
  city?: 1
  delivery?: string
}

const brandKey = /^[a-z0-9-]{1,40}$/
const maxBrands = 20

function parseList(value: unknown, allowed: (item: string) => boolean): string | undefined {
  if (typeof value !== 'string') return undefined
  const items = [
    ...new Set(
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '' && allowed(item)),
    ),
  ].slice(0, maxBrands)
  return items.length > 0 ? items.join(',') : undefined
}

function parseSar(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,7}$/.test(value.trim()) ? Number(value) : Number.NaN
  return Number.isInteger(n) && n >= 0 && n <= 1_000_000 ? n : undefined
}

const isFlag = (value: unknown) => value === 1 || value === '1' || value === true || value === 'true'

export function parseListingSearch(input: Record<string, unknown>): ListingSearch {
  const search: ListingSearch = {}
  const page = parsePage(input.page)
  if (page !== undefined && page > 1) search.page = page
  const sort = sortKeys.find((key) => key === input.sort)
  if (sort && sort !== 'popular') search.sort = sort
  const brand = parseList(input.brand, (item) => brandKey.test(item))
  if (brand) search.brand = brand
  const min = parseSar(input.price_min)
  const max = parseSar(input.price_max)
  if (min !== undefined && min > 0) search.price_min = min
  if (max !== undefined && (min === undefined || max >= min)) search.price_max = max
  if (isFlag(input.in_stock)) search.in_stock = 1
  if (isFlag(input.city)) search.city = 1
  const delivery = parseList(input.delivery, (item) => (deliveryFacetKeys as readonly string[]).includes(item))
  if (delivery) search.delivery = delivery
  return search
}

/** The listing query a server function takes: the URL's filters, decoded. */
export interface ListingQuery {
  page: number
  sort: SortKey
  brands: string[]
  priceMin: number | null
  priceMax: number | null
  inStock: boolean
  city: boolean
  delivery: DeliveryFacetKey[]
}

export function listingQuery(search: ListingSearch): ListingQuery {
  return {
    page: search.page ?? 1,
    sort: search.sort ?? 'popular',
    brands: search.brand ? search.brand.split(',') : [],
    priceMin: search.price_min ?? null,
    priceMax: search.price_max ?? null,
    inStock: search.in_stock === 1,
    city: search.city === 1,
    delivery: (search.delivery ? search.delivery.split(',') : []) as DeliveryFacetKey[],
  }
}

/** A brand's key in the URL: its English name as a slug. */
export function brandSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
}

/** What a listing can be narrowed by, with counts (the filter panel). */
export interface ListingFacets {
  brands: { key: string; label: string; count: number }[]
  /** Price bounds of the whole listing (what the shopper pays now), for the range inputs. */
  price: { min: number; max: number } | null
  inStock: number
  city: number
  delivery: { key: DeliveryFacetKey; count: number }[]
}
