/**
 * Each category's listing index (worker/catalogue/listing.ts, docs/decisions/0011-listing-indexes.md), kept where it
 * costs least to read:
 * 1. this isolate's memory (at most `serverLimits.listingIndex.memoryBytes`, the least recently used dropped first);
 * 2. a binary snapshot in KV (`v1:listing-index:<category>`), so a new isolate decodes one value instead of reading
 *    every product of the category from D1;
 * 3. built from D1, then kept in both.
 *
 * An index is current while the catalogue version it was built from is the current one and nothing shown on the
 * category's pages changed after it was built: the same marks the page cache follows, written by
 * worker/catalogue/page-purge.ts when a sale empties a city's stock, a cancellation gives stock back or a product
 * changes. The build time is taken before D1 is read, so a change during the build leaves the index old.
 */
import { waitUntil } from 'cloudflare:workers'
import { serverLimits } from '../../config/server-limits'
import { catalogueChanges } from '../http/page-cache'
import { cacheKeyVersion } from '../storage/kv-cache'
import { packArrays, unpackArrays } from '../storage/packed-arrays'
import { productStore } from '../storage/product-store'
import { buildListingIndex, listingArrays, type ListingIndex } from './listing'

interface KeptIndex {
  index: ListingIndex
  version: string
  builtAt: number
  bytes: number
}

const snapshotKey = (categoryId: number) => `${cacheKeyVersion}:listing-index:${categoryId}`
/** 2: packed by worker/storage/packed-arrays.ts (1 had its own layout). */
const snapshotFormat = 2

const inMemory = new Map<number, KeptIndex>()
let inMemoryBytes = 0
const building = new Map<number, Promise<KeptIndex>>()

/** Forget the listing indexes this isolate keeps in memory (tests, which share one isolate). */
export function dropListingIndexes() {
  inMemory.clear()
  inMemoryBytes = 0
  building.clear()
}

function keep(categoryId: number, kept: KeptIndex): void {
  const old = inMemory.get(categoryId)
  if (old) inMemoryBytes -= old.bytes
  inMemory.delete(categoryId)
  inMemory.set(categoryId, kept)
  inMemoryBytes += kept.bytes
  for (const [oldest, entry] of inMemory) {
    if (inMemoryBytes <= serverLimits.listingIndex.memoryBytes || oldest === categoryId) break
    inMemory.delete(oldest)
    inMemoryBytes -= entry.bytes
  }
}

const isCurrent = (kept: KeptIndex | null | undefined, version: string, changedAt: number): kept is KeptIndex =>
  !!kept && kept.version === version && kept.builtAt > changedAt

/**
 * The category's listing index as it is now. With KV unreadable, whether an index is current cannot be told: the one
 * this isolate holds is used as it is, or one is built from D1 and neither read from nor written to KV
 * (docs/architecture.md, "Faults").
 */
export async function listingIndexOf(env: Env, categoryId: number): Promise<ListingIndex> {
  const changes = await catalogueChanges(env, [`category:${categoryId}`]).catch((error: unknown) => {
    console.error(JSON.stringify({ level: 'error', message: 'listing index: KV unreadable, built from D1', error: String(error) }))
    return null
  })
  if (!changes) {
    const held = inMemory.get(categoryId)
    if (held) return held.index
    // Kept under no catalogue version: used while KV stays out, rebuilt at the first read once it is back.
    const index = buildListingIndex(await productStore(env.DB).listingRecords(categoryId))
    keep(categoryId, { index, version: '', builtAt: Date.now(), bytes: encodeSnapshot(index, '', 0).byteLength })
    return index
  }
  const { version, changedAt } = changes
  const known = inMemory.get(categoryId)
  if (isCurrent(known, version, changedAt)) {
    keep(categoryId, known) // most recently used
    return known.index
  }
  // Requests of one isolate that arrive together share one read or build.
  let pending = building.get(categoryId)
  if (!pending) {
    pending = freshIndex(env, categoryId, version, changedAt).finally(() => building.delete(categoryId))
    building.set(categoryId, pending)
  }
  const kept = await pending
  keep(categoryId, kept)
  return kept.index
}

async function freshIndex(env: Env, categoryId: number, version: string, changedAt: number): Promise<KeptIndex> {
  // A snapshot KV cannot give or keep is only a slower build: the index comes from D1 (docs/architecture.md, "Faults").
  const snapshot = await env.CACHE.get(snapshotKey(categoryId), 'arrayBuffer').catch(() => null)
  const decoded = snapshot ? decodeSnapshot(snapshot) : null
  if (isCurrent(decoded, version, changedAt)) return decoded
  const builtAt = Date.now()
  const index = buildListingIndex(await productStore(env.DB).listingRecords(categoryId))
  const encoded = encodeSnapshot(index, version, builtAt)
  waitUntil(env.CACHE.put(snapshotKey(categoryId), encoded, { expirationTtl: serverLimits.listingIndex.snapshotSeconds }).catch(() => undefined))
  return { index, version, builtAt, bytes: encoded.byteLength }
}

const arrayNames = Object.keys(listingArrays) as (keyof typeof listingArrays)[]

interface SnapshotHeader {
  format: number
  version: string
  builtAt: number
  size: number
  brands: ListingIndex['brands']
  regions: number[]
}

/** The snapshot: the header (format, version, build time, size, brands, regions) and the index's arrays, packed. */
export function encodeSnapshot(index: ListingIndex, version: string, builtAt: number): ArrayBuffer {
  const header: SnapshotHeader = { format: snapshotFormat, version, builtAt, size: index.size, brands: index.brands, regions: index.regions }
  return packArrays(header, Object.fromEntries(arrayNames.map((name) => [name, index[name]])))
}

/** Reads a snapshot back; null when it is of another format or cut short (then the index is built again). */
export function decodeSnapshot(buffer: ArrayBuffer): KeptIndex | null {
  const unpacked = unpackArrays<SnapshotHeader>(buffer)
  if (!unpacked || unpacked.header.format !== snapshotFormat) return null
  const { header, arrays } = unpacked
  if (arrayNames.some((name) => !(arrays[name] instanceof listingArrays[name]) || arrays[name].length !== header.size)) return null
  const index = { size: header.size, brands: header.brands, regions: header.regions, ...arrays } as ListingIndex
  return { index, version: header.version, builtAt: header.builtAt, bytes: buffer.byteLength }
}
