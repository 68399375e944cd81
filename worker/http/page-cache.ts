/**
 * The edge page cache (docs/decisions/0010-edge-page-cache.md): anonymous HTML of the pages every shopper sees the
 * same way (home, categories, products, search results, static pages, the blog), kept in the Workers Cache API of
 * the data centre that served it.
 *
 * - **Key**: the build, the path and query (the language is in the path), and what the server renders from cookies
 *   (src/lib/shopper-prefs.ts): the city, whether the app banner was dismissed, whether consent was given; and the
 *   Riyadh day the delivery dates on cards and product pages are promised from (`deliveryPromiseEpoch`,
 *   docs/decisions/0040-card-delivery-dates.md), so a page kept before midnight never promises yesterday's dates.
 *   Nothing else a request carries changes the HTML: the session, the cart and the favourites come from the browser after it.
 * - **Fresh** for `freshSeconds`, then served stale for up to `staleSeconds` while one background render replaces it.
 * - **Purged by tag**: a page records what it shows while it renders (`tagPage`: `frame`, `home`, `category:<id>`,
 *   `product:<id>`); `purgePageTags` writes when each tag last changed, and a cached page rendered before that moment
 *   is rendered again. Re-seeding the catalogue (a new catalogue version) purges every page.
 * - **Never personal**: only a 200 HTML answer without Set-Cookie is kept, and each answer from the cache gets a new
 *   CSP nonce (every occurrence of the stored one is replaced, in the header and the page).
 * - **Never in another language**: a page whose `<html lang>` is not its path's language is sent but not kept, and
 *   logged as an error. A render in the wrong language was seen once under the browser suite's load (an English
 *   address drawn in Arabic) and never reproduced; kept, it would have been every shopper's page for that address.
 * - **Says what it did**: `x-page-cache: hit | stale | miss | bypass`, and `page` in the request's log line.
 */
import { Buffer } from 'node:buffer'
import { parse } from 'hono/utils/cookie'
import { serverLimits } from '../../config/server-limits'
import { cookies } from '../../src/domain/cookies'
import { deliveryPromiseEpoch } from '../../src/domain/dates'
import { localeOfPath } from '../../src/domain/locale'
import { regionFrom } from '../../src/domain/region'
import { catalogueVersionKey, cacheKeyVersion, currentCatalogueVersion } from '../storage/kv-cache'
import { pageIsDegraded, pageTagsOfRequest, recordPageCache, type PageCacheOutcome } from './request-context'
import { newNonce } from './security-headers'

/** Pages that are the shopper's own (cart, checkout, account, invoice) or that no one shares (the development pages). */
const personalPaths = /^\/(?:en\/)?(?:cart|checkout|compare|user|track-order|invoice|dev)(?:\/|$)/

/** The build's id: a cached page names its scripts by their hashes, so a new build starts a new cache. */
const buildId = (import.meta.env.MATJAR_BUILD_ID as string | undefined) ?? 'dev' // vite.config.ts `define`s it in a build

const headers = {
  renderedAt: 'x-page-rendered-at',
  tags: 'x-page-tags',
  catalogueVersion: 'x-page-catalogue-version',
  /** What the render said to browsers: the kept copy's own Cache-Control is for the Cache API, never sent on. */
  browserCacheControl: 'x-page-browser-cache-control',
  outcome: 'x-page-cache',
} as const
const bookkeeping: string[] = [headers.renderedAt, headers.tags, headers.catalogueVersion, headers.browserCacheControl]

const purgeKey = (tag: string) => `${cacheKeyVersion}:page-purge:${tag}`

/**
 * What this isolate last read of KV (when each tag was purged, the catalogue version), kept `memoSeconds`: a cached view
 * then costs no I/O at all. KV is itself up to a minute late between data centres, so a few seconds here change
 * nothing a shopper could see; a purge made in this isolate is written here at once.
 */
const memo = new Map<string, { value: string; at: number }>()

