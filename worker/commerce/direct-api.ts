/**
 * The embedded Direct API (docs/product.md, "Calls") under /commerce: the backend the storefront talks to when
 * no COMMERCE_API_URL is set. Every call but the handshake needs the bearer handshake token; a mage
 * header names the customer.
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { serverLimits } from '../../config/server-limits'
import type { CommerceEnv } from './context'
import { customerForToken } from './customers'
import { CommerceError, onCommerceError } from './errors'
import { verifyHandshakeToken } from './handshake'
import { accountOrderRoutes } from './routes/account-orders'
import { cartRoutes } from './routes/cart-calls'
import { cartExtrasRoutes } from './routes/cart-extras'
import { catalogueRoutes } from './routes/catalogue-calls'
import { checkoutRoutes } from './routes/checkout-calls'
import { customerRoutes } from './routes/customer'
import { handshakeRoutes } from './routes/handshake'
import { nationalAddressRoutes } from './routes/national-address'
import { paymentRoutes } from './routes/payments'
import { personalDataRoutes } from './routes/personal-data'
import { profileRoutes } from './routes/profile'

/** The Direct API's routes, unprefixed: the type the commerce client (./client.ts) is checked against. */
export const directApi = new Hono<CommerceEnv>()
  .use(async (c, next) => {
    c.set('locale', 'ar')
    c.set('customer', null)
    await next()
  })
  .use(
    bodyLimit({
      maxSize: serverLimits.anonymousWrites.maxBodyBytes,
      onError: () => {
        throw new CommerceError(413, 'bad_request', undefined, [`the body is over ${serverLimits.anonymousWrites.maxBodyBytes} bytes`])
      },
    }),
  )
  .route('/handshake', handshakeRoutes)
  // The sandbox gateway is a page the shopper's browser opens: no bearer token there.
  .route('/', paymentRoutes)
  .use(async (c, next) => {
    const header = c.req.header('authorization') ?? ''
    const claims = header.startsWith('Bearer ') ? await verifyHandshakeToken(c.env, header.slice(7).trim()) : null
    if (!claims) throw new CommerceError(401, 'unauthorized', { resources: 'api' })
    c.set('locale', claims.store)
    const mage = c.req.header('mage')
    if (mage) {
      const customer = await customerForToken(c.env.DB, mage)
      // An expired or revoked customer token is refused outright (docs/product.md, "Errors" then logs the shopper out).
      if (!customer) throw new CommerceError(401, 'unauthorized', { resources: 'customer' })
      c.set('customer', customer)
    }
    await next()
  })
  .route('/cart', cartRoutes)
  .route('/cart', checkoutRoutes)
  .route('/', cartExtrasRoutes)
  .route('/', catalogueRoutes)
  .route('/', customerRoutes)
  .route('/', profileRoutes)
  .route('/', accountOrderRoutes)
  .route('/', nationalAddressRoutes)
  .route('/', personalDataRoutes)

export type DirectApi = typeof directApi

function noRoute(c: Context): never {
  throw new CommerceError(404, 'bad_request', undefined, [`no route ${c.req.method} ${new URL(c.req.url).pathname}`])
}
directApi.onError(onCommerceError).notFound(noRoute)

/** The same API as the Worker serves it, under /commerce (src/worker-entry.ts). */
export const commerceApp = new Hono<CommerceEnv>().route('/commerce', directApi).onError(onCommerceError).notFound(noRoute)
