/**
 * The embedded indexes by name (app.config.ts search.indexNames), each made on first use in an isolate: read from its
 * packed snapshot in KV when one is fresh, else built from D1 (docs/decisions/0012-search-at-scale.md). One build
 * reads the catalogue once, in pages, and makes all four indexes (products and suggestions, both languages), writing
 * each one's snapshot for the next isolate. A catalogue change (the version in KV, checked at most every
 * search.versionCheckSeconds) makes every index start again; an index older than search.indexMaxAgeSeconds (stock and
 * prices move with orders) keeps answering while a fresh one is made in the background. Concurrent requests share one
 * load or build.
 */
import { waitUntil } from 'cloudflare:workers'
import { appConfig, type Locale } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { daysToSeconds } from '../../src/domain/time'
import { documentRowsByIds, documentRowsPage, toDocument, type DocumentRow } from '../storage/product-documents'
import { cacheKeyVersion, catalogueVersionKey, currentCatalogueVersion } from '../storage/kv-cache'
import { replicaSorts, SearchIndex, SearchIndexBuilder, type ReplicaSort, type SearchAnswer, type SearchQuery } from './engine'
import { productRecords, SuggestionWeights } from './records'

type Kind = 'products' | 'suggestions'

const names = new Map<string, { kind: Kind; locale: Locale }>()
for (const kind of ['products', 'suggestions'] as const) {
  for (const locale of appConfig.locales.all) names.set(appConfig.search.indexNames[kind][locale], { kind, locale })
}

/** The index an index name reads, and the replica order it asks for. */
export function resolveIndex(name: string): { base: string; sort?: ReplicaSort } | null {
  if (names.has(name)) return { base: name }
  for (const sort of replicaSorts) {
    const base = name.endsWith(`_${sort}`) ? name.slice(0, -sort.length - 1) : null
    if (base && names.get(base)?.kind === 'products') return { base, sort }
  }
  return null
}

const maxAgeMs = serverLimits.search.indexMaxAgeSeconds * 1000

/** KV's largest value; a bigger snapshot is not kept (the index is then built in each isolate). */
const kvValueLimitBytes = 25 * 1024 * 1024

/** Snapshots of a replaced catalogue version are never read again: KV drops them after a day. */
const snapshotTtlSeconds = daysToSeconds(1)

/** Products read from D1 per query while building: a page's rows are dropped once indexed. */
const buildPageRows = 2000

export const snapshotKey = (version: string, name: string) => `${cacheKeyVersion}:search-snapshot:${version}:${name}`

interface Made {
  index: SearchIndex
  /** When the data behind it was read from D1. */
  builtAt: number
}

interface Entry {
  made: Promise<Made>
  /** Set once made; until then the entry counts as fresh. */
  builtAt?: number
  refreshing?: boolean
}

interface Generation {
  version: string
  entries: Map<string, Entry>
  /** One build serves the indexes that start together (a cold isolate's first searches). */
  build?: { at: number; indexes: Promise<Map<string, Made>> }
}

let generation: Generation | null = null
let versionSeen: { at: number; version: string } | null = null

/** The catalogue's version, read from KV at most every versionCheckSeconds; a missing one is started. */
async function catalogueVersion(kv: KVNamespace, now: number): Promise<string> {
  if (versionSeen && now - versionSeen.at < serverLimits.search.versionCheckSeconds * 1000) return versionSeen.version
  const version = await currentCatalogueVersion(kv)
  versionSeen = { at: now, version }
  return version
}

/** How many builds this isolate has run (tests: a search answered from snapshots builds nothing). */
let builds = 0
export const searchBuildCount = () => builds

/**
 * Every index from one read of the catalogue, page by page; each snapshot written for the next isolate, in the
 * background unless `awaitSnapshots` (a build that must leave them in KV before it answers).
 */
