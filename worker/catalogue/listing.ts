/**
 * A product listing (category page, and any list with the same filters): filters, facet counts, sorting and the
 * page, answered from a category's listing index (docs/decisions/0011-listing-indexes.md).
 *
 * The index holds one compact entry per product of the category in typed arrays, with the two orders that never
 * change (most popular, newest) sorted once when it is built. A request is then a few passes over those arrays,
 * with no query and no sort: a category of 15,000 products costs about what one of 100 does. Every facet count is
 * exact, and facets are disjunctive: each facet's counts apply every other filter but its own, so a shopper can
 * widen a choice as well as narrow it.
 *
 * What the shopper pays depends on the time (a discount has a window), so the price orders are sorted for a span
 * of time in which no window opens or closes, and sorted again when one does.
 */
import { appConfig, type Locale } from '../../app.config'
import { brandSlug, type DeliveryFacetKey, type ListingFacets, type ListingQuery } from '../../src/domain/listing'
import type { ListingRecord } from '../storage/product-store'

const flag = { preorder: 1, notForSale: 2, fast: 4, bigItem: 8, within24Hours: 16, stocked: 32 } as const

/** The arrays of an index, in the order they are stored (worker/catalogue/listing-indexes.ts keeps them in KV). */
export const listingArrays = {
  ids: Int32Array,
  brandOf: Uint16Array,
  price: Float64Array,
  /** The discounted price, or NaN when the product has no discount that could apply. */
  special: Float64Array,
  /** The discount window in epoch milliseconds, inclusive at both ends. */
  discountFrom: Float64Array,
  discountTo: Float64Array,
  flags: Uint8Array,
  /** Bit i: `regions[i]` holds units of the product. */
  stockedIn: Uint32Array,
  /** Positions, most popular first (ties: lower id first). */
  popular: Int32Array,
  /** Positions, newest first (ties: lower id first). */
  newest: Int32Array,
} as const
type ArrayName = keyof typeof listingArrays
type Arrays = { [K in ArrayName]: InstanceType<(typeof listingArrays)[K]> }

export interface ListingIndex extends Arrays {
  size: number
  brands: { slug: string; en: string; ar: string }[]
  /** The regions `stockedIn` names, by bit (at most 32: the store has 14 cities). */
  regions: number[]
}

interface ListingContext {
  now: Date
  regionId: number
  fastDeliveryRegionIds: readonly number[]
  locale: Locale
  pageSize: number
}

interface ListingPage {
  ids: number[]
  total: number
  page: number
  pages: number
  facets: ListingFacets
}

function windowEdge(value: string | null, open: number): number {
  return value ? Date.parse(value) : open
}

