/**
 * Card payments (docs/decisions/0014-card-payments-through-moyasar.md): a card order is paid on Moyasar's hosted
 * invoice page. The store never takes the shopper's return as proof: the payment is fetched from the gateway by its
 * id, belongs to the order's own invoice, and carries the order's amount in SAR before the order is paid. The return
 * and the webhook settle through the same `settleCardPayment`, which pays an order once however many times and in
 * whatever order they arrive; a payment that lands on an order already cancelled is given back, once.
 */
import { serverLimits, type Locale } from '../../app.config'
import { isDevelopment } from '../http/environment'
import { isMoyasarWebhook, MoyasarError, moyasarBaseUrl, moyasarClient, toHalalas, type MoyasarWebhook } from '../integrations/moyasar'
import { moyasarSandboxApi } from '../integrations/moyasar-sandbox'
import { orderStore, type OrderRow } from '../storage/order-store'
import { paymentStore } from '../storage/payment-store'
import { inProcessOrigin } from './in-process'
import { CommerceError } from './errors'
import { cancelOrder, sendOrderConfirmation } from './orders'
import { orderSignature } from './sandbox-link'

/** The gateway: Moyasar at MOYASAR_API_URL, or the embedded one in process. */
export function cardGateway(env: Env) {
  const embedded = !env.MOYASAR_API_URL
  return moyasarClient(env, async (request) => (embedded ? moyasarSandboxApi.fetch(request, env) : fetch(request)))
}

/** Whether this deployment takes card payments at all. */
export const cardPaymentsConfigured = (env: Env) => moyasarBaseUrl(env) !== null

/**
 * The store's public address, where the gateway sends the shopper back: STORE_ORIGIN, or in development the origin
 * the storefront says it answered on (the commerce client's `forwarded` header).
 */
export function storeOrigin(env: Env, forwarded: string | undefined, requestUrl: string): string {
  if (env.STORE_ORIGIN) return env.STORE_ORIGIN.replace(/\/+$/, '')
  if (isDevelopment(env)) {
    const host = /host=([^;,\s]+)/.exec(forwarded ?? '')?.[1]
    const proto = /proto=(https?)/.exec(forwarded ?? '')?.[1] ?? 'https'
    if (host) return `${proto}://${host}`
    // Called over HTTP (not in process): the address it was called on.
    const own = new URL(requestUrl)
    if (own.hostname !== inProcessHost) return own.origin
  }
  throw new CommerceError(400, 'payment_unavailable', { method: 'card' })
}

/** The host the commerce client's in-process road uses (worker/commerce/client.ts). */
const inProcessHost = new URL(inProcessOrigin).hostname

const returnPath = '/commerce/payments/moyasar/return'

/** Where the buyer pays a pending card order: its invoice, made on the first ask and the same one after. */
export async function cardPaymentUrl(env: Env, order: OrderRow, locale: Locale, origin: string): Promise<string> {
  const payments = paymentStore(env.DB)
  const known = await payments.forOrder(order.id)
  if (known) return withLang(known.invoice_url, locale)
  const signature = await orderSignature(env, order.increment_id)
  const back = (extra: string) => `${origin}${returnPath}?order=${order.increment_id}&lang=${locale}&sig=${signature}${extra}`
  const now = new Date()
  const invoice = await cardGateway(env).createInvoice({
    amount: toHalalas(order.grand_total),
    currency: 'SAR',
    description: `Matjar ${order.increment_id}`,
    success_url: back(''),
    back_url: back('&back=1'),
    // The invoice lasts as long as the order waits for it (the housekeeping cancels it after that).
    expired_at: new Date(now.getTime() + serverLimits.orders.unpaidExpiryMinutes * 60_000).toISOString(),
    metadata: { order_id: order.increment_id },
  })
  // Two places of the same order racing here keep the first invoice.
  await payments.addInvoice({ order_id: order.id, provider: 'moyasar', invoice_id: invoice.id, invoice_url: invoice.url }, now)
  return withLang((await payments.forOrder(order.id))!.invoice_url, locale)
}

function withLang(url: string, locale: Locale): string {
  const address = new URL(url)
  address.searchParams.set('lang', locale)
  return address.toString()
}