async function buildAll(env: Pick<Env, 'DB' | 'CACHE'>, version: string, now: number, awaitSnapshots = false): Promise<Map<string, Made>> {
  builds++
  const at = new Date(now)
  const products = new Map(appConfig.locales.all.map((locale) => [locale, new SearchIndexBuilder()]))
  const suggestions = new Map(appConfig.locales.all.map((locale) => [locale, new SuggestionWeights(locale)]))
  for (let afterId = 0; ;) {
    const rows = await documentRowsPage(env.DB, afterId, buildPageRows)
    for (const locale of appConfig.locales.all) {
      const builder = products.get(locale)!
      for (const record of productRecords(rows, locale, at, { withDocuments: false })) builder.add(record)
      suggestions.get(locale)!.add(rows)
    }
    if (rows.length < buildPageRows) break
    afterId = rows.at(-1)!.entity_id
  }
  const made = new Map<string, Made>()
  for (const locale of appConfig.locales.all) {
    made.set(appConfig.search.indexNames.products[locale], { index: products.get(locale)!.build(), builtAt: now })
    // A builder's columns are as large as its index: let them go before the next is made.
    products.delete(locale)
    made.set(appConfig.search.indexNames.suggestions[locale], { index: new SearchIndex(suggestions.get(locale)!.records()), builtAt: now })
  }
  // The answer does not wait for the snapshots, written one after the other (each is a copy of its index, and the
  // isolate's memory is shared); a failed write only means the next isolate builds too.
  const writing = (async () => {
    for (const [name, index] of made) await writeSnapshot(env.CACHE, snapshotKey(version, name), index).catch(() => {})
  })()
  if (awaitSnapshots) await writing
  else waitUntil(writing)
  return made
}

function sharedBuild(env: Pick<Env, 'DB' | 'CACHE'>, generation: Generation, now: number): Promise<Map<string, Made>> {
  if (!generation.build || now - generation.build.at > serverLimits.search.versionCheckSeconds * 1000) {
    const indexes = buildAll(env, generation.version, now)
    generation.build = { at: now, indexes }
    indexes.catch(() => {
      if (generation.build?.indexes === indexes) generation.build = undefined
    })
  }
  return generation.build.indexes
}

/** A snapshot made less than the index's age ago; an older one is not even read (only its metadata). */
async function readFreshSnapshot(kv: KVNamespace, key: string, now: number): Promise<Made | null> {
  const { value, metadata } = await kv.getWithMetadata<{ builtAt: number }>(key, 'stream')
  if (!value) return null
  if (!metadata || now - metadata.builtAt > maxAgeMs) {
    await value.cancel()
    return null
  }
  const index = SearchIndex.fromSnapshot(await new Response(value).arrayBuffer())
  return index ? { index, builtAt: metadata.builtAt } : null
}

async function writeSnapshot(kv: KVNamespace, key: string, made: Made): Promise<void> {
  const packed = made.index.toSnapshot()
  if (packed.byteLength > kvValueLimitBytes) return
  await kv.put(key, packed, { metadata: { builtAt: made.builtAt }, expirationTtl: snapshotTtlSeconds })
}

/** The index from KV when its snapshot is fresh (another isolate made it), else built from D1. */
async function make(env: Pick<Env, 'DB' | 'CACHE'>, generation: Generation, name: string, now: number): Promise<Made> {
  const stored = await readFreshSnapshot(env.CACHE, snapshotKey(generation.version, name), now).catch(() => null)
  if (stored) return stored
  return (await sharedBuild(env, generation, now)).get(name)!
}

function start(env: Pick<Env, 'DB' | 'CACHE'>, generation: Generation, name: string, now: number): Entry {
  const entry: Entry = { made: make(env, generation, name, now) }
  entry.made.then(
    (made) => (entry.builtAt = made.builtAt),
    // A failed load is not kept: the next request tries again.
    () => generation.entries.get(name) === entry && generation.entries.delete(name),
  )
  return entry
}

export async function searchIndex(env: Pick<Env, 'DB' | 'CACHE'>, name: string, now = Date.now()): Promise<SearchIndex> {
  if (!names.has(name)) throw new Error(`unknown index ${name}`)
  const version = await catalogueVersion(env.CACHE, now)
  if (generation?.version !== version) generation = { version, entries: new Map() }
  const current = generation
  let entry = current.entries.get(name)
  if (!entry) {
    entry = start(env, current, name, now)
    current.entries.set(name, entry)
  } else if (entry.builtAt !== undefined && now - entry.builtAt > maxAgeMs && !entry.refreshing) {
    // Stale stock and prices are better than a shopper waiting for a build: answer from the old
    // index and swap in the fresh one when it is made.
    const stale = entry
    stale.refreshing = true
    const fresh = start(env, current, name, now)
    const swapped = fresh.made.then(
      () => current.entries.get(name) === stale && current.entries.set(name, fresh),
      () => (stale.refreshing = false),
    )
    waitUntil(swapped)
  }
  return (await entry.made).index
}

