/**
 * Payments taken on a provider's page (docs/decisions/0014-card-payments-through-moyasar.md, 0015-tabby-for-real.md,
 * 0019-tamara-for-real.md): cards through Moyasar, pay later through Tabby and Tamara, behind one `PaymentProvider` (worker/integrations/payment-provider.ts, with each provider's adapter beside its client).
 * The store never takes the shopper's
 * return or a webhook's body as proof: it asks the provider, and pays the order only when the provider's payment is
 * this order's (its own reference, kept when the payment was started) for the order's amount in SAR. The return and
 * the webhook settle through the same `settleHostedPayment`, which pays an order once however many times and in
 * whatever order they arrive; a payment that lands on an order already cancelled is given back, once.
 */
import { type } from 'arktype'
import { type Locale } from '../../app.config'
import { isDevelopment } from '../http/environment'
import { isMoyasarWebhook, toHalalas, type MoyasarWebhook } from '../integrations/moyasar'
import { isTabbyWebhook, tabbyWebhookHeader } from '../integrations/tabby'
import { isTamaraNotification, TamaraError } from '../integrations/tamara'
import type { OrderForPayment, PaymentProvider } from '../integrations/payment-provider'
import { moyasar } from '../integrations/moyasar-provider'
import { tabby } from '../integrations/tabby-provider'
import { tamara } from '../integrations/tamara-provider'
import type { CheckoutDetails } from '../../src/domain/checkout'
import { internationalMobile } from '../../src/domain/phone'
import { cachedCatalogue } from '../storage/cached-catalogue'
import { orderStore, type OrderRow } from '../storage/order-store'
import { paymentStore } from '../storage/payment-store'
import { CommerceError } from './errors'
import { inProcessOrigin } from './in-process'
import { issueInvoice } from './invoices'
import { sendOrderConfirmation } from './order-messages'
import { paymentProviders } from './payments'
import { refundCancelledOrder } from './refunds'
import { orderSignature } from './sandbox-link'

/** The host the commerce client's in-process road uses (worker/commerce/client.ts). */
const inProcessHost = new URL(inProcessOrigin).hostname

/**
 * The store's public address, where a provider sends the shopper back: STORE_ORIGIN, or in development the origin the
 * storefront says it answered on (the commerce client's `forwarded` header), or the one the backend was called on.
 */
export function storeOrigin(env: Env, forwarded: string | undefined, requestUrl: string): string {
  if (env.STORE_ORIGIN) return env.STORE_ORIGIN.replace(/\/+$/, '')
  if (isDevelopment(env)) {
    const host = /host=([^;,\s]+)/.exec(forwarded ?? '')?.[1]
    const proto = /proto=(https?)/.exec(forwarded ?? '')?.[1] ?? 'https'
    if (host) return `${proto}://${host}`
    const own = new URL(requestUrl)
    if (own.hostname !== inProcessHost) return own.origin
  }
  throw new CommerceError(400, 'payment_unavailable', { method: 'card' })
}

/** A payment started for an order about to be stored: the provider, its reference and where the buyer pays. */
export interface StartedPayment {
  provider: PaymentProvider
  reference: string
  url: string
}

/**
 * Starts the provider's payment for an order about to be placed (worker/commerce/orders.ts), before anything is
 * stored: a provider that refuses the buyer refuses the order. The way back is signed for the buyer.
 */
