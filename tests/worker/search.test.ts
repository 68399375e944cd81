// The embedded search service through the official algoliasearch v5 client, in workerd: the client
// is configured with the Worker's own host and a requester that hands its requests to the Worker.
import { createScheduledController, env, SELF } from 'cloudflare:test'
import { liteClient } from 'algoliasearch/lite'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { dropSearchIndexes, searchIndex, searchWithDocuments, snapshotKey } from '~/search/indexes'
import { catalogueVersionKey } from '~/storage/kv-cache'
import { crons } from '~/scheduled/crons'
import worker from '../../src/worker-entry'

const client = liteClient('embedded', 'public-search-key', {
  hosts: [{ url: 'matjar.test', accept: 'readWrite', protocol: 'https' }],
  requester: {
    async send(request) {
      // The client sends JSON text (no compression is configured).
      const response = await SELF.fetch(request.url, { method: request.method, headers: request.headers, body: request.data as string | undefined })
      return { status: response.status, content: await response.text(), isTimedOut: false }
    },
  },
})

type Hit = {
  objectID: string
  name: string
  brand: string
  stock_region_ids: number[]
  popularity: number
  _highlightResult: { name: { value: string } }
}

async function search(indexName: string, query: string, params: Record<string, unknown> = {}) {
  const { results } = await client.search<Hit>({ requests: [{ indexName, query, ...params }] })
  return results[0] as { hits: Hit[]; nbHits: number; nbPages: number; facets?: Record<string, Record<string, number>>; queryID?: string }
}

