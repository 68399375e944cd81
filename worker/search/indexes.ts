/**
 * The embedded indexes by name (app.config.ts search.indexNames), built from D1 on first use in an
 * isolate. They are rebuilt when the catalogue version in KV changes (a re-seed drops it; checked at
 * most every search.versionCheckSeconds) and when older than search.indexMaxAgeSeconds (stock and
 * prices move with orders). Concurrent requests share one build.
 */
import { appConfig, type Locale } from '../../app.config'
import { allDocumentRows } from '../catalogue/product-documents'
import { catalogueVersionKey } from '../storage/kv-cache'
import { SearchIndex, type ReplicaSort } from './engine'
import { productRecords, suggestionRecords } from './records'

type Kind = 'products' | 'suggestions'

const names = new Map<string, { kind: Kind; locale: Locale }>()
for (const kind of ['products', 'suggestions'] as const) {
  for (const locale of appConfig.locales.all) names.set(appConfig.search.indexNames[kind][locale], { kind, locale })
}

/** Replicas of the product indexes, one per order (Algolia's way to sort): products_en_price_asc. */
export const replicaSorts: readonly ReplicaSort[] = ['price_asc', 'price_desc', 'newest']

/** The index an index name reads, and the replica order it asks for. */
export function resolveIndex(name: string): { base: string; sort?: ReplicaSort } | null {
  if (names.has(name)) return { base: name }
  for (const sort of replicaSorts) {
    const base = name.endsWith(`_${sort}`) ? name.slice(0, -sort.length - 1) : null
    if (base && names.get(base)?.kind === 'products') return { base, sort }
  }
  return null
}

interface Built {
  at: number
  version: string
  indexes: Promise<Map<string, SearchIndex>>
}

let built: Built | null = null
let versionSeen: { at: number; version: string } | null = null

/** The catalogue's version, read from KV at most every versionCheckSeconds; a missing one is started. */
async function catalogueVersion(kv: KVNamespace, now: number): Promise<string> {
  if (versionSeen && now - versionSeen.at < appConfig.search.versionCheckSeconds * 1000) return versionSeen.version
  let version = await kv.get(catalogueVersionKey)
  if (!version) {
    version = crypto.randomUUID()
    await kv.put(catalogueVersionKey, version)
  }
  versionSeen = { at: now, version }
  return version
}

async function buildAll(db: D1Database): Promise<Map<string, SearchIndex>> {
  const rows = await allDocumentRows(db)
  const now = new Date()
  const indexes = new Map<string, SearchIndex>()
  for (const [name, { kind, locale }] of names) {
    indexes.set(name, new SearchIndex(kind === 'products' ? productRecords(rows, locale, now) : suggestionRecords(rows, locale)))
  }
  return indexes
}

export async function searchIndex(env: Pick<Env, 'DB' | 'CACHE'>, name: string, now = Date.now()): Promise<SearchIndex> {
  const version = await catalogueVersion(env.CACHE, now)
  if (!built || built.version !== version || now - built.at > appConfig.search.indexMaxAgeSeconds * 1000) {
    const next: Built = { at: now, version, indexes: buildAll(env.DB) }
    built = next
    // A failed build is not kept: the next request tries again.
    next.indexes.catch(() => {
      if (built === next) built = null
    })
  }
  const index = (await built.indexes).get(name)
  if (!index) throw new Error(`unknown index ${name}`)
  return index
}

/** Forget the built indexes (tests, and after a catalogue change in this isolate). */
export function dropSearchIndexes() {
  built = null
  versionSeen = null
}