export function buildListingIndex(records: readonly ListingRecord[]): ListingIndex {
  const size = records.length
  const arrays = Object.fromEntries(Object.entries(listingArrays).map(([name, Array]) => [name, new Array(size)])) as unknown as Arrays
  const brands: ListingIndex['brands'] = []
  const brandPositions = new Map<string, number>()
  const regions: number[] = []
  records.forEach((record, i) => {
    const slug = brandSlug(record.brand_en)
    let brand = brandPositions.get(slug)
    if (brand === undefined) {
      brand = brands.push({ slug, en: record.brand_en, ar: record.brand_ar }) - 1
      brandPositions.set(slug, brand)
    }
    const from = windowEdge(record.discounted_price_from, Number.NEGATIVE_INFINITY)
    const to = windowEdge(record.discounted_price_to, Number.POSITIVE_INFINITY)
    // src/domain/pricing.ts isDiscountActive: no discount unless below the price, and never with an unreadable window.
    const discounts = record.special_price !== null && record.special_price < record.price && !Number.isNaN(from) && !Number.isNaN(to)
    let stockedIn = 0
    for (const region of record.stocked_regions?.split(',') ?? []) {
      let bit = regions.indexOf(Number(region))
      if (bit === -1) bit = regions.push(Number(region)) - 1
      if (bit < 32) stockedIn |= 1 << bit
    }
    arrays.ids[i] = record.entity_id
    arrays.brandOf[i] = brand
    arrays.price[i] = record.price
    arrays.special[i] = discounts ? record.special_price! : Number.NaN
    arrays.discountFrom[i] = discounts ? from : 0
    arrays.discountTo[i] = discounts ? to : 0
    arrays.flags[i] =
      (record.back_orders === appConfig.backOrdersPreorderCode ? flag.preorder : 0) |
      (record.not_for_sale === 1 ? flag.notForSale : 0) |
      (record.fast_delivery === 1 ? flag.fast : 0) |
      (record.big_items === 1 ? flag.bigItem : 0) |
      (record.delivery_within_24_hours === 1 ? flag.within24Hours : 0) |
      (record.stocked_regions ? flag.stocked : 0)
    arrays.stockedIn[i] = stockedIn >>> 0
  })
  const positions = () => Int32Array.from({ length: size }, (_, i) => i)
  const byId = (a: number, b: number) => arrays.ids[a]! - arrays.ids[b]!
  arrays.popular = positions().sort((a, b) => records[b]!.popularity - records[a]!.popularity || byId(a, b))
  arrays.newest = positions().sort((a, b) => records[b]!.created_at.localeCompare(records[a]!.created_at) || byId(a, b))
  return { size, brands, regions: regions.slice(0, 32), ...arrays }
}

/** The most popular products of a category, for the home page's rails. */
export function mostPopular(index: ListingIndex, limit: number): number[] {
  return Array.from(index.popular.subarray(0, limit), (i) => index.ids[i]!)
}

/** What each product costs during a span of time in which no discount starts or ends, and the price orders then. */
interface PriceSpan {
  from: number
  until: number
  payNow: Float64Array
  ascending: Int32Array
  descending: Int32Array
  min: number
  max: number
}
const priceSpans = new WeakMap<ListingIndex, PriceSpan>()

function priceSpan(index: ListingIndex, time: number): PriceSpan {
  const known = priceSpans.get(index)
  if (known && known.from <= time && time < known.until) return known
  const payNow = new Float64Array(index.size)
  let from = Number.NEGATIVE_INFINITY
  let until = Number.POSITIVE_INFINITY
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  for (let i = 0; i < index.size; i++) {
    const start = index.discountFrom[i]!
    const end = index.discountTo[i]! + 1
    const active = !Number.isNaN(index.special[i]!) && start <= time && time < end
    payNow[i] = active ? index.special[i]! : index.price[i]!
    if (!Number.isNaN(index.special[i]!)) {
      for (const edge of [start, end]) {
        if (edge <= time) from = Math.max(from, edge)
        else until = Math.min(until, edge)
      }
    }
    min = Math.min(min, payNow[i]!)
    max = Math.max(max, payNow[i]!)
  }
  const positions = Int32Array.from({ length: index.size }, (_, i) => i)
  const byId = (a: number, b: number) => index.ids[a]! - index.ids[b]!
  const span: PriceSpan = {
    from,
    until,
    payNow,
    ascending: positions.slice().sort((a, b) => payNow[a]! - payNow[b]! || byId(a, b)),
    descending: positions.sort((a, b) => payNow[b]! - payNow[a]! || byId(a, b)),
    min,
    max,
  }
  priceSpans.set(index, span)
  return span
}

/** Which filters an entry fails, one bit each: an entry matches when none is set, and counts in a facet when only that facet's is. */
const fails = { brand: 1, price: 2, inStock: 4, city: 8, delivery: 16 } as const
const deliveryOrder: DeliveryFacetKey[] = ['within_24_hours', 'fast', 'standard', 'big_item_elsewhere']

