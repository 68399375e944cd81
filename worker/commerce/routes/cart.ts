/**
 * The cart calls of the Direct API (docs/product.md, "Calls"). The quote header names the cart; a customer
 * cart also needs the mage header of its owner. Every answer carries the cart with its version.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { appConfig, serverLimits } from '../../../app.config'
import { cartView, computeTotals, type CartState } from '../../../src/domain/cart'
import { cartLineFor, cartStub, createCart, openCart, refusal } from '../carts'
import type { CommerceEnv } from '../context'
import type { Customer } from '../customers'
import { CommerceError, commerceErrorBody } from '../errors'
import { m } from '../../../src/paraglide/messages.js'
import { orderDetailView, orderForQuote, placeOrder } from '../orders'
import { paymentCodes, paymentMethods } from '../payments'
import { validate } from '../validate'
import { isDevelopment } from '../../http/environment'
import { clientIp } from '../../http/client-ip'
import { limiterFor } from '../../durable-objects/limiter'
import { orderStore } from '../../storage/order-store'
import { voucherStore } from '../../storage/voucher-store'
import { cartAddBody, checkoutDetails, couponCode, itemId, qty, regionId, sku } from '../../../src/domain/schemas'
import { orderNumber } from '../../../src/domain/order'

const multiBody = type({
  cartItems: type({ sku, qty: '1', region: regionId }).array().moreThanLength(0).atMostLength(appConfig.cart.maxLines),
})
const updateBody = type({ itemId, qty })
const couponBody = type({ couponCode })
const paymentMethod = type({ method: type.enumerated(...paymentCodes), 'additional_data?': 'Record<string, string> | null' })
const placeBody = type({ paymentMethod, 'checkout?': checkoutDetails })
const createOrderBody = type({ paymentMethod })
/** The order by its number; `cart_id` (ours): the guest's active cart, which the items join instead of a new cart. */
const activeBody = type({ order_id: orderNumber, 'cart_id?': 'string <= 64' })

/**
 * Placing orders is limited per cart and per client address (serverLimits.orders): unpaid orders hold stock until they
 * expire, so a script placing order after order could otherwise hold the whole inventory.
 */
async function limitPlaceAttempts(env: Env, quoteId: string | undefined, ip: string) {
  const [perCart, perAddress] = await Promise.all([
    limiterFor(env, `place-quote:${quoteId ?? 'none'}`).hit(serverLimits.orders.placeAttemptsPerCartPerHour, 3600),
    limiterFor(env, `place-ip:${ip}`).hit(serverLimits.orders.placeAttemptsPerIpPerHour, 3600),
  ])
  if (!perCart.allowed || !perAddress.allowed) {
    throw new CommerceError(429, 'order_rate_limited', { minutes: Math.ceil(Math.max(perCart.retryAfterSeconds, perAddress.retryAfterSeconds) / 60) })
  }
}

