// Start's request middleware. A custom start.ts replaces Start's defaults, so CSRF protection is
// registered here explicitly (docs/decisions/0005-platform-traps.md, 9).
import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { contentSecurityPolicy, newNonce } from '~/http/security-headers'
import { pictureDeliveryOf } from './domain/pictures'

/** Server functions accept only same-origin calls (Sec-Fetch-Site, then Origin, then Referer). */
const csrf = createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' })

/** A per-request script nonce: the router stamps it on its inline scripts, the CSP allows only it. */
const cspNonce = createMiddleware({ type: 'request' }).server(async ({ next }) => {
  const nonce = newNonce()
  const result = await next({ context: { nonce } })
  // Imported here, inside the server-only part, so the client bundle never sees the Workers module.
  const { env } = await import('cloudflare:workers')
  result.response.headers.set(
    'content-security-policy',
    contentSecurityPolicy(nonce, {
      turnstile: Boolean(env.TURNSTILE_SITE_KEY),
      algolia: Boolean(env.ALGOLIA_APP_ID),
      remotePictures: pictureDeliveryOf(env.IMAGE_TRANSFORMATIONS) === 'direct',
    }),
  )
  return result
})

export const startInstance = createStart(() => ({
  requestMiddleware: [csrf, cspNonce],
}))
