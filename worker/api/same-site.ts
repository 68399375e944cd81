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
    const changesState = !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) || stateChangingGets.has(c.req.path)
    if (changesState && isCrossSite(c.req.header('sec-fetch-site'), c.req.header('origin'), new URL(c.req.url).origin))
      throw new ApiError(403, 'cross_site')
    await next()
  }
}

function isCrossSite(site: string | undefined, origin: string | undefined, own: string): boolean {
  if (site !== undefined) return site !== 'same-origin' && site !== 'none'
  return origin !== undefined && origin !== own
}
