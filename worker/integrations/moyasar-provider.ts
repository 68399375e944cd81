/**
 * Moyasar behind the store's `PaymentProvider` (./payment-provider.ts; docs/decisions/0014-card-payments-through-moyasar.md):
 * a card payment is an invoice on Moyasar's hosted page, read back by its payment id. Through Moyasar's client
 * (./moyasar.ts), to the real gateway when MOYASAR_API_URL is set and to the embedded one (./moyasar-sandbox.ts) otherwise.
 */
import { serverLimits } from '../../config/server-limits'
import { moyasarBaseUrl, moyasarClient, toHalalas } from './moyasar'
import { moyasarSandboxApi } from './moyasar-sandbox'
import { paymentFetcher, type PaymentProvider } from './payment-provider'

export const moyasar: PaymentProvider = {
  name: 'moyasar',
  configured: (env) => moyasarBaseUrl(env) !== null,
  async start(env, order, back) {
    const invoice = await moyasarGateway(env).createInvoice({
      amount: toHalalas(order.grand_total),
      currency: 'SAR',
      description: `Matjar ${order.increment_id}`,
      success_url: back('success'),
      back_url: back('cancel'),
      // The invoice lasts as long as the order waits for it (the housekeeping cancels it after that).
      expired_at: new Date(Date.now() + serverLimits.orders.unpaidExpiryMinutes * 60_000).toISOString(),
      metadata: { order_id: order.increment_id },
    })
    return { reference: invoice.id, url: invoice.url }
  },
  async read(env, paymentId) {
    const payment = await moyasarGateway(env).payment(paymentId)
    const state = payment.status === 'paid' || payment.status === 'captured' ? 'paid' : payment.status === 'failed' ? 'failed' : 'open'
    return { state, amountSar: payment.amount / 100, currency: payment.currency, reference: payment.invoice_id, paymentId: payment.id }
  },
  async paymentOf(env, invoiceId) {
    const invoice = await moyasarGateway(env).invoice(invoiceId)
    return invoice.payments.find((p) => p.status === 'paid' || p.status === 'captured')?.id ?? null
  },
  // Moyasar's invoices take the money when the shopper pays: nothing is ever only authorised.
  capture: async (_env, payment) => payment,
  release: async () => undefined,
  // Moyasar keys no refund: a retry after a lost answer finds the refund in the payment's `refunded` and sends nothing.
  async refund(env, { paymentId, amountSar, refundedBeforeSar }) {
    const gateway = moyasarGateway(env)
    const payment = await gateway.payment(paymentId)
    if (payment.refunded >= toHalalas(refundedBeforeSar + amountSar)) return
    await gateway.refund(paymentId, toHalalas(amountSar))
  },
}

function moyasarGateway(env: Env) {
  return moyasarClient(env, paymentFetcher(env, env.MOYASAR_API_URL ? null : moyasarSandboxApi))
}