export async function startHostedPayment(
  env: Env,
  provider: PaymentProvider,
  order: {
    increment_id: string
    grand_total: number
    region_id: number
    locale: Locale
    details: CheckoutDetails
    items: OrderForPayment['items']
    origin?: string
    /** A pickup's showroom address: the providers ask where the order goes, and a pickup goes there. */
    collectAt?: string
  },
): Promise<StartedPayment> {
  if (!order.origin) throw new CommerceError(400, 'payment_unavailable', { method: provider.name })
  const signature = await orderSignature(env, order.increment_id)
  const back = (outcome: 'success' | 'cancel' | 'failure') =>
    `${order.origin}/commerce/payments/${provider.name}/return?order=${order.increment_id}&lang=${order.locale}&sig=${signature}&outcome=${outcome}`
  const regions = await cachedCatalogue(env).regions(order.locale)
  const address = order.details.shipping_address
  const started = await provider.start(
    env,
    {
      increment_id: order.increment_id,
      grand_total: order.grand_total,
      locale: order.locale,
      email: order.details.contact.email,
      phone: internationalMobile(order.details.contact.mobile) ?? '',
      customer_name: order.details.contact.name,
      city: regions.find((region) => Number(region.value) === order.region_id)?.label ?? '',
      address: address ? `${address.building} ${address.street}, ${address.district}` : (order.collectAt ?? ''),
      items: order.items,
    },
    back,
  )
  // The provider refuses this buyer or amount: so is the order, before anything is stored.
  if (!started) throw new CommerceError(400, 'payment_unavailable', { method: provider.name })
  const url = provider.name === 'moyasar' ? withLang(started.url, order.locale) : started.url
  return { provider, reference: started.reference, url }
}

/** Keeps the started payment with the order just stored for the cart (`quoteId`). */
export async function recordHostedPayment(env: Env, orderId: number, started: StartedPayment, now: Date): Promise<void> {
  await paymentStore(env.DB).addCheckout(
    { order_id: orderId, provider: started.provider.name, checkout_id: started.reference, checkout_url: started.url },
    now,
  )
}

/** Where the buyer pays a pending order: the payment started when it was placed. */
export async function hostedPaymentUrl(env: Env, order: OrderRow): Promise<string> {
  const known = await paymentStore(env.DB).forOrder(order.id)
  if (!known) throw new CommerceError(400, 'payment_unavailable', { method: order.payment_method })
  return known.checkout_url
}

function withLang(url: string, locale: Locale): string {
  const address = new URL(url)
  address.searchParams.set('lang', locale)
  return address.toString()
}

/**
 * Settles what the provider says of a payment: paid (or authorised, then captured) for this order's reference, amount
 * and currency pays its order once and sends the confirmation; a payment on a cancelled order is refunded. Answers the
 * order as it is now, or null when the payment is no order's.
 */
export async function settleHostedPayment(env: Env, provider: PaymentProvider, paymentId: string, now = new Date()): Promise<OrderRow | null> {
  let payment = await provider.read(env, paymentId)
  const record = payment.reference ? await paymentStore(env.DB).byCheckout(provider.name, payment.reference) : null
  const orders = orderStore(env.DB)
  const order = record && (await orders.byId(record.order_id))
  if (!order) return null
  if (payment.state !== 'paid' && payment.state !== 'authorized') return order
  const foreign = payment.orderReference !== undefined && payment.orderReference !== order.increment_id
  if (foreign || payment.currency !== 'SAR' || Math.round(payment.amountSar * 100) !== toHalalas(order.grand_total)) {
    console.error(
      JSON.stringify({
        level: 'error',
        message: foreign ? 'payment reference mismatch' : 'payment amount mismatch',
        provider: provider.name,
        order: order.increment_id,
        payment: payment.paymentId,
      }),
    )
    return order
  }
  // An authorised payment is captured while the order still waits; an order that expired meanwhile takes nothing.
  if (payment.state === 'authorized' && order.status === 'pending_payment') payment = await provider.capture(env, payment, order.increment_id)
  // Authorised for an order that expired meanwhile: nothing is captured, and the buyer's authorisation is released.
  if (payment.state === 'authorized') {
    await provider.release(env, payment)
    return order
  }
  if (payment.state !== 'paid') return order
  // The money is taken: the payment is kept with the order (the first one; a second payment on one checkout, from two
  // tabs, is given back), so that a cancellation can refund it.
  if (!(await paymentStore(env.DB).keepPayment(order.id, payment.paymentId, now))) {
    const second = {
      level: 'error',
      message: 'second payment on one order',
      provider: provider.name,
      order: order.increment_id,
      payment: payment.paymentId,
    }
    console.error(JSON.stringify(second))
    const key = `refund-${order.increment_id}-second-${payment.paymentId}`
    const refund = { paymentId: payment.paymentId, amountSar: payment.amountSar, key, reason: 'second payment of one order', refundedBeforeSar: 0 }
    await provider.refund(env, refund).catch((error: unknown) => {
      // Given back by an earlier delivery of the same webhook: nothing more to do.
      console.error(JSON.stringify({ ...second, message: 'second payment not refunded', error: String(error) }))
    })
    return order
  }
  if (order.status === 'pending_payment' && (await orders.markPaid(order.id, now))) {
    // Paid: its simplified tax invoice, before the confirmation that links to it (docs/decisions/0016-zatca-invoices.md). An invoice that
    // fails here is issued by the five-minute job; the payment stands either way.
    await issueInvoice(env, order.id, now).catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'error', message: 'invoice not issued at payment', order: order.increment_id, error: String(error) }))
    })
    await sendOrderConfirmation(env, order.id)
  }
  const after = (await orders.byId(order.id))!
  // Paid after the order expired (its stock went back): the money goes back too.
  if (after.status === 'canceled') await refundCancelledOrder(env, after.id, now)
  return after
}