async function readMemoised(env: Env, keys: string[], now: number): Promise<Map<string, string>> {
  const values = new Map<string, string>()
  const missing: string[] = []
  for (const key of keys) {
    const known = memo.get(key)
    if (known && now - known.at < serverLimits.pageCache.memoSeconds * 1000) values.set(key, known.value)
    else missing.push(key)
  }
  if (missing.length > 0) {
    const read = await env.CACHE.get(missing, 'text')
    for (const key of missing) {
      const value = read.get(key) ?? ''
      memo.set(key, { value, at: now })
      values.set(key, value)
    }
  }
  return values
}

/**
 * The hottest pages, kept in this isolate's memory in front of the Cache API (at most `memoryBytes`, the oldest
 * dropped first): a repeat view of the home page costs neither a Cache API read nor a copy of its headers.
 */
interface KeptPage {
  bytes: Uint8Array
  status: number
  headers: [string, string][]
}
const inMemory = new Map<string, KeptPage>()
let inMemoryBytes = 0

function keepInMemory(key: string, page: KeptPage): void {
  const old = inMemory.get(key)
  if (old) inMemoryBytes -= old.bytes.byteLength
  inMemory.delete(key)
  inMemory.set(key, page)
  inMemoryBytes += page.bytes.byteLength
  for (const [oldest, kept] of inMemory) {
    if (inMemoryBytes <= serverLimits.pageCache.memoryBytes) break
    inMemory.delete(oldest)
    inMemoryBytes -= kept.bytes.byteLength
  }
}

function isCacheablePage(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  return !personalPaths.test(new URL(request.url).pathname)
}

/** The cache key: everything the anonymous HTML depends on, and nothing else (see the header). */
function pageCacheKey(request: Request, now: number): Request {
  const url = new URL(request.url)
  const jar = parse(request.headers.get('cookie') ?? '')
  const key = new URL(`https://page-cache.invalid/${buildId}${url.pathname}`)
  const query = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  for (const [name, value] of query) key.searchParams.append(name, value)
  key.searchParams.set('__host', url.host)
  key.searchParams.set('__city', String(regionFrom(jar[cookies.region.name]) ?? 'none'))
  key.searchParams.set('__banner', jar[cookies.mobileAppBanner.name] === undefined ? '1' : '0')
  key.searchParams.set('__consent', jar[cookies.consent.name] === undefined ? '0' : '1')
  key.searchParams.set('__day', deliveryPromiseEpoch(new Date(now)))
  return new Request(key.toString(), { method: 'GET' })
}

/** Marks every page showing one of these as changed: its next view renders again (docs/decisions/0010). */
export async function purgePageTags(env: Env, tags: Iterable<string>, now = Date.now()): Promise<void> {
  await Promise.all(
    [...new Set(tags)].map((tag) => {
      memo.set(purgeKey(tag), { value: String(now), at: now })
      return env.CACHE.put(purgeKey(tag), String(now))
    }),
  )
}

/**
 * The catalogue's version and when any of these tags last changed, read as the cache reads them (memoised for
 * `memoSeconds`): what else is derived from the catalogue, such as the listing indexes, follows the same marks.
 */
export async function catalogueChanges(env: Env, tags: readonly string[], now = Date.now()): Promise<{ version: string; changedAt: number }> {
  const values = await readMemoised(env, [catalogueVersionKey, ...tags.map(purgeKey)], now)
  let version = values.get(catalogueVersionKey) ?? ''
  if (!version) {
    version = await currentCatalogueVersion(env.CACHE)
    memo.set(catalogueVersionKey, { value: version, at: now })
  }
  return { version, changedAt: Math.max(0, ...tags.map((tag) => Number(values.get(purgeKey(tag)) || 0))) }
}

