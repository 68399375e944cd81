/**
 * Per-request context for the whole Worker (pages, /api, /commerce, /1): the request id and what
 * the cache did, so one structured log line per request can say both.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { withSecurityHeaders } from './security-headers'

type CacheOutcome = 'hit' | 'miss'
/** What the edge page cache did for a page (worker/http/page-cache.ts). */
export type PageCacheOutcome = 'hit' | 'stale' | 'miss' | 'bypass'

interface RequestContext {
  id: string
  cache: CacheOutcome[]
  /** What the page being rendered shows, by tag (`category:12`, `product:345`): what purges it. */
  pageTags: Set<string>
  page?: PageCacheOutcome
  /** Values read once per request (a page's frame and its body both need the category tree). */
  memo: Map<string, Promise<unknown>>
  /** A part of the page could not be loaded (a server function failed): the page says so, and is not kept. */
  degraded: boolean
  /** Its trips to D1 and the Durable Objects (worker/http/storage-trips.ts). */
  trips: StorageTrips
}

/**
 * What a request asked of storage: D1 statements run (each of a batch counted), D1 batches, Durable Object calls, and
 * how many of those trips waited one after another (calls made while another was on its way count with it): the
 * figure that costs the shopper time when D1's primary is far away (docs/architecture.md, "Trips to storage").
 */
export interface StorageTrips {
  d1: number
  d1Batches: number
  do: number
  serialTrips: number
  /** Calls on their way now: a call that starts while none is, is a new serial trip. */
  inFlight: number
}

export const noTrips = (): StorageTrips => ({ d1: 0, d1Batches: 0, do: 0, serialTrips: 0, inFlight: 0 })

const storage = new AsyncLocalStorage<RequestContext>()

export function currentRequestId(): string | undefined {
  return storage.getStore()?.id
}

/** Called by the KV cache helper so the request's log line shows hits and misses. */
export function recordCacheOutcome(outcome: CacheOutcome): void {
  storage.getStore()?.cache.push(outcome)
}

/** Says the page being rendered shows these (worker/http/page-cache.ts); outside a page render it does nothing. */
export function tagPage(...tags: string[]): void {
  const context = storage.getStore()
  for (const tag of tags) context?.pageTags.add(tag)
}

export function pageTagsOfRequest(): string[] {
  return [...(storage.getStore()?.pageTags ?? [])]
}

/**
 * Says a part of the page being rendered could not be loaded (docs/architecture.md, "Faults"): the page shows what it
 * has, and the edge page cache does not keep it, or it would go on showing the gap after the outage.
 */
export function markPageDegraded(): void {
  const context = storage.getStore()
  if (context) context.degraded = true
}

export function pageIsDegraded(): boolean {
  return storage.getStore()?.degraded ?? false
}

/** The trips of the request being handled; outside a request (tests, scheduled jobs) a counter nobody reads. */
export function tripsOfRequest(): StorageTrips {
  return storage.getStore()?.trips ?? noTrips()
}

export function recordPageCache(outcome: PageCacheOutcome): void {
  const context = storage.getStore()
  if (context) context.page = outcome
}

/** Loads a value once per request; outside a request (tests, scripts) it simply loads. */
export function requestMemo<T>(key: string, load: () => Promise<T>): Promise<T> {
  const memo = storage.getStore()?.memo
  if (!memo) return load()
  const existing = memo.get(key) as Promise<T> | undefined
  if (existing) return existing
  const loading = load()
  memo.set(key, loading)
  // A failed read is not kept: a later caller in the same request may try again.
  loading.catch(() => memo.delete(key))
  return loading
}

function summariseCache(outcomes: CacheOutcome[]): 'hit' | 'miss' | 'partial' | 'none' {
  if (outcomes.length === 0) return 'none'
  if (outcomes.every((o) => o === 'hit')) return 'hit'
  if (outcomes.every((o) => o === 'miss')) return 'miss'
  return 'partial'
}

/**
 * Runs one request: gives it an id (the caller's x-request-id when well formed), adds the security
 * headers and the id to the response, and writes one JSON log line.
 */
export async function handleWithContext(request: Request, handle: () => Promise<Response>): Promise<Response> {
  const incoming = request.headers.get('x-request-id')
  const id = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID()
  const context: RequestContext = { id, cache: [], pageTags: new Set(), memo: new Map(), degraded: false, trips: noTrips() }
  const started = Date.now()
  const url = new URL(request.url)
  let status = 500
  try {
    const response = withSecurityHeaders(await storage.run(context, handle))
    response.headers.set('x-request-id', id)
    status = response.status
    return response
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', id, message: String(error), stack: (error as Error)?.stack }))
    const response = withSecurityHeaders(Response.json({ error: { status: 500, message: 'Internal error', requestId: id } }, { status: 500 }))
    response.headers.set('x-request-id', id)
    return response
  } finally {
    console.log(
      JSON.stringify({
        level: 'info',
        id,
        method: request.method,
        path: url.pathname,
        status,
        durationMs: Date.now() - started,
        cache: summariseCache(context.cache),
        ...(context.page ? { page: context.page } : {}),
        d1: context.trips.d1,
        d1Batches: context.trips.d1Batches,
        do: context.trips.do,
        serialTrips: context.trips.serialTrips,
      }),
    )
  }
}
