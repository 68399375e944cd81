/**
 * Read-through KV cache. Key scheme (documented in the README):
 *   v1:category-tree:{ar|en}   the whole category tree, as /api/category/tree returns it
 *   v1:regions:{ar|en}         the region list, placeholder first
 *   v1:delivery:{ar|en}        each city's delivery rules and showrooms (shipping methods, docs/architecture.md "Trips to storage")
 *   v1:home:{ar|en}            the home content documents
 *   v1:footer:{ar|en}          the footer document
 *   v1:catalogue-version        a random id; search indexes and cached pages are rebuilt when it changes (seeding drops it)
 *   v1:page-purge:{tag}         when pages showing the tag last changed (worker/http/page-cache.ts)
 * Bump the version prefix when a cached shape changes, so old entries are never read.
 */
import { recordCacheOutcome, requestMemo } from '../http/request-context'

export const cacheKeyVersion = 'v1'

export const cacheKinds = ['category-tree', 'regions', 'delivery', 'home', 'footer', 'brand-labels'] as const
type CacheKind = (typeof cacheKinds)[number]

export function cacheKey(kind: CacheKind, locale: string): string {
  return `${cacheKeyVersion}:${kind}:${locale}`
}

/** Every key the cache can hold: what a re-seed must drop so pages show the new data at once. */
export function allCacheKeys(): string[] {
  return [...cacheKinds.flatMap((kind) => ['ar', 'en'].map((locale) => cacheKey(kind, locale))), catalogueVersionKey]
}

/** Names the catalogue's current state for the search indexes; dropping it (re-seed) makes them rebuild. */
export const catalogueVersionKey = `${cacheKeyVersion}:catalogue-version`

/** The catalogue's current version, started when missing (a re-seed drops it): search indexes and cached pages follow it. */
export async function currentCatalogueVersion(kv: KVNamespace): Promise<string> {
  const version = await kv.get(catalogueVersionKey)
  if (version) return version
  const fresh = crypto.randomUUID()
  await kv.put(catalogueVersionKey, fresh)
  return fresh
}

function logKvFailure(operation: 'get' | 'put', key: string, error: unknown): void {
  console.error(JSON.stringify({ level: 'error', message: `KV ${operation} failed, served from the source`, key, error: String(error) }))
}

export function kvCache(kv: KVNamespace) {
  return {
    /**
     * Returns the cached value, or loads it, stores it for ttlSeconds and returns it. Read once per
     * request: callers share the parsed value and must not change it.
     */
    getOrLoad<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
      return requestMemo(`kv:${key}`, async () => {
        // KV is a cache in front of D1, never the only copy (docs/architecture.md, "Faults"): when it fails, the
        // value is loaded from its source and the page still answers; a failed write is only a missed cache.
        const cached = await kv.get<T>(key, 'json').catch((error: unknown) => (logKvFailure('get', key, error), null))
        if (cached !== null) {
          recordCacheOutcome('hit')
          return cached
        }
        recordCacheOutcome('miss')
        const value = await load()
        await kv
          .put(key, JSON.stringify(value), { expirationTtl: Math.max(60, ttlSeconds) })
          .catch((error: unknown) => logKvFailure('put', key, error))
        return value
      })
    },
    /** Drops every cached entry of one kind (after the catalogue or content changes). */
    async invalidate(kind: CacheKind): Promise<void> {
      await Promise.all(['ar', 'en'].map((locale) => kv.delete(cacheKey(kind, locale))))
    },
  }
}