export function browseListing(index: ListingIndex, query: ListingQuery, context: ListingContext): ListingPage {
  const { payNow, ascending, descending, min, max } = priceSpan(index, context.now.getTime())
  const chosenBrands = new Uint8Array(index.brands.length)
  index.brands.forEach((brand, b) => (chosenBrands[b] = query.brands.includes(brand.slug) ? 1 : 0))
  const regionBit = index.regions.indexOf(context.regionId)
  const regionMask = regionBit === -1 ? 0 : 1 << regionBit
  // src/domain/delivery.ts deliveryBadge, decided once for the region rather than once per product.
  const bigItemsDeliverHere = context.regionId === appConfig.regions.bigItemsOnlyId
  const within24Hours = context.regionId === appConfig.regions.twentyFourHourId
  const fastHere = context.fastDeliveryRegionIds.includes(context.regionId)
  const deliveryOf = (flags: number): number =>
    flags & flag.bigItem && !bigItemsDeliverHere ? 3 : flags & flag.within24Hours && within24Hours ? 0 : flags & flag.fast && fastHere ? 1 : 2
  const chosenDelivery = deliveryOrder.map((key) => query.delivery.includes(key))

  const failed = new Uint8Array(index.size)
  const brandCounts = new Int32Array(index.brands.length)
  const deliveryCounts = [0, 0, 0, 0]
  let total = 0
  let inStockCount = 0
  let cityCount = 0
  for (let i = 0; i < index.size; i++) {
    const flags = index.flags[i]!
    const preorder = (flags & flag.preorder) !== 0
    const inStock = preorder || (flags & flag.stocked) !== 0
    const inCity = (flags & flag.notForSale) === 0 && (preorder || (index.stockedIn[i]! & regionMask) !== 0)
    const delivery = deliveryOf(flags)
    const pays = payNow[i]!
    let mask = 0
    if (query.brands.length > 0 && chosenBrands[index.brandOf[i]!] === 0) mask |= fails.brand
    if ((query.priceMin !== null && pays < query.priceMin) || (query.priceMax !== null && pays > query.priceMax)) mask |= fails.price
    if (query.inStock && !inStock) mask |= fails.inStock
    if (query.city && !inCity) mask |= fails.city
    if (query.delivery.length > 0 && !chosenDelivery[delivery]) mask |= fails.delivery
    failed[i] = mask
    if (mask === 0) total += 1
    if ((mask & ~fails.brand) === 0) brandCounts[index.brandOf[i]!]! += 1
    if ((mask & ~fails.delivery) === 0) deliveryCounts[delivery]! += 1
    if (inStock && (mask & ~fails.inStock) === 0) inStockCount += 1
    if (inCity && (mask & ~fails.city) === 0) cityCount += 1
  }

  const order =
    query.sort === 'price_asc' ? ascending : query.sort === 'price_desc' ? descending : query.sort === 'newest' ? index.newest : index.popular
  const pages = Math.max(1, Math.ceil(total / context.pageSize))
  const page = Math.min(query.page, pages)
  const ids: number[] = []
  let skip = (page - 1) * context.pageSize
  for (let k = 0; k < order.length && ids.length < context.pageSize; k++) {
    const i = order[k]!
    if (failed[i] !== 0) continue
    if (skip > 0) skip -= 1
    else ids.push(index.ids[i]!)
  }

  return {
    ids,
    total,
    page,
    pages,
    facets: {
      // Brands keep their place as counts change, so the list does not jump under the pointer.
      brands: index.brands
        .map((brand, b) => ({ key: brand.slug, label: context.locale === 'ar' ? brand.ar : brand.en, count: brandCounts[b]! }))
        .sort((a, b) => a.label.localeCompare(b.label, context.locale)),
      price: index.size > 0 ? { min: Math.floor(min), max: Math.ceil(max) } : null,
      inStock: inStockCount,
      city: cityCount,
      // A speed no product matches is left out; a chosen speed stays listed at 0, so the shopper can clear it.
      delivery: deliveryOrder.flatMap((key, d) => (deliveryCounts[d]! > 0 || chosenDelivery[d] ? [{ key, count: deliveryCounts[d]! }] : [])),
    },
  }
}
