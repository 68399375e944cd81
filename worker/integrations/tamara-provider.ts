/**
 * Tamara behind the store's `PaymentProvider` (./payment-provider.ts; docs/decisions/0019-tamara-for-real.md): a checkout
 * whose order is approved on Tamara's page, then authorised and captured by the store. Through Tamara's client
 * (./tamara.ts), to Tamara when TAMARA_API_URL is set and to the embedded stand-in (./tamara-sandbox.ts) otherwise.
 */
import { toHalalas } from './moyasar'
import { tamaraAmount, tamaraBaseUrl, tamaraClient, TamaraError } from './tamara'
import { tamaraSandboxApi } from './tamara-sandbox'
import { paymentFetcher, type PaymentProvider } from './payment-provider'

/** Tamara's answers that mean another delivery got there first (an order already authorised or captured). */
const alreadyDone = (error: unknown) => {
  if (error instanceof TamaraError && error.status >= 400 && error.status < 500 && error.status !== 401) return
  throw error
}

export const tamara: PaymentProvider = {
  name: 'tamara',
  configured: (env) => tamaraBaseUrl(env) !== null,
  async start(env, order, back) {
    const [first = '', ...rest] = order.customer_name.trim().split(/\s+/)
    const last = rest.join(' ') || first
    // Tamara's examples write a Saudi mobile without its country code (5XXXXXXXX).
    const phone = order.phone.replace(/^966/, '')
    const session = await tamaraGateway(env)
      .createCheckout({
        order_reference_id: order.increment_id,
        order_number: order.increment_id,
        total_amount: tamaraAmount(order.grand_total),
        // Prices include VAT, and delivery is in the total: nothing is added on top of it.
        shipping_amount: tamaraAmount(0),
        tax_amount: tamaraAmount(0),
        items: order.items.map((item) => ({
          name: item.name.slice(0, 255),
          type: 'Physical' as const,
          reference_id: item.sku,
          sku: item.sku,
          quantity: item.qty,
          unit_price: tamaraAmount(item.price),
          total_amount: tamaraAmount((Math.round(item.price * 100) * item.qty) / 100),
        })),
        consumer: { first_name: first, last_name: last, phone_number: phone, email: order.email },
        shipping_address: { first_name: first, last_name: last, line1: order.address, city: order.city, country_code: 'SA', phone_number: phone },
        country_code: 'SA',
        description: `Matjar ${order.increment_id}`,
        payment_type: 'PAY_BY_INSTALMENTS',
        locale: order.locale === 'en' ? 'en_US' : 'ar_SA',
        merchant_url: {
          success: back('success'),
          failure: back('failure'),
          cancel: back('cancel'),
          notification: `${new URL(back('success')).origin}/commerce/payments/tamara/webhook`,
        },
      })
      .catch((error: unknown) => {
        // Tamara refuses a session it will not offer (an amount outside the store's range, a buyer it declines).
        if (error instanceof TamaraError && error.status >= 400 && error.status < 500) return null
        throw error
      })
    if (!session) return null
    return { reference: session.order_id, url: session.checkout_url }
  },
  async read(env, orderId) {
    const order = await tamaraGateway(env).order(orderId)
    const total = toHalalas(order.total_amount.amount)
    // Paid: the whole amount captured (a refund later does not undo that the money was taken).
    const captured =
      ['fully_captured', 'partially_refunded', 'fully_refunded'].includes(order.status) && toHalalas(order.captured_amount.amount) === total
    const state = captured
      ? 'paid'
      : order.status === 'approved' || order.status === 'authorised'
        ? 'authorized'
        : order.status === 'new'
          ? 'open'
          : 'failed'
    return {
      state,
      amountSar: order.total_amount.amount,
      currency: order.total_amount.currency,
      reference: order.order_id,
      paymentId: order.order_id,
      orderReference: order.order_reference_id,
    }
  },
  // Tamara's checkout is its order.
  paymentOf: async (_env, orderId) => orderId,
  // Approved: the store authorises it (Tamara's acknowledgement of the notification), then captures it whole.
  async capture(env, payment) {
    const gateway = tamaraGateway(env)
    const order = await authorisedOrder(gateway, payment.paymentId)
    if (order.status === 'authorised') await gateway.capture(order.order_id, order.total_amount, new Date().toISOString()).catch(alreadyDone)
    const after = await tamara.read(env, payment.paymentId)
    // Refused for another reason than a delivery that got there first: fail, and let the notification come again,
    // rather than release an authorisation the store means to take.
    if (after.state === 'authorized') throw new TamaraError(502, `Tamara did not capture order ${payment.paymentId}`)
    return after
  },
  // An approval the store will not take: authorised, then cancelled, so the buyer's instalments end now.
  async release(env, payment) {
    const gateway = tamaraGateway(env)
    const order = await authorisedOrder(gateway, payment.paymentId)
    if (order.status === 'authorised') await gateway.cancel(order.order_id, order.total_amount).catch(alreadyDone)
  },
  // Captured money goes back as a refund; an order only authorised is cancelled instead (Tamara refunds captures only).
  // Tamara's cancel takes no key: a try whose answer was lost (a timeout) shows in what Tamara has given back already,
  // so it is not sent again, as Moyasar's refund (docs/decisions/0027-refunds-once.md).
  async refund(env, { paymentId: orderId, amountSar, key, reason, refundedBeforeSar }) {
    const gateway = tamaraGateway(env)
    const order = await gateway.order(orderId)
    const givenBack = toHalalas(order.canceled_amount.amount) + toHalalas(order.refunded_amount.amount)
    if (givenBack >= toHalalas(refundedBeforeSar + amountSar)) return
    if (order.status === 'authorised') await gateway.cancel(orderId, tamaraAmount(amountSar))
    else await gateway.refund(orderId, tamaraAmount(amountSar), key, reason)
  },
}

function tamaraGateway(env: Env) {
  return tamaraClient(env, paymentFetcher(env, env.TAMARA_API_URL ? null : tamaraSandboxApi))
}

/** Tamara's order, authorised by the store first if the buyer's approval still waits for it (a repeat is no error). */
async function authorisedOrder(gateway: ReturnType<typeof tamaraGateway>, orderId: string) {
  const order = await gateway.order(orderId)
  if (order.status !== 'approved') return order
  await gateway.authorise(order.order_id).catch(alreadyDone)
  return gateway.order(order.order_id)
}