/** Moyasar's webhook: refused (401, logged) without the dashboard's secret token; else the payment is settled. */
export async function moyasarWebhook(env: Env, request: Request): Promise<Response> {
  const body = (await request.json().catch(() => null)) as MoyasarWebhook | null
  if (!body || !(await isMoyasarWebhook(env, body))) return refusedWebhook('moyasar')
  const paymentId = typeof body.data?.id === 'string' ? body.data.id : null
  // Anything that fails here answers 500, and Moyasar sends the webhook again.
  if (paymentId) await settleHostedPayment(env, moyasar, paymentId)
  return Response.json({ received: true })
}

/** Tabby's webhook: refused (401, logged) without the header registered with it; else the payment is settled. */
export async function tabbyWebhook(env: Env, request: Request): Promise<Response> {
  if (!(await isTabbyWebhook(env, request.headers.get(tabbyWebhookHeader) ?? undefined))) return refusedWebhook('tabby')
  const body = (await request.json().catch(() => null)) as { id?: unknown } | null
  if (typeof body?.id === 'string') await settleHostedPayment(env, tabby, body.id)
  return Response.json({ received: true })
}

/**
 * Tamara's notification: refused (401, logged) without a `tamaraToken` Tamara signed; else the order it names is read
 * from Tamara and settled (an approved order is authorised and captured there).
 */
export async function tamaraWebhook(env: Env, request: Request): Promise<Response> {
  if (!(await isTamaraNotification(env, request))) return refusedWebhook('tamara')
  const body = tamaraNotificationBody(await request.json().catch(() => null))
  if (body instanceof type.errors) return Response.json({ message: body.summary }, { status: 400 })
  await settleHostedPayment(env, tamara, body.order_id).catch((error: unknown) => {
    // An order Tamara does not know is none of ours: nothing to settle, and nothing for Tamara to send again.
    if (error instanceof TamaraError && error.status === 404) return null
    throw error
  })
  return Response.json({ received: true })
}

const tamaraNotificationBody = type({ order_id: '0 < string <= 64', event_type: 'string' })

function refusedWebhook(provider: string): Response {
  console.warn(JSON.stringify({ level: 'warn', message: 'webhook refused', provider }))
  return Response.json({ message: 'unauthorized' }, { status: 401 })
}

/**
 * Before an unpaid order expires, its provider is asked once more: a shopper who paid and closed the tab before the
 * return, with the webhook late, is paid, not cancelled. Answers whether the order is still unpaid.
 */
export async function stillUnpaid(env: Env, orderId: number): Promise<boolean> {
  const record = await paymentStore(env.DB).forOrder(orderId)
  const provider = record && paymentProviders[record.provider as keyof typeof paymentProviders]
  if (!record || !provider) return true
  const paymentId = await provider.paymentOf(env, record.checkout_id)
  const order = paymentId ? await settleHostedPayment(env, provider, paymentId) : null
  return !order || order.status === 'pending_payment'
}
