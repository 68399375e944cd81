/**
 * A product listing (category page, and any list with the same filters): filters, facet counts,
 * sorting and the page. It works on one lean row per product of the listing, read in one query, so
 * every facet count is exact. Facets are disjunctive: each facet's counts apply every other filter
 * but its own, so a shopper can widen a choice as well as narrow it.
 */
import { appConfig, type Locale } from '../../app.config'
import { deliveryBadge } from '../../src/domain/delivery'
import { isDiscountActive } from '../../src/domain/pricing'
import { brandSlug, type DeliveryFacetKey, type ListingFacets, type ListingQuery } from '../../src/domain/listing'

export interface ListingRow {
  entity_id: number
  brand_en: string
  brand_ar: string
  price: number
  special_price: number | null
  discounted_price_from: string | null
  discounted_price_to: string | null
  popularity: number
  created_at: string
  back_orders: number
  not_for_sale: number
  fast_delivery: number
  big_items: number
  delivery_within_24_hours: number
  /** Units in the shopper's region (null when the product has no stock row there). */
  qty: number | null
  /** 1 when some region has units. */
  any_stock: number
}

export interface ListingContext {
  now: Date
  regionId: number
  fastDeliveryRegionIds: readonly number[]
  locale: Locale
  pageSize: number
}

export interface ListingPage {
  ids: number[]
  total: number
  page: number
  pages: number
  facets: ListingFacets
}

interface Prepared {
  row: ListingRow
  brand: string
  payNow: number
  inStock: boolean
  inCity: boolean
  delivery: DeliveryFacetKey
}

type Filter = 'brand' | 'price' | 'inStock' | 'city' | 'delivery'

function prepare(row: ListingRow, context: ListingContext): Prepared {
  const preorder = row.back_orders === appConfig.backOrdersPreorderCode
  const forSale = row.not_for_sale !== 1
  return {
    row,
    brand: brandSlug(row.brand_en),
    payNow: isDiscountActive(row, context.now) ? row.special_price! : row.price,
    inStock: preorder || row.any_stock === 1,
    inCity: forSale && (preorder || (row.qty ?? 0) > 0),
    delivery: deliveryBadge(
      { fast_delivery: row.fast_delivery === 1, big_items: row.big_items === 1, delivery_within_24_hours: row.delivery_within_24_hours === 1 },
      context.regionId,
      context.fastDeliveryRegionIds,
    ),
  }
}

function passes(item: Prepared, query: ListingQuery, skip?: Filter): boolean {
  if (skip !== 'brand' && query.brands.length > 0 && !query.brands.includes(item.brand)) return false
  if (skip !== 'price' && query.priceMin !== null && item.payNow < query.priceMin) return false
  if (skip !== 'price' && query.priceMax !== null && item.payNow > query.priceMax) return false
  if (skip !== 'inStock' && query.inStock && !item.inStock) return false
  if (skip !== 'city' && query.city && !item.inCity) return false
  if (skip !== 'delivery' && query.delivery.length > 0 && !query.delivery.includes(item.delivery)) return false
  return true
}

const comparators: Record<ListingQuery['sort'], (a: Prepared, b: Prepared) => number> = {
  popular: (a, b) => b.row.popularity - a.row.popularity,
  newest: (a, b) => b.row.created_at.localeCompare(a.row.created_at),
  price_asc: (a, b) => a.payNow - b.payNow,
  price_desc: (a, b) => b.payNow - a.payNow,
}

const deliveryOrder: DeliveryFacetKey[] = ['within_24_hours', 'fast', 'standard', 'big_item_elsewhere']

export function browseListing(rows: readonly ListingRow[], query: ListingQuery, context: ListingContext): ListingPage {
  const items = rows.map((row) => prepare(row, context))
  const matching = items.filter((item) => passes(item, query))

  const brandCounts = new Map<string, { key: string; label: string; count: number }>()
  for (const item of items) {
    const entry = brandCounts.get(item.brand) ?? { key: item.brand, label: context.locale === 'ar' ? item.row.brand_ar : item.row.brand_en, count: 0 }
    if (passes(item, query, 'brand')) entry.count += 1
    brandCounts.set(item.brand, entry)
  }
  const deliveryCounts = new Map<DeliveryFacetKey, number>()
  for (const item of items) {
    if (passes(item, query, 'delivery')) deliveryCounts.set(item.delivery, (deliveryCounts.get(item.delivery) ?? 0) + 1)
  }
  const prices = items.map((item) => item.payNow)

  const sorted = matching.sort((a, b) => comparators[query.sort](a, b) || a.row.entity_id - b.row.entity_id)
  const pages = Math.max(1, Math.ceil(sorted.length / context.pageSize))
  const page = Math.min(query.page, pages)
  return {
    ids: sorted.slice((page - 1) * context.pageSize, page * context.pageSize).map((item) => item.row.entity_id),
    total: sorted.length,
    page,
    pages,
    facets: {
      // Brands keep their place as counts change, so the list does not jump under the pointer.
      brands: [...brandCounts.values()].sort((a, b) => a.label.localeCompare(b.label, context.locale)),
      price: prices.length > 0 ? { min: Math.floor(Math.min(...prices)), max: Math.ceil(Math.max(...prices)) } : null,
      inStock: items.filter((item) => item.inStock && passes(item, query, 'inStock')).length,
      city: items.filter((item) => item.inCity && passes(item, query, 'city')).length,
      // A chosen speed stays listed at 0, so the shopper can clear it.
      delivery: deliveryOrder.flatMap((key) =>
        deliveryCounts.has(key) || query.delivery.includes(key) ? [{ key, count: deliveryCounts.get(key) ?? 0 }] : [],
      ),
    },
  }
}