/** Whether a cached page is still what its tags and the catalogue say: at most one KV read for all of them. */
async function stillCurrent(env: Env, page: KeptPage, now: number): Promise<boolean> {
  const header = (name: string) => page.headers.find(([n]) => n === name)?.[1] ?? ''
  const renderedAt = Number(header(headers.renderedAt))
  const tags = header(headers.tags).split(',').filter(Boolean)
  const values = await readMemoised(env, [catalogueVersionKey, ...tags.map(purgeKey)], now)
  if ((values.get(catalogueVersionKey) ?? '') !== header(headers.catalogueVersion)) return false
  return tags.every((tag) => Number(values.get(purgeKey(tag)) || 0) < renderedAt)
}

/**
 * Writes `fresh` over every occurrence of `stored` in the page's bytes, in place: both are nonces of one length, so
 * nothing moves, and the page is never decoded to text (a cached view costs about what its bytes cost to copy).
 */
export function replaceInPlace(bytes: Uint8Array, stored: string, fresh: string): void {
  const page = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const from = Buffer.from(stored)
  const to = Buffer.from(fresh)
  if (from.length !== to.length) throw new Error('a nonce changed length')
  for (let at = page.indexOf(from); at !== -1; at = page.indexOf(from, at + from.length)) to.copy(page, at)
}

/** The cached page with a fresh nonce, and without the cache's own bookkeeping. */
function fromCache(page: KeptPage, outcome: PageCacheOutcome, request: Request): Response {
  recordPageCache(outcome)
  const out = new Headers()
  let stored: string | undefined
  const fresh = newNonce()
  for (const [name, value] of page.headers) {
    if (bookkeeping.includes(name) || name === 'cache-control') continue
    if (name === 'content-security-policy') {
      stored = /'nonce-([^']+)'/.exec(value)?.[1]
      out.set(name, stored ? value.replaceAll(stored, fresh) : value)
    } else out.set(name, value)
  }
  const browserCacheControl = page.headers.find(([name]) => name === headers.browserCacheControl)?.[1]
  if (browserCacheControl) out.set('cache-control', browserCacheControl)
  out.set(headers.outcome, outcome)
  if (request.method === 'HEAD') return new Response(null, { status: page.status, headers: out })
  // A copy per answer: the kept bytes serve the next view too.
  const bytes = page.bytes.slice()
  if (stored) replaceInPlace(bytes, stored, fresh)
  return new Response(bytes, { status: page.status, headers: out })
}

/** The page under `key`: from this isolate's memory, else from the Cache API (and then kept in memory). */
async function lookUp(key: Request): Promise<KeptPage | null> {
  const known = inMemory.get(key.url)
  if (known) return known
  const cached = await (await caches.open('pages')).match(key)
  if (!cached) return null
  const page = { bytes: new Uint8Array(await cached.arrayBuffer()), status: cached.status, headers: [...cached.headers] }
  keepInMemory(key.url, page)
  return page
}

/** Pages being rendered again in the background by this isolate: one refresh per page at a time. */
const refreshing = new Set<string>()

/** Forget what this isolate keeps in memory: the pages and what it read of KV (tests, which share one isolate). */
export function dropKeptPages() {
  memo.clear()
  inMemory.clear()
  inMemoryBytes = 0
  refreshing.clear()
}

/**
 * Renders the page and keeps it when it may be shared. `renderedAt` is taken before rendering, so a purge during the
 * render marks this copy old too.
 */
