// The engine choice (docs/decisions/0012-search-at-scale.md), measured: the embedded index against SQLite FTS5 (what D1
// runs) over the same generated catalogue, the same normalised text and synonyms, answering the
// /search page's query (24 hits, brand and category counts, in stock in region 1101, every word,
// the last as a prefix, relevance then popularity). Both run in this Node process, so the figures
// are the engines' own cost: in production FTS5 adds a D1 round trip per query, the embedded index a snapshot read per isolate.
import { DatabaseSync } from 'node:sqlite'
import { productRecords } from '../worker/search/records'
import { SearchIndex } from '../worker/search/engine'
import { synonymsOf } from '../worker/search/synonyms'
import { generateCatalogue } from '../worker/seed/demo-catalogue'
import { documentRowsOf } from '../worker/seed/document-rows'
import { normaliseSearchText, searchWords } from '../src/domain/search-text'
import { typedQueries } from './search-bench'

const region = 1101

function timings(run: () => void, rounds: number) {
  const latencies: number[] = []
  for (let i = 0; i < rounds; i++) {
    const started = performance.now()
    run()
    latencies.push(performance.now() - started)
  }
  latencies.sort((a, b) => a - b)
  return { median: latencies[Math.floor(latencies.length / 2)]!, p95: latencies[Math.floor(latencies.length * 0.95)]! }
}

function ftsIndex(rows: ReturnType<typeof documentRowsOf>) {
  const db = new DatabaseSync(':memory:')
  db.exec(`CREATE VIRTUAL TABLE docs USING fts5(name, brand, category, sku, tokenize = 'unicode61')`)
  db.exec('CREATE TABLE meta (id INTEGER PRIMARY KEY, brand TEXT, category TEXT, popularity INTEGER)')
  db.exec('CREATE TABLE stock (product_id INTEGER, region_id INTEGER, qty INTEGER, PRIMARY KEY (region_id, product_id))')
  const insertDoc = db.prepare('INSERT INTO docs (rowid, name, brand, category, sku) VALUES (?, ?, ?, ?, ?)')
  const insertMeta = db.prepare('INSERT INTO meta VALUES (?, ?, ?, ?)')
  const insertStock = db.prepare('INSERT INTO stock VALUES (?, ?, ?)')
  db.exec('BEGIN')
  for (const r of rows) {
    // The same normalised words the embedded engine indexes.
    const text = (s: string) => searchWords(s).join(' ')
    insertDoc.run(r.entity_id, text(r.name_en), text(`${r.brand_ar} ${r.brand_en}`), text(r.category_en), text(r.sku))
    insertMeta.run(r.entity_id, r.brand_en, r.category_en, r.popularity)
    for (const [regionId, qty] of Object.entries(JSON.parse(r.stock ?? '{}') as Record<string, number>))
      insertStock.run(r.entity_id, Number(regionId), qty)
  }
  db.exec('COMMIT')
  const matching = `SELECT m.id, m.brand, m.category, m.popularity, bm25(docs, 3, 2, 1, 1) AS score FROM docs JOIN meta m ON m.id = docs.rowid
    WHERE docs MATCH ?1 AND EXISTS (SELECT 1 FROM stock s WHERE s.region_id = ?2 AND s.product_id = m.id AND s.qty > 0)`
  const hits = db.prepare(`SELECT id FROM (${matching}) ORDER BY round(score, 1), popularity DESC LIMIT 24`)
  const count = db.prepare(`SELECT count(*) AS n FROM (${matching})`)
  const facets = db.prepare(`SELECT 'brand' AS facet, brand AS value, count(*) AS n FROM (${matching}) GROUP BY brand
    UNION ALL SELECT 'category', category, count(*) FROM (${matching}) GROUP BY category`)
  // Every word (AND), each with its synonyms (OR), the last one as a prefix; quoted so no word is read as syntax.
  const matchOf = (query: string) => {
    const words = searchWords(query)
    return words
      .map(
        (w, i) =>
          `(${synonymsOf(w)
            .map((s) => `"${s.replaceAll('"', '')}"${i === words.length - 1 ? '*' : ''}`)
            .join(' OR ')})`,
      )
      .join(' AND ')
  }
  return {
    search: (query: string) => ({ hits: hits.all(matchOf(query), region), facets: facets.all(matchOf(query), region) }),
    count: (query: string) => (count.get(matchOf(query), region) as { n: number }).n,
  }
}

export function compareEngines(products: number) {
  const rows = documentRowsOf(generateCatalogue({ products }))
  let started = performance.now()
  const mini = new SearchIndex(productRecords(rows, 'en', new Date()))
  const miniBuild = performance.now() - started
  started = performance.now()
  const fts = ftsIndex(rows)
  const ftsBuild = performance.now() - started
  const englishQueries = typedQueries.filter((q) => !/[\u0600-\u06FF]/.test(q)).map(normaliseSearchText)
  const query = {
    filters: [[{ attribute: 'stock_region_ids', value: String(region) }]],
    facets: ['brand', 'category'],
    page: 0,
    hitsPerPage: 24,
    highlightPreTag: '<em>',
    highlightPostTag: '</em>',
  }
  const rounds = englishQueries.length * 20
  let i = 0
  const m = timings(() => mini.search({ ...query, query: englishQueries[i++ % englishQueries.length]! }), rounds)
  i = 0
  const f = timings(() => fts.search(englishQueries[i++ % englishQueries.length]!), rounds)
  // Both engines must find the same products for the timings to mean anything.
  const found = englishQueries.map((q) => `${mini.search({ ...query, query: q }).nbHits}/${fts.count(q)}`).join(' ')
  const n = (x: number) => x.toFixed(2).padStart(8)
  console.log(
    `  ${String(rows.length).padStart(6)} products   embedded ${n(m.median)} ${n(m.p95)}  build ${n(miniBuild)}   FTS5 ${n(f.median)} ${n(f.p95)}  build ${n(ftsBuild)}   FTS5/embedded median x${(f.median / m.median).toFixed(2)}   hits per query ${found}`,
  )
}
