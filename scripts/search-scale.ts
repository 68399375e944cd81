// The embedded search engine in this process (no Worker, no D1 hop), at a catalogue size: how long the four indexes
// take to build, how much memory they hold and how large their KV snapshots are, and each typed query's cost.
// Memory is measured, not estimated, as an isolate holds the indexes: a fresh Node process (Node's V8 is the engine
// workerd runs) reads the four KV snapshots and answers a query from each; what it holds then (V8's used heap plus array
// buffers, after a full garbage collection) less what it held before reading them. Used by npm run bench;
// alone: tsx scripts/search-scale.ts 100000
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { appConfig } from '../app.config'
import { SearchIndex, SearchIndexBuilder, type SearchQuery } from '../worker/search/engine'
import { productRecords, SuggestionWeights } from '../worker/search/records'
import { generateCatalogue } from '../worker/seed/demo-catalogue'
import { documentRowsOf } from '../worker/seed/document-rows'
import { typedQueries } from './search-bench'

const gc = (globalThis as { gc?: () => void }).gc
function heldBytes(): number {
  gc?.()
  gc?.()
  const usage = process.memoryUsage()
  return usage.heapUsed + usage.arrayBuffers
}

interface ScaleFigures {
  products: number
  buildMs: number
  /** What an isolate holding the four indexes (read from their snapshots) holds for them. */
  heldMb: number
  snapshotMb: number
  median: number
  p95: number
}

export function searchAtScale(products: number | undefined): ScaleFigures {
  let rows: ReturnType<typeof documentRowsOf> | null = documentRowsOf(generateCatalogue(products ? { products } : {}))
  const count = rows.length
  const now = new Date()
  const started = performance.now()
  const indexes = new Map<string, SearchIndex>()
  for (const locale of appConfig.locales.all) {
    const builder = new SearchIndexBuilder()
    // Pages of 2,000 rows, as the Worker reads them (worker/search/indexes.ts).
    for (let at = 0; at < rows.length; at += 2000)
      for (const record of productRecords(rows.slice(at, at + 2000), locale, now, { withDocuments: false })) builder.add(record)
    indexes.set(`products_${locale}`, builder.build())
    indexes.set(`suggestions_${locale}`, new SearchIndex(new SuggestionWeights(locale).add(rows).records()))
  }
  const buildMs = performance.now() - started
  // Dropped before the snapshots and the latency rounds, so the collector can take the generated catalogue.
  // eslint-disable-next-line no-useless-assignment -- the assignment frees the rows, it is read by nothing
  rows = null
  const folder = mkdtempSync(join(tmpdir(), 'search-snapshots-'))
  let snapshotBytes = 0
  for (const [name, index] of indexes) {
    const snapshot = index.toSnapshot()
    snapshotBytes += snapshot.byteLength
    writeFileSync(join(folder, name), new Uint8Array(snapshot))
  }
  const held = Number(
    execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', new URL(import.meta.url).pathname, '--held', folder]).toString(),
  )
  rmSync(folder, { recursive: true })
  const base: Omit<SearchQuery, 'query'> = { filters: [], facets: [], page: 0, hitsPerPage: 24, highlightPreTag: '<em>', highlightPostTag: '</em>' }
  const latencies: number[] = []
  for (let round = 0; round < 12; round++) {
    for (const query of typedQueries) {
      const locale = /[\u0600-\u06FF]/.test(query) ? 'ar' : 'en'
      const t = performance.now()
      // The search box: suggestions, then 6 products in stock in the city; the results page: 24 with facets.
      indexes.get(`suggestions_${locale}`)!.search({ ...base, query, hitsPerPage: 9 })
      indexes.get(`products_${locale}`)!.rankPage({ ...base, query, hitsPerPage: 6, filters: [[{ attribute: 'stock_region_ids', value: '1101' }]] })
      indexes.get(`products_${locale}`)!.rankPage({ ...base, query, facets: ['brand', 'category'] })
      if (round >= 2) latencies.push(performance.now() - t)
    }
  }
  latencies.sort((a, b) => a - b)
  return {
    products: count,
    buildMs,
    heldMb: held / 1024 / 1024,
    snapshotMb: snapshotBytes / 1024 / 1024,
    median: latencies[Math.floor(latencies.length / 2)]!,
    p95: latencies[Math.floor(latencies.length * 0.95)]!,
  }
}

/** In a fresh process: the bytes the snapshots in `folder` hold once read as indexes and asked a query each. */
function heldBySnapshots(folder: string): number {
  if (!gc) throw new Error('run with --expose-gc')
  const before = heldBytes()
  const indexes = readdirSync(folder).map((name) => {
    const bytes = readFileSync(join(folder, name))
    return SearchIndex.fromSnapshot(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))!
  })
  for (const index of indexes)
    index.rankPage({ query: 'a', filters: [], facets: ['brand'], page: 0, hitsPerPage: 24, highlightPreTag: '', highlightPostTag: '' })
  const held = heldBytes() - before
  // Keeps the indexes alive until measured.
  if (indexes.length < 0) console.log(indexes)
  return held
}

if (process.argv[2] === '--held') process.stdout.write(String(heldBySnapshots(process.argv[3]!)))
else if (import.meta.url === `file://${process.argv[1]}`) console.log(searchAtScale(process.argv[2] ? Number(process.argv[2]) : undefined))