const raw = (body: unknown) =>
  SELF.fetch('https://matjar.test/1/indexes/*/queries', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

beforeAll(async () => {
  // The first search builds the indexes from D1.
  await search('products_en', '')
})

describe('matching', () => {
  it('matches as the shopper types (prefix), every word, ranked by relevance then popularity', async () => {
    const result = await search('products_en', 'sams gala')
    expect(result.nbHits).toBeGreaterThan(0)
    for (const hit of result.hits) expect(hit.name).toMatch(/Samsung Galaxy/)
  })

  it('forgives a typo in a longer word', async () => {
    const result = await search('products_en', 'samsong')
    expect(result.nbHits).toBeGreaterThan(0)
    expect(result.hits[0]!.brand).toBe('Samsung')
  })

  it('folds Arabic letter forms, diacritics, tatweel and digits the same at index and query time', async () => {
    const plain = await search('products_ar', 'ايفون ١٧')
    expect(plain.nbHits).toBeGreaterThan(0)
    for (const hit of plain.hits) expect(hit.name).toContain('آيفون 17')
    const decorated = await search('products_ar', 'آيـــفُون 17')
    expect(decorated.hits.map((h) => h.objectID)).toEqual(plain.hits.map((h) => h.objectID))
  })

  it('knows brands and products in the other script (transliteration synonyms)', async () => {
    const latin = await search('products_ar', 'iphone')
    expect(latin.nbHits).toBeGreaterThan(0)
    for (const hit of latin.hits) expect(hit.name).toContain('آيفون')
    const arabic = await search('products_en', 'سامسونج')
    expect(arabic.hits[0]?.brand).toBe('Samsung')
  })
})

describe('filters, facets, analytics and highlighting', () => {
  it('keeps only products in stock in the chosen region', async () => {
    const result = await search('products_en', 'phone', { filters: 'stock_region_ids=1102', hitsPerPage: 50 })
    expect(result.nbHits).toBeGreaterThan(0)
    for (const hit of result.hits) expect(hit.stock_region_ids).toContain(1102)
  })

  it('counts facets over the matching products, and facetFilters narrow them (empty values dropped)', async () => {
    const result = await search('products_en', 'phone', { facets: ['brand'] })
    const counts = result.facets!.brand!
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(result.nbHits)
    const apple = await search('products_en', 'phone', { facetFilters: [['brand:Apple', 'brand: ']], facets: ['brand'] })
    expect(apple.nbHits).toBe(counts.Apple)
  })

  it('gives a queryID with clickAnalytics, and highlights the matched words, escaping the rest', async () => {
    const result = await search('products_en', 'iphone', { clickAnalytics: true, hitsPerPage: 1 })
    expect(result.queryID).toMatch(/^[0-9a-f]{32}$/)
    expect(result.hits[0]!._highlightResult.name.value).toContain('<em>iPhone</em>')
    expect((await search('products_en', 'iphone')).queryID).toBeUndefined()
  })

  it('answers query suggestions from their own index', async () => {
    const { results } = await client.search<{ query: string }>({
      requests: [{ indexName: 'products_query_suggestions_ar', query: 'سام', hitsPerPage: 9 }],
    })
    const hits = (results[0] as { hits: { query: string }[] }).hits
    expect(hits.length).toBeGreaterThan(0)
    expect(hits.length).toBeLessThanOrEqual(9)
    for (const hit of hits) expect(hit.query).toMatch(/سامسونج/)
  })
})

describe('bad queries', () => {
  it('answers odd text with clean results, never an error', async () => {
    for (const query of [
      '',
      '   ',
      '"iphone"',
      'iphone -pro',
      'a OR b',
      "'; DROP TABLE products; --",
      '<script>alert(1)</script>',
      '\u202Eiphone\u202C',
      '((( ]]]',
      '*',
    ]) {
      const response = await raw({ requests: [{ indexName: 'products_en', query }] })
      expect(response.status, query).toBe(200)
      const body = (await response.json()) as { results: { hits: { _highlightResult: { name: { value: string } } }[] }[] }
      for (const hit of body.results[0]!.hits) expect(hit._highlightResult.name.value).not.toContain('<script')
    }
  })

  it('refuses what it cannot honour with a clear 400 or 404', async () => {
    const long = await raw({ requests: [{ indexName: 'products_en', query: 'x'.repeat(1001) }] })
    expect(long.status).toBe(400)
    expect(((await long.json()) as { message: string }).message).toMatch(/query/)
    const filters = await raw({ requests: [{ indexName: 'products_en', query: 'tv', filters: 'price > 5 || 1=1' }] })
    expect(filters.status).toBe(400)
    const unknown = await raw({ requests: [{ indexName: 'customers', query: 'a' }] })
    expect(unknown.status).toBe(404)
    const notJson = await SELF.fetch('https://matjar.test/1/indexes/*/queries', { method: 'POST', body: '{' })
    expect(notJson.status).toBe(400)
    const tooMany = await raw({ requests: Array.from({ length: 11 }, () => ({ indexName: 'products_en', query: 'a' })) })
    expect(tooMany.status).toBe(400)
    await expect(search('customers', 'a')).rejects.toMatchObject({ status: 404 })
  })
})

describe('search events (Insights)', () => {
  const events = (body: unknown) =>
    SELF.fetch('https://matjar.test/1/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const click = {
    eventType: 'click',
    eventName: 'Product Clicked',
    index: 'products_en',
    userToken: 'anon-1',
    queryID: 'a'.repeat(32),
    objectIDs: ['1001'],
    positions: [3],
  }

  it('stores clicks and conversions after a search with their queryID and index', async () => {
    const response = await events({
      events: [click, { ...click, eventType: 'conversion', eventSubtype: 'addToCart', eventName: 'Product Added To Cart', positions: undefined }],
    })
    expect(response.status).toBe(200)
    const rows = await env.DB.prepare(
      'SELECT event_type, event_subtype, index_name, object_ids, positions FROM search_events WHERE query_id = ? ORDER BY id',
    )
      .bind('a'.repeat(32))
      .all()
    expect(rows.results).toEqual([
      { event_type: 'click', event_subtype: null, index_name: 'products_en', object_ids: '["1001"]', positions: '[3]' },
      { event_type: 'conversion', event_subtype: 'addToCart', index_name: 'products_en', object_ids: '["1001"]', positions: null },
    ])
  })

  it('refuses malformed events with a 400', async () => {
    expect((await events({ events: [{ ...click, positions: [1, 2] }] })).status).toBe(400)
    expect((await events({ events: [{ ...click, queryID: 'not-an-id' }] })).status).toBe(400)
    expect((await events({ events: [{ ...click, objectIDs: [] }] })).status).toBe(400)
    expect((await events({ events: [] })).status).toBe(400)
  })
})

describe('index freshness', () => {
  it('rebuilds the indexes when the catalogue version changes (a re-seed drops it)', async () => {
    const start = Date.now()
    const before = await searchIndex(env, 'products_en', start)
    const query = { query: 'zqxw', filters: [], facets: [], page: 0, hitsPerPage: 5, highlightPreTag: '<em>', highlightPostTag: '</em>' }
    const { name_en } = (await env.DB.prepare('SELECT name_en FROM products WHERE entity_id = 1001').first<{ name_en: string }>())!
    await env.DB.prepare("UPDATE products SET name_en = 'Zqxw Special Edition' WHERE entity_id = 1001").run()
    try {
      expect(await searchIndex(env, 'products_en', start + 1000)).toBe(before)
      expect(before.search(query).nbHits).toBe(0)
      await env.CACHE.delete(catalogueVersionKey)
      const after = await searchIndex(env, 'products_en', start + 11_000)
      expect(after).not.toBe(before)
      expect(after.search(query).hits.map((h) => h.objectID)).toEqual(['1001'])
    } finally {
      await env.DB.prepare('UPDATE products SET name_en = ? WHERE entity_id = 1001').bind(name_en).run()
    }
  })

  const zqxw = { query: 'zqxw', filters: [], facets: [], page: 0, hitsPerPage: 5, highlightPreTag: '<em>', highlightPostTag: '</em>' }
  const found = (index: { search: (q: typeof zqxw) => { hits: Record<string, unknown>[] } }) => index.search(zqxw).hits.map((h) => h.objectID)

  async function renamed<T>(name: string, run: () => Promise<T>): Promise<T> {
    const { name_en } = (await env.DB.prepare('SELECT name_en FROM products WHERE entity_id = 1001').first<{ name_en: string }>())!
    await env.DB.prepare('UPDATE products SET name_en = ? WHERE entity_id = 1001').bind(name).run()
    try {
      return await run()
    } finally {
      await env.DB.prepare('UPDATE products SET name_en = ? WHERE entity_id = 1001').bind(name_en).run()
    }
  }

  it('a fresh isolate loads the index another one built from its snapshot in KV instead of reading D1', async () => {
    dropSearchIndexes()
    await env.CACHE.delete(catalogueVersionKey)
    const start = Date.now()
    await searchIndex(env, 'products_en', start)
    const version = (await env.CACHE.get(catalogueVersionKey))!
    await vi.waitFor(async () => expect(await env.CACHE.get(snapshotKey(version, 'products_en'))).not.toBeNull())
    await renamed('Zqxw Snapshot Edition', async () => {
      dropSearchIndexes()
      // D1 has the new name, the snapshot the old one: the old one answering proves the snapshot was used.
      expect(found(await searchIndex(env, 'products_en', start + 1000))).toEqual([])
      // Past the index's age the snapshot is stale too: the next isolate builds from D1.
      dropSearchIndexes()
      expect(found(await searchIndex(env, 'products_en', start + 301_000))).toEqual(['1001'])
    })
  })

  it('the five-minute run makes every index after a catalogue change and leaves its snapshot for the next isolate', async () => {
    dropSearchIndexes()
    await env.CACHE.delete(catalogueVersionKey)
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: crons.everyFiveMinutes }), env)
    const version = (await env.CACHE.get(catalogueVersionKey))!
    for (const name of ['products_ar', 'products_en', 'products_query_suggestions_ar', 'products_query_suggestions_en'])
      await vi.waitFor(async () => expect(await env.CACHE.get(snapshotKey(version, name), 'arrayBuffer')).not.toBeNull())
  })

  it('hits carry their documents read from D1, priced now, while the index still ranks from what it was made with', async () => {
    dropSearchIndexes()
    const q = { query: 'galaxy s25', filters: [], facets: [], page: 0, hitsPerPage: 1, highlightPreTag: '<em>', highlightPostTag: '</em>' }
    type Priced = { objectID: string; name: string; brand: string; prices_with_tax: { price: number } }
    const hit = (await searchWithDocuments(env, 'products_en', q)).hits[0] as Priced
    expect(hit).toMatchObject({ name: expect.stringContaining('Galaxy S25'), brand: 'Samsung' })
    const id = Number(hit.objectID)
    const { price, special_price } = (await env.DB.prepare('SELECT price, special_price FROM products WHERE entity_id = ?')
      .bind(id)
      .first<{ price: number; special_price: number | null }>())!
    await env.DB.prepare('UPDATE products SET price = ?, special_price = NULL WHERE entity_id = ?')
      .bind(price + 1000, id)
      .run()
    try {
      // Within the kept rows' time the answer is the same; a new isolate (nothing kept) reads the row again.
      expect(((await searchWithDocuments(env, 'products_en', q)).hits[0] as Priced).prices_with_tax.price).toBe(hit.prices_with_tax.price)
      dropSearchIndexes()
      const after = (await searchWithDocuments(env, 'products_en', q)).hits[0] as Priced
      expect(after.objectID).toBe(hit.objectID)
      expect(after.prices_with_tax.price).toBeGreaterThan(hit.prices_with_tax.price)
    } finally {
      await env.DB.prepare('UPDATE products SET price = ?, special_price = ? WHERE entity_id = ?').bind(price, special_price, id).run()
    }
  })

  it('a stale index keeps answering while a fresh one is built, then the fresh one answers', async () => {
    dropSearchIndexes()
    const start = Date.now()
    const before = await searchIndex(env, 'products_en', start)
    await renamed('Zqxw Refreshed Edition', async () => {
      // Within the catalogue version's check interval, so only the age makes it stale.
      const late = start + 301_000
      expect(await searchIndex(env, 'products_en', late)).toBe(before)
      await vi.waitFor(async () => expect(found(await searchIndex(env, 'products_en', late + 1))).toEqual(['1001']))
    })
  })
})
