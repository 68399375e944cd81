/**
 * Payments taken on a provider's page (docs/decisions/0014-card-payments-through-moyasar.md, 0015-tabby-for-real.md):
 * cards through Moyasar, pay-in-4 through Tabby, behind one `PaymentProvider`. The store never takes the shopper's
 * return or a webhook's body as proof: it asks the provider, and pays the order only when the provider's payment is
 * this order's (its own reference, kept when the payment was started) for the order's amount in SAR. The return and
 * the webhook settle through the same `settleHostedPayment`, which pays an order once however many times and in
 * whatever order they arrive; a payment that lands on an order already cancelled is given back, once.
 */
import { serverLimits, type Locale } from '../../app.config'
import { isDevelopment } from '../http/environment'
import { isMoyasarWebhook, moyasarBaseUrl, moyasarClient, toHalalas, type MoyasarWebhook } from '../integrations/moyasar'
import { moyasarSandboxApi } from '../integrations/moyasar-sandbox'
import { isTabbyWebhook, tabbyAmount, tabbyBaseUrl, tabbyClient, tabbyMerchantCode, tabbyWebhookHeader } from '../integrations/tabby'
import { tabbySandboxApi } from '../integrations/tabby-sandbox'
import type { AddressFields } from '../../src/domain/checkout'
import { cachedCatalogue } from '../storage/cached-catalogue'
import { orderStore, type OrderRow } from '../storage/order-store'
import { paymentStore } from '../storage/payment-store'
import { CommerceError } from './errors'
import { inProcessOrigin } from './in-process'
import { cancelOrder, sendOrderConfirmation } from './orders'
import { orderSignature } from './sandbox-link'

/** What a provider says of a payment, read from the provider itself. */
export interface ProviderPayment {
  /** `open`: not decided yet; `authorized`: approved, the money not yet taken (Tabby captures it). */
  state: 'open' | 'authorized' | 'paid' | 'failed'
  amountSar: number
  currency: string
  /** The provider's reference of what the shopper paid on (Moyasar's invoice, Tabby's payment). */
  reference: string | null
  /** The provider's id of this payment (Moyasar's payment id; Tabby's is the reference itself). */
  paymentId: string
}

export interface PaymentProvider {
  name: 'moyasar' | 'tabby'
  /** Whether this deployment can take payments through it. */
  configured(env: Env): boolean
  /** Starts a payment for the order; answers the provider's reference and the page the shopper pays on. */
  start(env: Env, order: OrderForPayment, back: (outcome: 'success' | 'cancel' | 'failure') => string): Promise<{ reference: string; url: string }>
  /** Reads a payment from the provider by the id a return or a webhook names. */
  read(env: Env, paymentId: string): Promise<ProviderPayment>
  /** Takes the money of an authorised payment (idempotent by the order's number); answers the payment after. */
  capture(env: Env, payment: ProviderPayment, increment: string): Promise<ProviderPayment>
  /** Gives the whole payment back (idempotent by the order's number). */
  refund(env: Env, paymentId: string, amountSar: number, increment: string): Promise<void>
}

/** What a provider needs to know of an order to start its payment. */
export interface OrderForPayment extends OrderRow {
  locale: Locale
  email: string
  phone: string
  customer_name: string
  city: string
  address: string
  items: { sku: string; name: string; qty: number; price: number }[]
}

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
  // Moyasar's invoices take the money when the shopper pays.
  capture: async (_env, payment) => payment,
  async refund(env, paymentId) {
    await moyasarGateway(env).refund(paymentId)
  },
}

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
    if (session.status === 'rejected' || !url) throw new CommerceError(400, 'payment_unavailable', { method: 'tabby' })
    return { reference: session.payment.id, url }
  },
  async read(env, paymentId) {
    const payment = await tabbyGateway(env).payment(paymentId)
    const state =
      payment.status === 'CLOSED' && payment.captures.length > 0
        ? 'paid'
        : payment.status === 'AUTHORIZED'
          ? 'authorized'
          : payment.status === 'CREATED'
            ? 'open'
            : 'failed'
    return { state, amountSar: Number(payment.amount), currency: payment.currency, reference: payment.id, paymentId: payment.id }
  },
  async capture(env, payment, increment) {
    await tabbyGateway(env).capture(payment.paymentId, tabbyAmount(payment.amountSar), `capture-${increment}`)
    return tabby.read(env, payment.paymentId)
  },
  async refund(env, paymentId, amountSar, increment) {
    await tabbyGateway(env).refund(paymentId, tabbyAmount(amountSar), `refund-${increment}`, 'order cancelled')
  },
}

const providers = { moyasar, tabby }
/** Which provider takes which of our payment methods (the sandbox page still stands in for Tamara). */
export const providerFor: Partial<Record<string, PaymentProvider>> = { card: moyasar, tabby }

function moyasarGateway(env: Env) {
  const embedded = !env.MOYASAR_API_URL
  return moyasarClient(env, async (request) => (embedded ? moyasarSandboxApi.fetch(request, env) : fetch(request)))
}

function tabbyGateway(env: Env) {
  const embedded = !env.TABBY_API_URL
  return tabbyClient(env, async (request) => (embedded ? tabbySandboxApi.fetch(request, env) : fetch(request)))
}

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

