// search:push through the official algoliasearch client. Algolia cannot run here, so its REST API is
// played by a requester that records each call and answers as Algolia does (tasks published at once).
import { algoliasearch } from 'algoliasearch'
import { describe, expect, it } from 'vitest'
import { generateCatalogue } from '../seed/demo-catalogue'
import { documentRowsOf } from '../seed/document-rows'
import { algoliaObject, pushCatalogue } from './algolia-push'
import { productRecords } from './records'

const catalogueRows = () => documentRowsOf(generateCatalogue({ products: 40 }))

interface Call {
  method: string
  path: string
  body: Record<string, unknown> | undefined
}

function recordingClient() {
  const calls: Call[] = []
  let task = 0
  const client = algoliasearch('TESTAPP', 'admin-key', {
    requester: {
      async send(request) {
        const url = new URL(request.url)
        const body = request.data ? (JSON.parse(String(request.data)) as Record<string, unknown>) : undefined
        calls.push({ method: request.method, path: decodeURIComponent(url.pathname), body })
        const answer = /\/task\/\d+$/.test(url.pathname)
          ? { status: 'published', pendingTask: false }
          : {
              taskID: ++task,
              updatedAt: '2026-11-22T00:00:00Z',
              objectIDs: ((body?.requests as { body: { objectID: string } }[]) ?? []).map((r) => r.body?.objectID),
            }
        return { status: 200, content: JSON.stringify(answer), isTimedOut: false }
      },
    },
  })
  return { client, calls }
}

describe('pushCatalogue', async () => {
  const rows = catalogueRows()
  const { client, calls } = recordingClient()
  const log: string[] = []
  await pushCatalogue(client, rows, new Date('2026-11-22T00:00:00Z'), (line) => log.push(line))
  const writes = calls.filter((c) => c.method !== 'GET')
  const settings = (index: string) => writes.find((c) => c.path === `/1/indexes/${index}/settings`)?.body

  it('configures each product index like the embedded engine, with its replicas and language', () => {
    for (const locale of ['ar', 'en']) {
      const s = settings(`products_${locale}`)!
      expect(s.searchableAttributes).toEqual(['name', 'search_brand', 'category', 'unordered(sku)'])
      expect(s.customRanking).toEqual(['desc(popularity)'])
      expect(s.queryLanguages).toEqual([locale])
      expect(s.attributesForFaceting).toContain('filterOnly(stock_region_ids)')
      expect(s.replicas).toEqual([`products_${locale}_price_asc`, `products_${locale}_price_desc`, `products_${locale}_newest`])
      expect((settings(`products_${locale}_price_asc`)!.ranking as string[])[0]).toBe('asc(price)')
      expect((settings(`products_${locale}_newest`)!.ranking as string[])[0]).toBe('desc(created_at_timestamp)')
      expect(settings(`products_query_suggestions_${locale}`)!.searchableAttributes).toEqual(['query'])
    }
  })

  it('sends the transliteration synonyms to the product indexes and their replicas', () => {
    const synonyms = writes.find((c) => c.path === '/1/indexes/products_ar/synonyms/batch')!
    expect((synonyms.body as unknown as { synonyms: string[] }[]).some((s) => s.synonyms.includes('iphone') && s.synonyms.includes('آيفون'))).toBe(
      true,
    )
    // Phrases as multi-way synonyms, and a screen widened to a TV one way only.
    const sent = synonyms.body as unknown as { type: string; synonyms: string[]; input?: string }[]
    expect(sent.some((s) => s.type === 'synonym' && s.synonyms.includes('كمبيوتر محمول') && s.synonyms.includes('لابتوب'))).toBe(true)
    expect(sent).toContainEqual(expect.objectContaining({ type: 'oneWaySynonym', input: 'شاشه', synonyms: ['تلفزيون'] }))
  })

  it('replaces every record through a temporary index moved into place (no moment without results)', () => {
    const batches = writes.filter((c) => /^\/1\/indexes\/products_en_tmp_\d+\/batch$/.test(c.path))
    const sent = batches.flatMap((b) => (b.body!.requests as { body: Record<string, unknown> }[]).map((r) => r.body))
    expect(sent.map((o) => o.objectID).sort()).toEqual(rows.map((r) => String(r.entity_id)).sort())
    const move = writes.find((c) => /^\/1\/indexes\/products_en_tmp_\d+\/operation$/.test(c.path) && c.body?.operation === 'move')
    expect(move?.body?.destination).toBe('products_en')
    // The move comes after the records.
    expect(writes.indexOf(move!)).toBeGreaterThan(writes.indexOf(batches.at(-1)!))
  })

  it('sends the hit the storefront reads plus what Algolia searches, facets and sorts on', () => {
    const record = productRecords(rows, 'ar', new Date())[0]!
    const object = algoliaObject(record)
    expect(object).toMatchObject({
      objectID: record.objectID,
      name: record.document!.name,
      search_brand: record.searchable.brand,
      category: record.attributes.category,
    })
    expect(typeof object.price).toBe('number')
    expect(typeof object.created_at_timestamp).toBe('number')
  })

  it('settles each settings write before the records depend on it', () => {
    const firstBatch = writes.findIndex((c) => c.path.endsWith('/batch') && !c.path.includes('synonyms'))
    const firstSettings = calls.findIndex((c) => c.path.endsWith('/settings'))
    const waited = calls.findIndex((c) => c.method === 'GET' && c.path.includes('/task/'))
    expect(firstSettings).toBeLessThan(waited)
    expect(calls.indexOf(writes[firstBatch]!)).toBeGreaterThan(waited)
    expect(log).toHaveLength(4)
  })
})
