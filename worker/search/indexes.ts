/**
 * The embedded indexes by name (app.config.ts search.indexNames), each made on first use in an
 * isolate: loaded from its snapshot in KV when one is fresh, else built from D1 (and the snapshot
 * written for the next isolate). A catalogue change (the version in KV, checked at most every
 * search.versionCheckSeconds) makes every index start again; an index older than
 * search.indexMaxAgeSeconds (stock and prices move with orders) keeps answering while a fresh one
 * is made in the background. Concurrent requests share one load or build.
 */
import { waitUntil } from 'cloudflare:workers'
import { appConfig, serverLimits, type Locale } from '../../app.config'
import { allDocumentRows, type DocumentRow } from '../storage/product-documents'
import { cacheKeyVersion, currentCatalogueVersion } from '../storage/kv-cache'
import { replicaSorts, SearchIndex, type IndexSnapshot, type ReplicaSort } from './engine'
import { productRecords, suggestionRecords } from './records'

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
const snapshotTtlSeconds = 24 * 60 * 60

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
  /** One D1 read serves the builds that start together (a cold isolate's first searches). */
  rows?: { at: number; rows: Promise<DocumentRow[]> }
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

function catalogueRows(db: D1Database, generation: Generation, now: number): Promise<DocumentRow[]> {
  if (!generation.rows || now - generation.rows.at > serverLimits.search.versionCheckSeconds * 1000) {
    const rows = allDocumentRows(db)
    generation.rows = { at: now, rows }
    rows.catch(() => {
      if (generation.rows?.rows === rows) generation.rows = undefined
    })
  }
  return generation.rows.rows
}

/** A snapshot made less than the index's age ago; an older one is not even read (only its metadata). */
async function readFreshSnapshot(kv: KVNamespace, key: string, now: number): Promise<Made | null> {
  const { value, metadata } = await kv.getWithMetadata<{ builtAt: number }>(key, 'stream')
  if (!value) return null
  if (!metadata || now - metadata.builtAt > maxAgeMs) {
    await value.cancel()
    return null
  }
  const snapshot = await new Response(value.pipeThrough(new DecompressionStream('gzip'))).json<IndexSnapshot>()
  return { index: SearchIndex.fromSnapshot(snapshot), builtAt: metadata.builtAt }
}

async function writeSnapshot(kv: KVNamespace, key: string, made: Made): Promise<void> {
  const json = new Blob([JSON.stringify(made.index.toSnapshot())]).stream()
  const gzipped = await new Response(json.pipeThrough(new CompressionStream('gzip'))).arrayBuffer()
  if (gzipped.byteLength > kvValueLimitBytes) return
  await kv.put(key, gzipped, { metadata: { builtAt: made.builtAt }, expirationTtl: snapshotTtlSeconds })
}

/** The index from KV when its snapshot is fresh (another isolate made it), else built from D1. */
async function make(env: Pick<Env, 'DB' | 'CACHE'>, generation: Generation, name: string, now: number): Promise<Made> {
  const key = snapshotKey(generation.version, name)
  const stored = await readFreshSnapshot(env.CACHE, key, now).catch(() => null)
  if (stored) return stored
  const { kind, locale } = names.get(name)!
  const rows = await catalogueRows(env.DB, generation, now)
  const records = kind === 'products' ? productRecords(rows, locale, new Date(now)) : suggestionRecords(rows, locale)
  const made = { index: new SearchIndex(records), builtAt: now }
  // The answer does not wait for the snapshot; a failed write only means the next isolate builds too.
  waitUntil(writeSnapshot(env.CACHE, key, made).catch(() => {}))
  return made
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

/** Forget the made indexes (tests). */
export function dropSearchIndexes() {
  generation = null
  versionSeen = null
}