/** Where the buyer pays a pending order: its payment started on the first ask, the same one after. */
export async function hostedPaymentUrl(env: Env, provider: PaymentProvider, order: OrderRow, locale: Locale, origin: string): Promise<string> {
  const payments = paymentStore(env.DB)
  const known = await payments.forOrder(order.id)
  if (known) return known.checkout_url
  const signature = await orderSignature(env, order.increment_id)
  const back = (outcome: 'success' | 'cancel' | 'failure') =>
    `${origin}/commerce/payments/${provider.name}/return?order=${order.increment_id}&lang=${locale}&sig=${signature}&outcome=${outcome}`
  const started = await provider.start(env, await orderForPayment(env, order, locale), back)
  const url = provider.name === 'moyasar' ? withLang(started.url, locale) : started.url
  // Two places of the same order racing here keep the first payment.
  await payments.addCheckout({ order_id: order.id, provider: provider.name, checkout_id: started.reference, checkout_url: url }, new Date())
  return (await payments.forOrder(order.id))!.checkout_url
}

/** What a provider is told of the order: the buyer, where it goes, and its lines (not their services). */
async function orderForPayment(env: Env, order: OrderRow, locale: Locale): Promise<OrderForPayment> {
  const [detail, regions] = await Promise.all([orderStore(env.DB).detail(order.id), cachedCatalogue(env).regions(locale)])
  const address = detail?.shipping_address ? (JSON.parse(detail.shipping_address) as AddressFields) : null
  return {
    ...order,
    locale,
    email: detail?.email ?? '',
    phone: detail?.phone ?? '',
    customer_name: detail?.customer_name ?? '',
    city: regions.find((region) => Number(region.value) === order.region_id)?.label ?? '',
    address: address ? `${address.building} ${address.street}, ${address.district}` : '',
    items: (detail?.items ?? [])
      .filter((item) => item.parent_sku === null)
      .map((item) => ({ sku: item.sku, name: item.name, qty: item.qty, price: item.price })),
  }
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
  if (payment.currency !== 'SAR' || Math.round(payment.amountSar * 100) !== toHalalas(order.grand_total)) {
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'payment amount mismatch',
        provider: provider.name,
        order: order.increment_id,
        payment: payment.paymentId,
      }),
    )
    return order
  }
  await paymentStore(env.DB).setPayment(order.id, payment.paymentId, now)
  // An authorised payment is captured while the order still waits; an order that expired meanwhile takes nothing.
  if (payment.state === 'authorized' && order.status === 'pending_payment') payment = await provider.capture(env, payment, order.increment_id)
  if (payment.state === 'paid' && order.status === 'pending_payment' && (await orders.markPaid(order.id, now)))
    await sendOrderConfirmation(env, order.id)
  const after = (await orders.byId(order.id))!
  // Paid after the order expired (its stock went back): the money goes back too.
  if (after.status === 'canceled' && payment.state === 'paid') await refundHostedPayment(env, after.id, now)
  return after
}

/** Gives an order's payment back through the provider that took it, once; answers whether this call did it. */
export async function refundHostedPayment(env: Env, orderId: number, now = new Date()): Promise<boolean> {
  const payments = paymentStore(env.DB)
  const record = await payments.forOrder(orderId)
  const order = await orderStore(env.DB).byId(orderId)
  const provider = record && providers[record.provider as keyof typeof providers]
  if (!record?.payment_id || !order || !provider) return false
  const halalas = toHalalas(order.grand_total)
  if (!(await payments.claimRefund(orderId, halalas, now))) return false
  try {
    await provider.refund(env, record.payment_id, order.grand_total, order.increment_id)
  } catch (error) {
    await payments.releaseRefund(orderId)
    throw error
  }
  await orderStore(env.DB).markRefunded(orderId, now)
  console.log(JSON.stringify({ level: 'info', message: 'payment refunded', provider: provider.name, order: order.increment_id, halalas }))
  return true
}

/**
 * The shopper back from the provider's page: a payment id (after paying) is checked with the provider; `cancel` or
 * `failure` gives the order up unless the provider says it was paid meanwhile. Answers the order as it is now.
 */
export async function hostedReturn(
  env: Env,
  provider: PaymentProvider,
  order: OrderRow,
  paymentId: string | undefined,
  outcome: 'success' | 'cancel' | 'failure',
): Promise<OrderRow> {
  const record = await paymentStore(env.DB).forOrder(order.id)
  if (!record || record.provider !== provider.name || order.status !== 'pending_payment') return order
  // Moyasar names the payment made on its invoice; Tabby's payment is the one started for the order.
  const id = paymentId ?? (provider.name === 'tabby' ? record.checkout_id : undefined)
  if (id) {
    const settled = await settleHostedPayment(env, provider, id).catch((error: unknown) => {
      if (error instanceof Error && 'status' in error && error.status === 404) return null
      throw error
    })
    if (settled?.id === order.id && settled.status !== 'pending_payment') return settled
  }
  if (outcome !== 'success') {
    if (provider.name === 'moyasar') {
      // Gone back from the invoice: a payment made on it meanwhile still counts.
      const invoice = await moyasarGateway(env).invoice(record.checkout_id)
      const paid = invoice.payments.find((p) => p.status === 'paid' || p.status === 'captured')
      if (paid) return (await settleHostedPayment(env, provider, paid.id)) ?? order
    }
    await cancelOrder(env, order.id, 'unpaid')
  }
  return (await orderStore(env.DB).byId(order.id)) ?? order
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

function refusedWebhook(provider: string): Response {
  console.warn(JSON.stringify({ level: 'warn', message: 'webhook refused', provider }))
  return Response.json({ message: 'unauthorized' }, { status: 401 })
}