/**
 * Settles what the gateway says of a payment: paid (the right invoice, amount and currency) pays its order once and
 * sends the confirmation; a payment on a cancelled order is refunded. Answers the order as it is now, or null when
 * the payment is no order's.
 */
export async function settleCardPayment(env: Env, paymentId: string, now = new Date()): Promise<OrderRow | null> {
  const payment = await cardGateway(env).payment(paymentId)
  const record = payment.invoice_id ? await paymentStore(env.DB).byInvoice(payment.invoice_id) : null
  const orders = orderStore(env.DB)
  const order = record && (await orders.byId(record.order_id))
  if (!order) return null
  if (payment.status !== 'paid' && payment.status !== 'captured') return order
  if (payment.currency !== 'SAR' || payment.amount !== toHalalas(order.grand_total)) {
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'card payment amount mismatch',
        order: order.increment_id,
        payment: payment.id,
        amount: payment.amount,
      }),
    )
    return order
  }
  await paymentStore(env.DB).setPayment(order.id, payment.id, now)
  if (order.status === 'pending_payment' && (await orders.markPaid(order.id, now))) await sendOrderConfirmation(env, order.id)
  const after = (await orders.byId(order.id))!
  // Paid after the order expired (its stock went back): the money goes back too.
  if (after.status === 'canceled') await refundCardPayment(env, after.id, now)
  return after
}

/** Gives a card order's payment back through the gateway, once; answers whether this call did it. */
export async function refundCardPayment(env: Env, orderId: number, now = new Date()): Promise<boolean> {
  const payments = paymentStore(env.DB)
  const record = await payments.forOrder(orderId)
  const order = await orderStore(env.DB).byId(orderId)
  if (!record?.payment_id || !order) return false
  const halalas = toHalalas(order.grand_total)
  if (!(await payments.claimRefund(orderId, halalas, now))) return false
  try {
    await cardGateway(env).refund(record.payment_id)
  } catch (error) {
    await payments.releaseRefund(orderId)
    throw error
  }
  await orderStore(env.DB).markRefunded(orderId, now)
  console.log(JSON.stringify({ level: 'info', message: 'card payment refunded', order: order.increment_id, halalas }))
  return true
}

/**
 * The shopper back from the invoice page: `id` (a payment, after paying) is checked with the gateway; `back` (gave up)
 * cancels the order unless its invoice was paid meanwhile. Answers the order as it is now.
 */
export async function cardReturn(env: Env, order: OrderRow, paymentId: string | undefined, gaveUp: boolean): Promise<OrderRow> {
  const record = await paymentStore(env.DB).forOrder(order.id)
  if (!record || order.status !== 'pending_payment') return order
  if (paymentId) {
    const settled = await settleCardPayment(env, paymentId).catch((error: unknown) => {
      if (error instanceof MoyasarError && error.status === 404) return null
      throw error
    })
    if (settled?.id === order.id) return settled
  }
  if (gaveUp) {
    const invoice = await cardGateway(env).invoice(record.invoice_id)
    const paid = invoice.payments.find((p) => p.status === 'paid' || p.status === 'captured')
    if (paid) return (await settleCardPayment(env, paid.id)) ?? order
    await cancelOrder(env, order.id, 'unpaid')
  }
  return (await orderStore(env.DB).byId(order.id)) ?? order
}

/** Moyasar's webhook: refused (401, logged) without the dashboard's secret token; else the payment is settled. */
export async function handleMoyasarWebhook(env: Env, request: Request): Promise<Response> {
  const body = (await request.json().catch(() => null)) as MoyasarWebhook | null
  if (!body || !(await isMoyasarWebhook(env, body))) {
    console.warn(JSON.stringify({ level: 'warn', message: 'moyasar webhook refused', type: body?.type ?? null }))
    return Response.json({ message: 'unauthorized' }, { status: 401 })
  }
  const paymentId = typeof body.data?.id === 'string' ? body.data.id : null
  // Anything that fails here answers 500, and Moyasar sends the webhook again.
  if (paymentId) await settleCardPayment(env, paymentId)
  return Response.json({ received: true })
}
