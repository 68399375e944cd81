// The category listing indexes (worker/catalogue/listing-indexes.ts, docs/decisions/0011): built once from D1, kept in
// memory and as a KV snapshot, read back exactly, and built again when what they show changes.
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { serverLimits } from '../../config/server-limits'
import { browseListing, buildListingIndex } from '~/catalogue/listing'
import { decodeSnapshot, encodeSnapshot, listingIndexOf } from '~/catalogue/listing-indexes'
import { productsChanged } from '~/catalogue/page-purge'
import { catalogueVersionKey } from '~/storage/kv-cache'
import { productStore } from '~/storage/product-store'
import { listingQuery } from '../../src/domain/listing'

const categoryId = async (urlKey: string) => (await env.DB.prepare('SELECT id FROM categories WHERE url_key = ?').bind(urlKey).first<number>('id'))!
const context = { now: new Date(), regionId: 1101, fastDeliveryRegionIds: [1101], locale: 'en' as const, pageSize: 24 }
const cityCount = async (category: number) => browseListing(await listingIndexOf(env, category), listingQuery({}), context).facets.city

describe('listing indexes', () => {
  it('answers what the products in D1 say, for every sort and filter', async () => {
    const kitchen = await categoryId('kitchen')
    const fromD1 = buildListingIndex(await productStore(env.DB).listingRecords(kitchen))
    const kept = await listingIndexOf(env, kitchen)
    for (const search of [
      {},
      { sort: 'price_desc' as const, page: 2 },
      { brand: 'philips', city: 1 as const },
      { price_min: 200, delivery: 'fast' },
    ]) {
      expect(browseListing(kept, listingQuery(search), context)).toEqual(browseListing(fromD1, listingQuery(search), context))
    }
    expect(kept.size).toBe(fromD1.size)
    expect(kept.size).toBeGreaterThan(50)
  })

  it('keeps a KV snapshot that reads back to the same index, and refuses one cut short or of another format', async () => {
    const index = buildListingIndex(await productStore(env.DB).listingRecords(await categoryId('mobiles')))
    const decoded = decodeSnapshot(encodeSnapshot(index, 'v-test', 1234))!
    expect(decoded).toMatchObject({ version: 'v-test', builtAt: 1234 })
    for (const search of [{}, { sort: 'newest' as const }, { in_stock: 1 as const, price_max: 3000 }]) {
      expect(browseListing(decoded.index, listingQuery(search), context)).toEqual(browseListing(index, listingQuery(search), context))
    }
    const encoded = encodeSnapshot(index, 'v-test', 1234)
    expect(decodeSnapshot(encoded.slice(0, encoded.byteLength - 64))).toBeNull()
    expect(decodeSnapshot(new TextEncoder().encode('{"format":0}').buffer)).toBeNull()
  })

  it('is built again once a product of the category changes, and not before', async () => {
    const audio = await categoryId('audio')
    const product = (await env.DB.prepare(
      `SELECT p.entity_id AS id FROM products p JOIN product_categories pc ON pc.product_id = p.entity_id AND pc.category_id = ?
       JOIN stock s ON s.product_id = p.entity_id AND s.region_id = 1101
       WHERE s.qty > 0 AND p.not_for_sale = 0 AND p.back_orders != 101 ORDER BY p.entity_id LIMIT 1`,
    )
      .bind(audio)
      .first<number>('id'))!
    const before = await cityCount(audio)
    await env.DB.prepare('UPDATE stock SET qty = 0 WHERE product_id = ? AND region_id = 1101').bind(product).run()
    // Nothing marked the change yet: the kept index still answers (a sale marks it: worker/catalogue/page-purge.ts).
    expect(await cityCount(audio)).toBe(before)
    await productsChanged(env, [product])
    expect(await cityCount(audio)).toBe(before - 1)
  })

  it('is built again for a new catalogue version, even when KV holds a snapshot of the old one', async () => {
    const laptops = await categoryId('laptops')
    await listingIndexOf(env, laptops)
    const product = (await env.DB.prepare('SELECT product_id FROM product_categories WHERE category_id = ? LIMIT 1')
      .bind(laptops)
      .first<number>('product_id'))!
    await env.DB.prepare('DELETE FROM product_categories WHERE category_id = ? AND product_id = ?').bind(laptops, product).run()
    const before = (await listingIndexOf(env, laptops)).size
    await env.CACHE.put(catalogueVersionKey, 'a-new-seed')
    // An isolate reads the version again after serverLimits.pageCache.memoSeconds.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + (serverLimits.pageCache.memoSeconds + 1) * 1000)
      expect((await listingIndexOf(env, laptops)).size).toBe(before - 1)
    } finally {
      vi.useRealTimers()
    }
  })
})
