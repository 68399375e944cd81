import { describe, expect, it } from 'vitest'
import { listingQuery } from '../../src/domain/listing'
import type { ListingRecord } from '../storage/product-store'
import { browseListing, buildListingIndex, mostPopular } from './listing'

const now = new Date('2026-06-01T12:00:00Z')
const context = { now, regionId: 1102, fastDeliveryRegionIds: [1101, 1102], locale: 'en' as const, pageSize: 2 }

let nextId = 1
/** A product of the listing; `stocked` names the regions holding units (1102 is the shopper's). */
function row({ stocked = [1102, 1101], ...over }: Partial<ListingRecord> & { stocked?: number[] } = {}): ListingRecord {
  return {
    entity_id: nextId++,
    brand_en: 'Samsung',
    brand_ar: 'سامسونج',
    price: 100,
    special_price: null,
    discounted_price_from: null,
    discounted_price_to: null,
    popularity: 0,
    created_at: '2026-01-01T00:00:00Z',
    back_orders: 0,
    not_for_sale: 0,
    fast_delivery: 0,
    big_items: 0,
    delivery_within_24_hours: 0,
    stocked_regions: stocked.length > 0 ? stocked.join(',') : null,
    ...over,
  }
}

const rows = [
  row({ entity_id: 1, brand_en: 'Samsung', price: 300, popularity: 5, fast_delivery: 1 }),
  row({ entity_id: 2, brand_en: 'Apple', brand_ar: 'أبل', price: 900, popularity: 9, stocked: [1101] }),
  // Discounted now: pays 150, not 500.
  row({
    entity_id: 3,
    brand_en: 'Apple',
    brand_ar: 'أبل',
    price: 500,
    special_price: 150,
    discounted_price_from: '2026-01-01T00:00:00+03:00',
    discounted_price_to: '2026-12-31T00:00:00+03:00',
    popularity: 1,
    created_at: '2026-05-01T00:00:00Z',
  }),
  // Out of stock everywhere; a big item (not delivered outside 1101).
  row({ entity_id: 4, brand_en: 'LG', brand_ar: 'إل جي', price: 2000, stocked: [], big_items: 1 }),
  // Pre-order: counts as in stock and available.
  row({ entity_id: 5, brand_en: 'LG', brand_ar: 'إل جي', price: 700, stocked: [], back_orders: 101 }),
]
const index = buildListingIndex(rows)

const browse = (search: Parameters<typeof listingQuery>[0], over = {}) => browseListing(index, listingQuery(search), { ...context, ...over })

describe('listing', () => {
  it('sorts by popularity by default and pages by the page size', () => {
    const first = browse({})
    expect(first).toMatchObject({ ids: [2, 1], total: 5, page: 1, pages: 3 })
    expect(browse({ page: 3 }).ids).toEqual([5])
    // A page past the end shows the last one.
    expect(browse({ page: 9 })).toMatchObject({ page: 3, ids: [5] })
  })

  it('sorts by what the shopper pays now, and by newest', () => {
    expect(browseListing(index, listingQuery({ sort: 'price_asc' }), { ...context, pageSize: 10 }).ids).toEqual([3, 1, 5, 2, 4])
    expect(browseListing(index, listingQuery({ sort: 'price_desc' }), { ...context, pageSize: 10 }).ids).toEqual([4, 2, 5, 1, 3])
    expect(browse({ sort: 'newest' }).ids[0]).toBe(3)
  })

  it('filters by brand, price, stock, city and delivery speed', () => {
    const all = { pageSize: 10 }
    expect(browse({ brand: 'apple' }, all).ids).toEqual([2, 3])
    expect(browse({ price_min: 100, price_max: 400 }, all).ids.sort()).toEqual([1, 3])
    expect(browse({ in_stock: 1 }, all).ids.sort()).toEqual([1, 2, 3, 5])
    expect(browse({ city: 1 }, all).ids.sort()).toEqual([1, 3, 5])
    expect(browse({ delivery: 'fast' }, all).ids).toEqual([1])
    expect(browse({ delivery: 'big_item_elsewhere' }, all).ids).toEqual([4])
    // In Riyadh (1101) the big item is delivered as usual.
    expect(browse({ delivery: 'big_item_elsewhere' }, { ...all, regionId: 1101 }).ids).toEqual([])
  })

  it('counts each facet with every other filter applied but its own', () => {
    const { facets } = browse({ brand: 'apple', city: 1 })
    expect(facets.brands).toEqual([
      { key: 'apple', label: 'Apple', count: 1 },
      { key: 'lg', label: 'LG', count: 1 },
      { key: 'samsung', label: 'Samsung', count: 1 },
    ])
    expect(facets.city).toBe(1)
    expect(facets.inStock).toBe(1)
    expect(facets.price).toEqual({ min: 150, max: 2000 })
    expect(facets.delivery).toEqual([{ key: 'standard', count: 1 }])
  })

  it('keeps a chosen delivery speed listed when nothing matches it', () => {
    expect(browse({ brand: 'lg', delivery: 'fast' }).facets.delivery).toContainEqual({ key: 'fast', count: 0 })
  })

  it('labels brands in the page language, in that language order', () => {
    expect(browse({}, { locale: 'ar' }).facets.brands.map((b) => b.label)).toEqual(['أبل', 'إل جي', 'سامسونج'])
  })

  it('answers an empty listing', () => {
    expect(browseListing(buildListingIndex([]), listingQuery({}), context)).toMatchObject({
      ids: [],
      total: 0,
      page: 1,
      pages: 1,
      facets: { price: null, brands: [] },
    })
  })

  it('prices by the time asked, sorting again once a discount window opens or closes', () => {
    const cheapest = (at: string) => browseListing(index, listingQuery({ sort: 'price_asc' }), { ...context, now: new Date(at), pageSize: 1 }).ids
    expect(cheapest('2026-06-01T12:00:00Z')).toEqual([3])
    // The discount ends at the last millisecond of its window (inclusive), and has not started before it.
    expect(cheapest('2026-12-30T20:59:59.999Z')).toEqual([3])
    expect(cheapest('2026-12-30T21:00:00.001Z')).toEqual([1])
    expect(cheapest('2025-06-01T00:00:00Z')).toEqual([1])
    expect(cheapest('2026-06-01T12:00:00Z')).toEqual([3])
  })

  it('names the most popular products for the home rails', () => {
    expect(mostPopular(index, 3)).toEqual([2, 1, 3])
  })

  it('treats an unreadable discount window as no discount', () => {
    const odd = buildListingIndex([row({ entity_id: 9, price: 500, special_price: 100, discounted_price_from: 'soon' })])
    expect(browseListing(odd, listingQuery({}), context).facets.price).toEqual({ min: 500, max: 500 })
  })
})
