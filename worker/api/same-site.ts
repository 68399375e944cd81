/**
 * A state change answers only to the store's own pages (docs/product.md, "Rules"): a link, form or
 * script on another site cannot empty a shopper's cart or create one with the shopper's cookies. Browsers
 * say where a request comes from in Sec-Fetch-Site; a request without it (not a browser) is no CSRF.
 */
import type { MiddlewareHandler } from 'hono'
import { ApiError } from './errors'

/** GET calls of the proxy that change state (docs/product.md, "Calls": the specification names them as GETs). */
const stateChangingGets = new Set(['/api/cart/create', '/api/cart/clearCart'])

export function sameSiteStateChanges(): MiddlewareHandler {
  return async (c, next) => {
    const changesState = !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) || stateChangingGets.has(c.req.path)
    const site = c.req.header('sec-fetch-site')
    if (changesState && site !== undefined && site !== 'same-origin' && site !== 'none') throw new ApiError(403, 'cross_site')
    await next()
  }
}
