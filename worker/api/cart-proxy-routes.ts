/**
 * The cart proxy routes of docs/product.md, "Calls" (/api/cart/*), for pages that call the backend from the
 * browser: each forwards to the commerce backend with the shopper's cookies and answers its body.
 *
 * They are the spec's outside contract, not dead code: no page of ours calls them (ours go through the server
 * functions), but the spec promises them to other clients, and tests/worker/api-proxy.test.ts holds them to it. Keep
 * them when a search for callers finds none.
 */
import { type } from 'arktype'
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { appConfig } from '../../app.config'
import type { Settled } from '../../src/domain/settled'
import { apiSession } from './session-jar'
import { validate } from './validate'
import { erpVoucherBody, itemId, locale, productFee, qty, regionId, sku } from '../../src/domain/schemas'

type ApiContext = Context<{ Bindings: Env }>

/** Answers the backend's body with its status; a failure keeps the backend's message. */
export function relay(c: ApiContext, result: Settled<unknown>) {
  if (result.error) {
    return c.json(
      { message: result.error.message, code: result.error.code, status: result.status, issues: result.error.issues ?? [] },
      result.status as ContentfulStatusCode,
    )
  }
  return c.json(result.data as object, result.status as ContentfulStatusCode)
}

const feeBody = type({ data: productFee })

export const cartApi = new Hono<{ Bindings: Env }>()
  .get('/cart/create', validate('query', type({ 'lang?': locale, 'region?': regionId })), async (c) => {
    const opened = await apiSession(c).createQuote(c.req.valid('query').region ?? appConfig.regions.defaultId)
    if (!opened.data) return relay(c, opened)
    return c.json({ data: { quoteId: opened.data.quoteId } })
  })
  .get('/cart/getCart', async (c) => {
    const session = apiSession(c)
    if (!session.quote()) return c.json({ cart: null })
    return relay(c, await (await session.client()).settle((api) => api.cart.$get()))
  })
  .get('/cart/clearCart', async (c) => {
    const session = apiSession(c)
    if (!session.quote()) return c.json({ status: true, msg: '' })
    return relay(c, await (await session.client()).settle((api) => api.cart.clear.$delete()))
  })
  .post('/cart/delateItem', validate('json', type({ itemId })), async (c) => {
    const session = apiSession(c)
    return relay(
      c,
      await (
        await session.client()
      ).settle((api) => api.cart.item[':itemId{[0-9]{1,10}}'].$delete({ param: { itemId: String(c.req.valid('json').itemId) } })),
    )
  })
  .post('/cart/mergeMaskedQuote', validate('json', type({ storeId: '1 <= number.integer <= 100', customerId: 'number.integer >= 1' })), async (c) => {
    const session = apiSession(c)
    const result = await (await session.client()).settle((api) => api.cart.mergeMaskedQuote.$post({ json: c.req.valid('json') }))
    // The shopper continues with the customer cart.
    if (result.data) session.rememberQuote(result.data.quoteId)
    return relay(c, result)
  })
  .post('/cart/addProductFees', validate('json', feeBody), async (c) =>
    relay(c, await (await apiSession(c).client()).settle((api) => api.cart.productFees.$post({ json: c.req.valid('json').data }))),
  )
  .post('/cart/delProductFees', validate('json', feeBody), async (c) =>
    relay(c, await (await apiSession(c).client()).settle((api) => api.cart.productFees.$delete({ json: c.req.valid('json').data }))),
  )
  .post('/cart/validateErpVoucher', validate('json', erpVoucherBody), async (c) =>
    relay(c, await (await apiSession(c).client()).settle((api) => api.cart.erp.validate.$post({ json: c.req.valid('json') }))),
  )
  .post('/cart/applyErpVoucher', validate('json', erpVoucherBody), async (c) =>
    relay(c, await (await apiSession(c).client()).settle((api) => api.cart.erp.apply.$post({ json: c.req.valid('json') }))),
  )
  .post(
    '/cart/availableToCheckoutV2',
    validate('json', type({ cartItems: type({ sku, qty }).array().atMostLength(appConfig.cart.maxLines) })),
    async (c) => relay(c, await (await apiSession(c).client()).settle((api) => api.cart.availableToCheckoutV2.$post({ json: c.req.valid('json') }))),
  )
