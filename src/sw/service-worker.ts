/**
 * The store's service worker (docs/decisions/0037-app-on-the-home-screen.md), bundled on its own into /sw.js by
 * build/app-shell.ts. It keeps three things on the device, each in a cache named with its version:
 * - the offline page in both languages, fetched when it installs;
 * - product and category pages the shopper opened (src/domain/app-shell.ts says which), network first: offline the
 *   kept copy is served, and the page says it may be out of date (src/components/frame/AppShell.tsx);
 * - the build's scripts and styles those pages need (/assets/, named by their hash, so a kept one never changes).
 * Nothing else: no /api/, cart, checkout, account or console answer, and no request other than GET, ever.
 */
import { isKeptOffline, offlinePageOf } from '../domain/app-shell'

/** Bump to drop every cache an earlier version kept (the activate step deletes the other matjar- caches). */
const version = 'v1'
const shellCache = `matjar-shell-${version}`
const pagesCache = `matjar-pages-${version}`
const assetsCache = `matjar-assets-${version}`
const offlinePages = ['/offline.html', '/en/offline.html']
/** "You are offline; this page may be out of date." in each language, written in by the build (build/app-shell.ts). */
declare const offlineNotice: { ar: string; en: string }

// The few service-worker types used here (the project's TypeScript has the DOM's, not the WebWorker library's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  request: Request
  respondWith(response: Promise<Response>): void
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown
}
interface WorkerScope {
  location: Location
  skipWaiting(): Promise<void>
  clients: { claim(): Promise<void> }
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void
}
const scope = self as unknown as WorkerScope

/** A copy without the redirect flag: a redirected answer may not be used for a page (/offline.html may redirect to /offline). */
async function plain(response: Response): Promise<Response> {
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers: response.headers })
}

/** Kept only when it is a whole page every shopper could get (no cookie set by it). */
async function keepPage(request: Request | string, response: Response): Promise<void> {
  if (!response.ok || response.headers.has('set-cookie')) return
  await (await caches.open(pagesCache)).put(request, await plain(response))
}

async function keepAssets(urls: string[]): Promise<void> {
  const cache = await caches.open(assetsCache)
  await Promise.all(
    urls.map(async (url) => {
      if ((await cache.match(url, { ignoreVary: true })) !== undefined) return
      const response = await fetch(url)
      if (response.ok) await cache.put(url, response)
    }),
  )
}

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(shellCache)
      await Promise.all(offlinePages.map(async (path) => cache.put(path, await plain(await fetch(path, { cache: 'reload' })))))
      await scope.skipWaiting()
    })(),
  )
})

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([shellCache, pagesCache, assetsCache])
      for (const name of await caches.keys()) if (name.startsWith('matjar-') && !current.has(name)) await caches.delete(name)
      await scope.clients.claim()
    })(),
  )
})

/** A page: the network first (and kept when it may be), else the kept copy, else the offline page in its language. */
async function page(request: Request, pathname: string): Promise<Response> {
  try {
    const response = await fetch(request)
    if (isKeptOffline(pathname)) await keepPage(request.url, response.clone())
    return response
  } catch (error) {
    const kept = isKeptOffline(pathname)
      ? await caches.match(request.url, { cacheName: pagesCache, ignoreSearch: true, ignoreVary: true })
      : undefined
    if (kept) return withNotice(kept, offlinePageOf(pathname).startsWith('/en/') ? offlineNotice.en : offlineNotice.ar)
    const offline = await caches.match(offlinePageOf(pathname), { cacheName: shellCache })
    if (offline) return offline
    throw error
  }
}

/**
 * A kept page says it may be out of date, at the top of its body, before any script runs (React 19 hydrates past an
 * element it did not render at the start of the body). Prices are never trusted offline: the cart says so itself.
 */
async function withNotice(kept: Response, notice: string): Promise<Response> {
  const bar = `<p role="status" data-offline-notice style="position:sticky;top:0;z-index:60;margin:0;padding:.5rem 1rem;background:#111827;color:#fff;text-align:center;font-weight:600">${notice}</p>`
  const html = (await kept.text()).replace(/<body([^>]*)>/, `<body$1>${bar}`)
  return new Response(html, { status: kept.status, headers: kept.headers })
}

/**
 * A script or style of the build: named by its hash, so the kept copy is the right one, whatever headers it varies on
 * (the server answers `Vary: Origin`, and a module script's request carries an Origin the copy kept from the page's
 * list was fetched without: matched on it, offline found nothing and the page never hydrated).
 */
async function asset(request: Request): Promise<Response> {
  const kept = await caches.match(request, { cacheName: assetsCache, ignoreVary: true })
  if (kept) return kept
  const response = await fetch(request)
  if (response.ok) await (await caches.open(assetsCache)).put(request, response.clone())
  return response
}

scope.addEventListener('fetch', (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== scope.location.origin) return
  if (request.mode === 'navigate') event.respondWith(page(request, url.pathname))
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request))
})

/**
 * The page asks to keep what it shows: pages opened by the router's own navigations never pass here as a page load,
 * and the first page's scripts loaded before this worker took over (src/components/frame/AppShell.tsx).
 */
scope.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; page?: unknown; assets?: unknown } | null
  if (data?.type !== 'keep') return
  const assets = Array.isArray(data.assets)
    ? data.assets.filter((url): url is string => typeof url === 'string' && new URL(url, scope.location.href).pathname.startsWith('/assets/'))
    : []
  const pagePath = typeof data.page === 'string' ? new URL(data.page, scope.location.href) : null
  event.waitUntil(
    Promise.all([
      keepAssets(assets),
      pagePath && pagePath.origin === scope.location.origin && isKeptOffline(pagePath.pathname)
        ? fetch(pagePath.href, { credentials: 'same-origin' }).then((response) => keepPage(pagePath.href, response))
        : null,
    ]).catch(() => undefined),
  )
})