/**
 * The rows of products shown in hits lately, by entity id: the same few products answer most searches, and a D1 read
 * costs more than the search itself. Kept at most rowCacheSeconds, so a hit's stock is no older than that (the index's
 * own facts are older still); its price is worked out at each answer.
 */
const rowCache = new Map<number, { row: DocumentRow; at: number }>()
const rowCacheMax = 4000
const rowCacheMs = serverLimits.search.hitRowSeconds * 1000

async function hitRows(db: D1Database, ids: number[], now: number): Promise<Map<number, DocumentRow>> {
  const rows = new Map<number, DocumentRow>()
  const missing: number[] = []
  for (const id of ids) {
    const kept = rowCache.get(id)
    if (kept && now - kept.at < rowCacheMs) rows.set(id, kept.row)
    else missing.push(id)
  }
  for (const row of await documentRowsByIds(db, missing)) {
    rows.set(row.entity_id, row)
    rowCache.delete(row.entity_id)
    rowCache.set(row.entity_id, { row, at: now })
  }
  // The oldest first out (a Map keeps insertion order).
  for (const [id] of rowCache) {
    if (rowCache.size <= rowCacheMax) break
    rowCache.delete(id)
  }
  return rows
}

/**
 * A query answered by the named index, its hits with their documents: kept by the index (suggestions), or made from
 * the page's rows only, priced now (products). A product gone since the index was made is left out, except from an
 * answer that asked for ids only (its caller reads the products and finds it gone).
 */
export async function searchWithDocuments(env: Pick<Env, 'DB' | 'CACHE'>, name: string, q: SearchQuery, now = Date.now()): Promise<SearchAnswer> {
  const index = await searchIndex(env, name, now)
  if (index.keepsDocuments) return index.search(q)
  const ranked = index.rankPage(q)
  // A caller that retrieves nothing but the ids (the search page, which reads its cards itself) gets its highlighted
  // names from the index: no trip to D1 before the page's own (docs/architecture.md, "Trips to storage").
  if (index.holdsNames && q.attributesToRetrieve?.every((attribute) => attribute === 'objectID')) {
    return index.answerWith(
      ranked,
      q,
      ranked.hits.map(() => ({})),
    )
  }
  const rows = await hitRows(
    env.DB,
    ranked.hits.map((hit) => Number(hit.objectID)),
    now,
  )
  const { locale } = names.get(name)!
  const present = ranked.hits.flatMap((hit) => {
    const row = rows.get(Number(hit.objectID))
    return row ? [{ hit, document: toDocument(row, locale, new Date(now)) as unknown as Record<string, unknown> }] : []
  })
  return index.answerWith(
    { ...ranked, hits: present.map((p) => p.hit) },
    q,
    present.map((p) => p.document),
  )
}

/** Make every index now (the scheduled warm-up after a catalogue change), so no shopper's search waits for a build. */
export async function warmSearchIndexes(env: Pick<Env, 'DB' | 'CACHE'>): Promise<number> {
  const started = Date.now()
  await Promise.all([...names.keys()].map((name) => searchIndex(env, name)))
  return Date.now() - started
}

/**
 * After the catalogue was replaced (an import, a re-seed: docs/decisions/0018-catalogue-import.md): every index is
 * built from D1 under a new catalogue version and its snapshot written to KV, and only then is that version made the
 * current one. Until that moment searches keep answering from the last snapshots (and cached pages stay), and after it
 * the first search in any isolate reads a snapshot instead of waiting for a build (issue 48). The new version also
 * retires the cached pages and listing indexes, which follow it.
 */
export async function rebuildSearchForNewCatalogue(env: Pick<Env, 'DB' | 'CACHE'>, now = Date.now()): Promise<{ version: string; builtMs: number }> {
  const version = crypto.randomUUID()
  const made = await buildAll(env, version, now, true)
  await env.CACHE.put(catalogueVersionKey, version)
  // This isolate answers from what it has just made.
  generation = { version, entries: new Map([...made].map(([name, index]) => [name, { made: Promise.resolve(index), builtAt: index.builtAt }])) }
  versionSeen = { at: now, version }
  return { version, builtMs: Date.now() - now }
}

/** Forget the made indexes and kept rows (tests). */
export function dropSearchIndexes() {
  generation = null
  versionSeen = null
  rowCache.clear()
}
