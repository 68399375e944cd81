/**
 * A state change answers only to the store's own pages (docs/product.md, "Rules"): a link, form or
 * script on another site cannot empty a shopper's cart or create one with the shopper's cookies. Browsers
 * say where a request comes from in Sec-Fetch-Site; one that does not (an older browser, some embedded views) still
 * sends Origin on a cross-site request, which must then be this host's origin ("null" is a sandboxed or privacy-
 * stripped page: refused). A request with neither is not a browser's, so no CSRF.
 */
import type { MiddlewareHandler } from 'hono'
import { ApiError } from './errors'

/** GET calls of the proxy that change state (docs/product.md, "Calls": the specification names them as GETs). */
const stateChangingGets = new Set(['/api/cart/create', '/api/cart/clearCart'])

export function sameSiteStateChanges(): MiddlewareHandler {
  return async (c, next) => {
    const changingGet = stateChangingGets.has(c.req.path)
    const changesState = !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) || changingGet
    if (changesState && isCrossSite(c.req.header('sec-fetch-site'), c.req.header('origin'), new URL(c.req.url).origin))
      throw new ApiError(403, 'cross_site')
    if (changingGet && !isScriptCall(c.req.header('sec-fetch-dest'))) throw new ApiError(403, 'scripts_only')
    await next()
  }
}

/**
 * A state-changing GET answers only a script's fetch() (docs/product.md, "Rules"). A picture, script, style, frame or
 * page of the store's own origin passes the same-site check, so `<img src="/api/cart/clearCart">` in a catalogue's
 * pictures emptied the cart of whoever opened the page; the browser says what the request is for in Sec-Fetch-Dest,
 * `empty` for fetch() and XMLHttpRequest. A request without it (another client of the spec's calls, an older
 * browser) is judged by the same-site rule alone.
 */
function isScriptCall(dest: string | undefined): boolean {
  return dest === undefined || dest === 'empty'
}

function isCrossSite(site: string | undefined, origin: string | undefined, own: string): boolean {
  if (site !== undefined) return site !== 'same-origin' && site !== 'none'
  return origin !== undefined && origin !== own
}