async function renderAndKeep(env: Env, ctx: ExecutionContext, request: Request, key: Request, render: (r: Request) => Promise<Response>) {
  const renderedAt = Date.now()
  // Without KV the page cannot be marked with the catalogue it shows, so it is rendered and not kept.
  const catalogueVersion = await currentCatalogueVersion(env.CACHE).catch((error: unknown) => kvUnreadable(error))
  const response = await render(request)
  if (catalogueVersion === null) return { response, kept: false }
  const shareable =
    response.status === 200 && response.headers.get('content-type')?.startsWith('text/html') && !response.headers.has('set-cookie') && response.body
  if (!shareable) return { response, kept: false }
  const [forShopper, forCache] = response.body!.tee()
  const keptHeaders = new Headers(response.headers)
  keptHeaders.set(headers.renderedAt, String(renderedAt))
  keptHeaders.set(headers.catalogueVersion, catalogueVersion)
  keptHeaders.set(headers.browserCacheControl, response.headers.get('cache-control') ?? '')
  keptHeaders.set('cache-control', `public, max-age=${serverLimits.pageCache.freshSeconds + serverLimits.pageCache.staleSeconds}`)
  ctx.waitUntil(
    new Response(forCache).arrayBuffer().then(async (body) => {
      // Read once the whole page has streamed: a part rendered late records its tags, or its failure, late.
      if (pageIsDegraded()) return
      const bytes = new Uint8Array(body)
      if (!inItsLanguage(bytes, request.url)) return
      keptHeaders.set(headers.tags, [...pageTagsOfRequest(), 'frame'].join(','))
      keepInMemory(key.url, { bytes, status: response.status, headers: [...keptHeaders] })
      await (await caches.open('pages')).put(key, new Response(bytes.slice(), { status: response.status, headers: keptHeaders }))
    }),
  )
  return { response: new Response(forShopper, response), kept: true }
}

/** Whether the page's `<html lang>` is its address's language; logs an error when it is not. */
function inItsLanguage(bytes: Uint8Array, url: string): boolean {
  const { pathname } = new URL(url)
  const lang = /<html[^>]*\slang="([a-z]+)"/.exec(new TextDecoder().decode(bytes.subarray(0, 512)))?.[1]
  if (lang === localeOfPath(pathname)) return true
  console.error(
    JSON.stringify({ level: 'error', message: 'page cache: page rendered in another language than its address, not kept', path: pathname, lang }),
  )
  return false
}

/** Logs that KV could not be read for the page cache, and answers null: the caller goes on without it. */
function kvUnreadable(error: unknown): null {
  console.error(JSON.stringify({ level: 'error', message: 'page cache: KV unreadable, page not cached', error: String(error) }))
  return null
}

/** Answers a page from the cache when it can, else renders it (and keeps it when it may be shared). */
export async function servePage(request: Request, env: Env, ctx: ExecutionContext, render: (r: Request) => Promise<Response>): Promise<Response> {
  if (!isCacheablePage(request)) return labelled(await render(request), 'bypass')
  const now = Date.now()
  const key = pageCacheKey(request, now)
  const cached = await lookUp(key)
  // With KV unreadable, whether a kept page was purged cannot be told: one still within its stale window is served
  // as stale (better than no page while KV is out), anything older renders again.
  const current = cached ? await stillCurrent(env, cached, now).catch((error: unknown) => kvUnreadable(error)) : false
  if (cached && current === null) {
    const renderedAt = Number(cached.headers.find(([name]) => name === headers.renderedAt)?.[1])
    if ((now - renderedAt) / 1000 <= serverLimits.pageCache.freshSeconds + serverLimits.pageCache.staleSeconds)
      return fromCache(cached, 'stale', request)
  }
  if (cached && current) {
    const renderedAt = Number(cached.headers.find(([name]) => name === headers.renderedAt)?.[1])
    const age = (now - renderedAt) / 1000
    if (age <= serverLimits.pageCache.freshSeconds) return fromCache(cached, 'hit', request)
    if (age <= serverLimits.pageCache.freshSeconds + serverLimits.pageCache.staleSeconds) {
      if (!refreshing.has(key.url)) {
        refreshing.add(key.url)
        ctx.waitUntil(
          renderAndKeep(env, ctx, new Request(request.url, { headers: request.headers }), key, render)
            .then(({ response }) => response.body?.cancel())
            .finally(() => refreshing.delete(key.url)),
        )
      }
      return fromCache(cached, 'stale', request)
    }
  }
  const { response, kept } = await renderAndKeep(env, ctx, request, key, render)
  return labelled(response, kept ? 'miss' : 'bypass')
}

function labelled(response: Response, outcome: PageCacheOutcome): Response {
  recordPageCache(outcome)
  const out = new Response(response.body, response)
  out.headers.set(headers.outcome, outcome)
  return out
}
