/**
 * Tabby behind the store's `PaymentProvider` (./payment-provider.ts; docs/decisions/0015-tabby-for-real.md): a checkout
 * session whose payment is authorised on Tabby's page, then captured by the store. Through Tabby's client (./tabby.ts),
 * to Tabby when TABBY_API_URL is set and to the embedded stand-in (./tabby-sandbox.ts) otherwise.
 */
import { tabbyAmount, tabbyBaseUrl, tabbyClient, tabbyMerchantCode } from './tabby'
import { tabbySandboxApi } from './tabby-sandbox'
import { paymentFetcher, type PaymentProvider } from './payment-provider'

export const tabby: PaymentProvider = {
  name: 'tabby',
  configured: (env) => tabbyBaseUrl(env) !== null,
  async start(env, order, back) {
    const session = await tabbyGateway(env).createSession({
      payment: {
        amount: tabbyAmount(order.grand_total),
        currency: 'SAR',
        description: `Matjar ${order.increment_id}`,
        buyer: { name: order.customer_name, email: order.email, phone: `+${order.phone}` },
        shipping_address: { city: order.city, address: order.address, zip: '00000' },
        order: {
          reference_id: order.increment_id,
          items: order.items.map((item) => ({
            reference_id: item.sku,
            title: item.name,
            quantity: item.qty,
            unit_price: tabbyAmount(item.price),
            category: 'electronics',
          })),
        },
        buyer_history: { registered_since: new Date().toISOString(), loyalty_level: 0 },
        order_history: [],
        meta: { order_id: order.increment_id },
      },
      lang: order.locale,
      merchant_code: tabbyMerchantCode(env),
      merchant_urls: { success: back('success'), cancel: back('cancel'), failure: back('failure') },
    })
    const url = session.configuration.available_products.installments?.[0]?.web_url
    // Tabby declines the buyer or offers no plan: the order is refused (worker/commerce/hosted-payments.ts).
    if (session.status === 'rejected' || !url) return null
    return { reference: session.payment.id, url }
  },
  async read(env, paymentId) {
    const payment = await tabbyGateway(env).payment(paymentId)
    // Paid: closed with the whole amount captured (a payment closed after a partial capture is not).
    const captured = payment.captures.reduce((sum, capture) => sum + Math.round(Number(capture.amount) * 100), 0)
    const state =
      payment.status === 'CLOSED' && captured === Math.round(Number(payment.amount) * 100)
        ? 'paid'
        : payment.status === 'AUTHORIZED'
          ? 'authorized'
          : payment.status === 'CREATED'
            ? 'open'
            : 'failed'
    return { state, amountSar: Number(payment.amount), currency: payment.currency, reference: payment.id, paymentId: payment.id }
  },
  // Tabby's checkout is its payment.
  paymentOf: async (_env, paymentId) => paymentId,
  async capture(env, payment, increment) {
    await tabbyGateway(env).capture(payment.paymentId, tabbyAmount(payment.amountSar), `capture-${increment}`)
    return tabby.read(env, payment.paymentId)
  },
  async release(env, payment) {
    await tabbyGateway(env).close(payment.paymentId)
  },
  // Tabby keys each refund by its reference_id: the same key twice is one refund.
  async refund(env, { paymentId, amountSar, key, reason }) {
    await tabbyGateway(env).refund(paymentId, tabbyAmount(amountSar), key, reason)
  },
}

function tabbyGateway(env: Env) {
  return tabbyClient(env, paymentFetcher(env, env.TABBY_API_URL ? null : tabbySandboxApi))
}