export const cartRoutes = new Hono<CommerceEnv>()
  .get('/create', validate('query', type({ 'region?': regionId })), async (c) => {
    const region = c.req.valid('query').region ?? appConfig.regions.defaultId
    const state = await createCart(c.env, c.get('customer'), region)
    return c.json({ quoteId: state.quote_id, isMask: state.is_mask })
  })

  .get('/', async (c) => {
    const { state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    return c.json({ cart: cartView(state, c.get('locale'), new Date()) })
  })

  .post('/add', validate('json', cartAddBody), async (c) => {
    const body = c.req.valid('json')
    const { stub } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    const region = body.extension_attributes.region
    // The line is checked in its region first, and the cart moves there only with the add, in one
    // transaction: a refused add leaves the cart as it was.
    const { line, available } = await cartLineFor(c.env, body.sku, region, body.product_option?.extension_attributes.configurable_item_options)
    const result = await stub.addLine(line, body.qty, {
      maxQty: appConfig.cart.maxQtyPerLine,
      maxLines: appConfig.cart.maxLines,
      available,
      regionId: region,
    })
    if (!result.ok) throw refusal(result.reason)
    return c.json({ item_id: result.item_id, quoteId: result.state.quote_id, cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  .post('/multiplev2', validate('json', multiBody), async (c) => {
    const { cartItems } = c.req.valid('json')
    const { stub } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    const errors: { sku: string; message: string }[] = []
    let latest = null
    for (const item of cartItems) {
      try {
        const { line, available } = await cartLineFor(c.env, item.sku, item.region, undefined)
        const result = await stub.addLine(line, 1, { maxQty: appConfig.cart.maxQtyPerLine, maxLines: appConfig.cart.maxLines, available })
        if (!result.ok) throw refusal(result.reason)
        latest = result.state
      } catch (error) {
        if (!(error instanceof CommerceError)) throw error
        errors.push({ sku: item.sku, message: commerceErrorBody(c.get('locale'), error.code, error.parameters).message })
      }
    }
    const state = latest ?? (await stub.state())
    return c.json({ cart: state ? cartView(state, c.get('locale'), new Date()) : null, errors })
  })

  .put('/updateItem', validate('json', updateBody), async (c) => {
    const { itemId, qty } = c.req.valid('json')
    const { stub, state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    const line = state.lines.find((l) => l.item_id === itemId && l.parent_item_id === null)
    if (!line) throw new CommerceError(404, 'item_not_found')
    const { available } = await cartLineFor(c.env, line.sku, state.region_id, undefined).catch((error: unknown) => {
      // A line already in the cart may be configurable; its stock is what matters here.
      if (error instanceof CommerceError && error.code === 'options_required') return { available: null }
      throw error
    })
    const result = await stub.updateQty(itemId, qty, { maxQty: appConfig.cart.maxQtyPerLine, available })
    if (!result.ok) throw refusal(result.reason)
    return c.json({ cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  .delete('/item/:itemId{[0-9]{1,10}}', async (c) => {
    const { stub } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    const result = await stub.removeLine(Number(c.req.param('itemId')))
    if (!result.ok) throw refusal(result.reason)
    return c.json({ cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  .delete('/clear', async (c) => {
    const { stub } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    const result = await stub.clear()
    if (!result.ok) throw refusal(result.reason)
    return c.json({
      status: true,
      msg: m.commerce_cart_cleared({}, { locale: c.get('locale') }),
      cart: cartView(result.state, c.get('locale'), new Date()),
    })
  })

  .put('/applyCoupon', validate('json', couponBody), async (c) => {
    const { couponCode } = c.req.valid('json')
    const { stub, state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    const coupon = await voucherStore(c.env.DB).activeCoupon(couponCode, new Date())
    if (!coupon) throw new CommerceError(400, 'coupon_invalid', { code: couponCode })
    const totals = computeTotals(state, new Date())
    if (totals.subtotal < coupon.min_subtotal) throw new CommerceError(400, 'coupon_minimum', { amount: coupon.min_subtotal })
    const result = await stub.setCoupon(coupon)
    if (!result.ok) throw refusal(result.reason)
    return c.json({ cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  .delete('/deleteCoupon', async (c) => {
    const { stub } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    const result = await stub.setCoupon(null)
    if (!result.ok) throw refusal(result.reason)
    return c.json({ cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  .get('/payment-methods', async (c) => {
    const { state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    return c.json({ payments: paymentMethods(state, computeTotals(state, new Date()), { hostedGateway: isDevelopment(c.env) }) })
  })

  // With `checkout`, the details are checked and kept on the cart (as PUT /cart/checkout) by placeOrder, then used.
  .post('/placeOrder', validate('json', placeBody), async (c) => {
    const { checkout, paymentMethod } = c.req.valid('json')
    await limitPlaceAttempts(
      c.env,
      c.req.header('quote'),
      clientIp((name) => c.req.header(name)),
    )
    const { state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    return c.json(
      await placeOrder(c.env, state, { method: paymentMethod.method, customerId: c.get('customer')?.id ?? null, locale: c.get('locale'), checkout }),
    )
  })

  .put('/createOrder', validate('json', createOrderBody), async (c) => {
    const customer = c.get('customer')
    if (!customer) throw new CommerceError(401, 'unauthorized', { resources: 'order' })
    const { paymentMethod } = c.req.valid('json')
    await limitPlaceAttempts(
      c.env,
      c.req.header('quote'),
      clientIp((name) => c.req.header(name)),
    )
    const { state } = await openCart(c.env, c.req.header('quote'), customer)
    return c.json(await placeOrder(c.env, state, { method: paymentMethod.method, customerId: customer.id, locale: c.get('locale') }))
  })

  .post('/active', validate('json', activeBody), async (c) => {
    const { order_id, cart_id } = c.req.valid('json')
    const customer = c.get('customer')
    const orders = orderStore(c.env.DB)
    const order = await orders.byIncrement(order_id)
    // A customer's order is theirs alone; a guest may re-add only the order of the cart it holds.
    const guestOwnsIt = order && order.customer_id === null && order.quote_id === c.req.header('quote')
    const customerOwnsIt = order && customer && order.customer_id === customer.id
    if (!order || !(guestOwnsIt || customerOwnsIt)) throw new CommerceError(404, 'order_not_found')
    // docs/product.md, "Screens": into the active cart (a guest's kept one, or the customer's), never a new one beside it.
    const active = await activeCart(c.env, cart_id, customer, order.region_id)
    const stub = cartStub(c.env, active.quote_id)
    for (const item of await orders.productLines(order.id)) {
      try {
        const { line, available } = await cartLineFor(c.env, item.sku, active.region_id, undefined)
        const qtyToAdd = available === null ? item.qty : Math.min(item.qty, available)
        if (qtyToAdd > 0) await stub.addLine(line, qtyToAdd, { maxQty: appConfig.cart.maxQtyPerLine, maxLines: appConfig.cart.maxLines, available })
      } catch (error) {
        // What can no longer be bought (sold out, options needed) is simply not re-added.
        if (!(error instanceof CommerceError)) throw error
      }
    }
    return c.json({ data: { cart_id: active.quote_id } })
  })

  // One order by its number, for its buyer only: the guest cart that placed it (quote header) or the customer.
  // A made-up number and someone else's order answer alike (docs/product.md, "Checkout").
  .get('/order/:increment', async (c) => {
    const increment = c.req.param('increment')
    const order = orderNumber.test(increment) ? await orderStore(c.env.DB).byIncrement(increment) : null
    const customer = c.get('customer')
    const theirs = order && (order.customer_id === null ? order.quote_id === c.req.header('quote') : order.customer_id === customer?.id)
    const detail = order && theirs ? await orderStore(c.env.DB).detail(order.id) : null
    if (!detail) throw new CommerceError(404, 'order_not_found')
    return c.json(orderDetailView(detail, c.get('locale')))
  })

  .get('/order', async (c) => {
    const { state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    const order = await orderForQuote(c.env, state.quote_id, c.get('locale'))
    if (!order) throw new CommerceError(404, 'order_not_found')
    return c.json(order)
  })

/** The shopper's open cart: `cartId` when it is one they hold and not yet ordered, else their active (or a new) cart. */
async function activeCart(env: Env, cartId: string | undefined, customer: Customer | null, regionId: number): Promise<CartState> {
  if (cartId) {
    try {
      const { state } = await openCart(env, cartId, customer)
      if (state.status === 'active') return state
    } catch (error) {
      if (!(error instanceof CommerceError)) throw error
    }
  }
  return createCart(env, customer, regionId)
}
