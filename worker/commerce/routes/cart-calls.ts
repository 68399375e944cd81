/**
 * The cart calls of the Direct API (docs/product.md, "Calls"). The quote header names the cart; a customer
 * cart also needs the mage header of its owner. Every answer carries the cart with its version. Placing an order
 * and reading it are checkout's (./checkout-calls.ts).
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { appConfig } from '../../../app.config'
import { cartView, computeTotals } from '../../../src/domain/cart'
import { cartFor, cartLineFor, cartStub, createCart, openCart, refusal } from '../carts'
import type { CommerceEnv } from '../context'
import { CommerceError, commerceErrorBody } from '../errors'
import { m } from '../../../src/paraglide/messages.js'
import { validate } from '../validate'
import { mayUseCoupon, voucherStore } from '../../storage/voucher-store'
import { cartAddBody, couponCode, idempotencyKey, itemId, qty, regionId, sku } from '../../../src/domain/schemas'
import { isRetryableObjectError } from '../../http/outage'

const multiBody = type({
  cartItems: type({ sku, qty: '1', region: regionId }).array().moreThanLength(0).atMostLength(appConfig.cart.maxLines),
})
const updateBody = type({ itemId, qty })
const couponBody = type({ couponCode })
/** The caller's key for an add, or one of our own, so the Worker's own retry is safe too; a malformed key is refused. */
function addRequestKey(header: string | undefined): string {
  if (header === undefined) return crypto.randomUUID()
  if (idempotencyKey(header) instanceof type.errors)
    throw new CommerceError(400, 'bad_request', undefined, ['Idempotency-Key must be 8 to 64 letters, digits, - or _'])
  return header
}

export const cartRoutes = new Hono<CommerceEnv>()
  .get('/create', validate('query', type({ 'region?': regionId })), async (c) => {
    const region = c.req.valid('query').region ?? appConfig.regions.defaultId
    const state = await createCart(c.env, c.get('customer'), region, c.get('locale'))
    return c.json({ quoteId: state.quote_id, isMask: state.is_mask })
  })

  .get('/', async (c) => {
    const { state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    return c.json({ cart: cartView(state, c.get('locale'), new Date()) })
  })

  .post('/add', validate('json', cartAddBody), async (c) => {
    const body = c.req.valid('json')
    const quoteId = c.req.header('quote')
    const stub = await cartFor(c.env, quoteId, c.get('customer'))
    const requestKey = addRequestKey(c.req.header('idempotency-key'))
    const region = body.extension_attributes.region
    // The line is checked in its region first, and the cart moves there only with the add, in one
    // transaction: a refused add leaves the cart as it was.
    const { line, available } = await cartLineFor(c.env, body.sku, region, body.product_option?.extension_attributes.configurable_item_options)
    const limits = { maxQty: appConfig.cart.maxQtyPerLine, maxLines: appConfig.cart.maxLines, available, regionId: region }
    // A reset object may have applied the add before its answer was lost: tried once more on a new stub with the same
    // key, it answers the line instead of adding again (docs/architecture.md, "Faults").
    let result
    try {
      result = await stub.addLine(line, body.qty, limits, requestKey)
    } catch (error) {
      if (!isRetryableObjectError(error)) throw error
      result = await cartStub(c.env, quoteId!).addLine(line, body.qty, limits, requestKey)
    }
    if (!result.ok) throw refusal(result.reason)
    return c.json({ item_id: result.item_id, quoteId: result.state.quote_id, cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  .post('/multiplev2', validate('json', multiBody), async (c) => {
    const { cartItems } = c.req.valid('json')
    const stub = await cartFor(c.env, c.req.header('quote'), c.get('customer'))
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
    const stub = await cartFor(c.env, c.req.header('quote'), c.get('customer'))
    const result = await stub.removeLine(Number(c.req.param('itemId')))
    if (!result.ok) throw refusal(result.reason)
    return c.json({ cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  .delete('/clear', async (c) => {
    const stub = await cartFor(c.env, c.req.header('quote'), c.get('customer'))
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
    // The coupon is read while the cart is opened: two trips at once, not one after the other (docs/architecture.md,
    // "Trips to storage").
    const activeRead = voucherStore(c.env.DB).activeCoupon(couponCode, new Date())
    activeRead.catch(() => {})
    const { stub, state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    const active = await activeRead
    // A coupon minted for one shopper is unknown to anyone else (docs/product.md, "Rules").
    if (!active || !mayUseCoupon(active, state.customer_id, state.verified_phones))
      throw new CommerceError(400, 'coupon_invalid', { code: couponCode })
    const { coupon } = active
    const totals = computeTotals(state, new Date())
    if (totals.subtotal < coupon.min_subtotal) throw new CommerceError(400, 'coupon_minimum', { amount: coupon.min_subtotal })
    const result = await stub.setCoupon(coupon)
    if (!result.ok) throw refusal(result.reason)
    return c.json({ cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  .delete('/deleteCoupon', async (c) => {
    const stub = await cartFor(c.env, c.req.header('quote'), c.get('customer'))
    const result = await stub.setCoupon(null)
    if (!result.ok) throw refusal(result.reason)
    return c.json({ cart: cartView(result.state, c.get('locale'), new Date()) })
  })
