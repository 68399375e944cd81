/**
 * The embedded Direct API (docs/product.md, "Calls") under /commerce: the backend the storefront talks to when
 * no COMMERCE_API_URL is set. Every call but the handshake needs the bearer handshake token; a mage
 * header names the customer.
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { serverLimits } from '../../app.config'
import type { CommerceEnv } from './context'
import { customerForToken } from './customers'
import { CommerceError, onCommerceError } from './errors'
import { verifyHandshakeToken } from './handshake'
import { accountOrderRoutes } from './routes/account-orders'
import { cartRoutes } from './routes/cart'
import { cartExtrasRoutes } from './routes/cart-extras'
import { catalogueRoutes } from './routes/catalogue'
import { checkoutRoutes } from './routes/checkout'
import { customerRoutes } from './routes/customer'
import { handshakeRoutes } from './routes/handshake'
import { paymentRoutes } from './routes/payments'

export const commerceApp = new Hono<CommerceEnv>().basePath('/commerce')

commerceApp.use(async (c, next) => {
  c.set('locale', 'ar')
  c.set('customer', null)
  await next()
})
commerceApp.use(
  bodyLimit({
    maxSize: serverLimits.anonymousWrites.maxBodyBytes,
    onError: () => {
      throw new CommerceError(413, 'bad_request', undefined, [`the body is over ${serverLimits.anonymousWrites.maxBodyBytes} bytes`])
    },
  }),
)
commerceApp.route('/handshake', handshakeRoutes)
// The sandbox gateway is a page the shopper's browser opens: no bearer token there.
commerceApp.route('/', paymentRoutes)

commerceApp.use(async (c, next) => {
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
commerceApp.route('/cart', cartRoutes)
commerceApp.route('/cart', checkoutRoutes)
commerceApp.route('/', cartExtrasRoutes)
commerceApp.route('/', catalogueRoutes)
commerceApp.route('/', customerRoutes)
commerceApp.route('/', accountOrderRoutes)

commerceApp.onError(onCommerceError)
commerceApp.notFound((c) => {
  throw new CommerceError(404, 'bad_request', undefined, [`no route ${c.req.method} ${new URL(c.req.url).pathname}`])
})
