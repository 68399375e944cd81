/**
 * The checkout calls of the Direct API (docs/product.md, "Checkout" and "Calls"): shipping and payment methods,
 * choosing one, keeping the shopper's details on the cart, verifying the mobile by code (telephone, verify mobile),
 * placing the order (placeOrder, and the spec's createOrder, which no screen of ours calls), reading it by number, and
 * putting an order's items back into the active cart.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { appConfig, type Locale } from '../../../app.config'
import { serverLimits } from '../../../config/server-limits'
import { cartView, computeTotals, type CartState } from '../../../src/domain/cart'
import { orderNumber, paymentCodes } from '../../../src/domain/order'
import { internationalMobile, shownMobile } from '../../../src/domain/phone'
import { shippingCodes } from '../../../src/domain/shipping'
import { checkoutDetails, otpCode } from '../../../src/domain/schemas'
import { m } from '../../../src/paraglide/messages.js'
import { limiterFor } from '../../durable-objects/limiter'
import { clientIp } from '../../http/client-ip'
import { accountStore } from '../../storage/account-store'
import { orderStore } from '../../storage/order-store'
import { sendOtp, verifyOtp } from '../accounts'
import { cartFor, cartLineFor, cartStub, createCart, openCart, refusal } from '../carts'
import { availableMethod, checkedDetails, shippingFor } from '../checkout-rules'
import { withVerifiedAddress } from '../address-check'
import { botTokenFromHeader, requireBotCheck } from '../human-check'
import type { CommerceEnv } from '../context'
import type { Customer } from '../customers'
import { CommerceError } from '../errors'
import { orderDetailView, placeOrder } from '../orders'
import { gatewaysOf, paymentMethods, providerFor } from '../payments'
import { storeOrigin } from '../hosted-payments'
import { validate } from '../validate'

const shippingBody = type({ code: type.enumerated(...shippingCodes) })
const telephoneBody = type({ mobilenumber: 'string <= 20', 'channel?': "'sms' | 'whatsapp'" })
const verifyBody = type({ mobilenumber: 'string <= 20', otpcode: otpCode })

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

function saudiMobile(value: string): string {
  const phone = internationalMobile(value)
  if (!phone) throw new CommerceError(400, 'checkout_invalid', { field: 'mobile' }, ['mobile'])
  return phone
}

export const checkoutRoutes = new Hono<CommerceEnv>()
  .get('/shipping-methods', async (c) => {
    const { state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    return c.json({ shipping_methods: await shippingFor(c.env, state, c.get('locale'), new Date()) })
  })

  .put('/shipping-method', validate('json', shippingBody), async (c) => {
    const { stub, state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    await availableMethod(c.env, state, c.req.valid('json').code, c.get('locale'), new Date())
    const result = await stub.setShippingMethod(c.req.valid('json').code)
    if (!result.ok) throw refusal(result.reason)
    return c.json({ cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  // Keeps the shopper's details on the cart once every field passes (a guest's address lives with the cart).
  .put('/checkout', validate('json', checkoutDetails), async (c) => {
    const { stub, state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    const method = await availableMethod(c.env, state, state.shipping_method ?? 'standard', c.get('locale'), new Date())
    const result = await stub.setCheckout(await withVerifiedAddress(c.env, checkedDetails(c.req.valid('json'), state, method), c.get('locale')))
    if (!result.ok) throw refusal(result.reason)
    return c.json({ cart: cartView(result.state, c.get('locale'), new Date()) })
  })

  // Sends a code to the mobile the order will be placed with (the one-time-code rules and limits of accounts.ts).
  // Each SMS costs the store money: the bot check as for sign-in, a cart with something to buy, and a cap per cart
  // whatever the mobiles and addresses, beside the caps per mobile and address of sendOtp (issue 43, M1).
  .post('/telephone', validate('json', telephoneBody), async (c) => {
    const { mobilenumber, channel } = c.req.valid('json')
    const phone = saudiMobile(mobilenumber)
    const ip = clientIp((n) => c.req.header(n))
    await requireBotCheck(c.env, botTokenFromHeader(c.req.header('recaptcha')), ip)
    const { state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    if (!state.lines.some((line) => line.parent_item_id === null)) throw new CommerceError(400, 'cart_empty')
    const perCart = await limiterFor(c.env, `otp-quote:${state.quote_id}`).hit(serverLimits.otp.sendsPerCartPerHour, 3600)
    if (!perCart.allowed) throw new CommerceError(429, 'otp_rate_limited')
    await sendOtp(c.env, { phone, purpose: 'checkout', ip, locale: c.get('locale'), ...(channel ? { channel } : {}) })
    const shown = shownMobile(phone)
    return c.json({ success: true, successmsg: m.account_otp_sent({ phone: shown }, { locale: c.get('locale') }), errormsg: '' })
  })

  // A right code marks the number verified for this cart and, for a customer, for their account.
  .post('/verify-mobile', validate('json', verifyBody), async (c) => {
    const body = c.req.valid('json')
    const phone = saudiMobile(body.mobilenumber)
    const stub = await cartFor(c.env, c.req.header('quote'), c.get('customer'))
    await verifyOtp(c.env, phone, 'checkout', body.otpcode)
    const customer = c.get('customer')
    if (customer) await accountStore(c.env.DB).addCustomerPhone(customer.id, phone, new Date())
    const result = await stub.addVerifiedPhone(phone)
    if (!result.ok) throw refusal(result.reason)
    const view = cartView(result.state, c.get('locale'), new Date())
    return c.json({ success: true, errormsg: '', mobiles: view.mobiles, cart: view })
  })

  .get('/payment-methods', async (c) => {
    const { state } = await openCart(c.env, c.req.header('quote'), c.get('customer'))
    return c.json({ payments: paymentMethods(state, computeTotals(state, new Date()), gatewaysOf(c.env)) })
  })

  // With `checkout`, the details are checked and kept on the cart (as PUT /cart/checkout) by placeOrder, then used.
  .post('/placeOrder', validate('json', placeBody), async (c) => {
    const { checkout, paymentMethod } = c.req.valid('json')
    // The limits and the cart are asked together (one trip to the objects, docs/architecture.md, "Trips to storage"); the
    // limits are still judged first, and reading the cart changes nothing.
    const opening = openCart(c.env, c.req.header('quote'), c.get('customer'))
    opening.catch(() => {})
    // A customer's verified phones do not depend on the cart: read with it when the details come with the request.
    const customer = c.get('customer')
    const mobile = checkout ? internationalMobile(checkout.contact.mobile) : null
    const customerPhoneRead = customer && mobile ? accountStore(c.env.DB).customerHasVerifiedPhone(customer.id, mobile) : undefined
    customerPhoneRead?.catch(() => {})
    await limitPlaceAttempts(
      c.env,
      c.req.header('quote'),
      clientIp((name) => c.req.header(name)),
    )
    const { state } = await opening
    return c.json(
      await placeOrder(c.env, state, {
        method: paymentMethod.method,
        customerId: c.get('customer')?.id ?? null,
        locale: c.get('locale'),
        checkout,
        origin: providerFor[paymentMethod.method] ? storeOrigin(c.env, c.req.header('forwarded'), c.req.url) : undefined,
        customerPhoneRead,
      }),
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
    return c.json(
      await placeOrder(c.env, state, {
        method: paymentMethod.method,
        customerId: customer.id,
        locale: c.get('locale'),
        origin: providerFor[paymentMethod.method] ? storeOrigin(c.env, c.req.header('forwarded'), c.req.url) : undefined,
      }),
    )
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
    const active = await activeCart(c.env, cart_id, customer, order.region_id, c.get('locale'))
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

/** The shopper's open cart: `cartId` when it is one they hold and not yet ordered, else their active (or a new) cart. */
async function activeCart(env: Env, cartId: string | undefined, customer: Customer | null, regionId: number, locale: Locale): Promise<CartState> {
  if (cartId) {
    try {
      const { state } = await openCart(env, cartId, customer)
      if (state.status === 'active') return state
    } catch (error) {
      if (!(error instanceof CommerceError)) throw error
    }
  }
  return createCart(env, customer, regionId, locale)
}
