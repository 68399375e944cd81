/**
 * Payments taken on a provider's page (docs/decisions/0014-card-payments-through-moyasar.md, 0015-tabby-for-real.md,
 * 0019-tamara-for-real.md): cards through Moyasar, pay later through Tabby and Tamara, behind one `PaymentProvider`. The store never takes the shopper's
 * return or a webhook's body as proof: it asks the provider, and pays the order only when the provider's payment is
 * this order's (its own reference, kept when the payment was started) for the order's amount in SAR. The return and
 * the webhook settle through the same `settleHostedPayment`, which pays an order once however many times and in
 * whatever order they arrive; a payment that lands on an order already cancelled is given back, once.
 */
import { type } from 'arktype'
import { serverLimits, type Locale } from '../../app.config'
import { isDevelopment } from '../http/environment'
import { isMoyasarWebhook, moyasarBaseUrl, moyasarClient, toHalalas, type MoyasarWebhook } from '../integrations/moyasar'
import { moyasarSandboxApi } from '../integrations/moyasar-sandbox'
import { isTabbyWebhook, tabbyAmount, tabbyBaseUrl, tabbyClient, tabbyMerchantCode, tabbyWebhookHeader } from '../integrations/tabby'
import { tabbySandboxApi } from '../integrations/tabby-sandbox'
import { isTamaraNotification, tamaraAmount, tamaraBaseUrl, tamaraClient, TamaraError } from '../integrations/tamara'
import { tamaraSandboxApi } from '../integrations/tamara-sandbox'
import type { CheckoutDetails } from '../../src/domain/checkout'
import { internationalMobile } from '../../src/domain/phone'
import { cachedCatalogue } from '../storage/cached-catalogue'
import { orderStore, type OrderRow } from '../storage/order-store'
import { paymentStore } from '../storage/payment-store'
import { CommerceError } from './errors'
import { inProcessOrigin } from './in-process'
import { issueInvoice } from './invoices'
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
  /** The provider's id of this payment (Moyasar's payment id; Tabby's and Tamara's are the reference itself). */
  paymentId: string
  /** The store's order number the provider keeps with the payment, where it keeps one (Tamara's order_reference_id). */
  orderReference?: string
}

export interface PaymentProvider {
  name: 'moyasar' | 'tabby' | 'tamara'
  /** Whether this deployment can take payments through it. */
  configured(env: Env): boolean
  /** Starts a payment for the order; answers the provider's reference and the page the shopper pays on. */
  start(env: Env, order: OrderForPayment, back: (outcome: 'success' | 'cancel' | 'failure') => string): Promise<{ reference: string; url: string }>
  /** Reads a payment from the provider by the id a return or a webhook names. */
  read(env: Env, paymentId: string): Promise<ProviderPayment>
  /** The payment to settle for a checkout, asked of the provider (null: none was made). */
  paymentOf(env: Env, checkoutId: string): Promise<string | null>
  /** Takes the money of an authorised payment (idempotent by the order's number); answers the payment after. */
  capture(env: Env, payment: ProviderPayment, increment: string): Promise<ProviderPayment>
  /** Lets go of an authorisation the store will not capture (an order that expired before the buyer confirmed). */
  release(env: Env, payment: ProviderPayment): Promise<void>
  /** Gives the whole payment back (idempotent by the order's number). */
  refund(env: Env, paymentId: string, amountSar: number, increment: string): Promise<void>
}

/** What a provider needs to know of an order to start its payment. */
export interface OrderForPayment {
  increment_id: string
  grand_total: number
  locale: Locale
  email: string
  /** International form (966...). */
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
  async paymentOf(env, invoiceId) {
    const invoice = await moyasarGateway(env).invoice(invoiceId)
    return invoice.payments.find((p) => p.status === 'paid' || p.status === 'captured')?.id ?? null
  },
  // Moyasar's invoices take the money when the shopper pays: nothing is ever only authorised.
  capture: async (_env, payment) => payment,
  release: async () => undefined,
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
  async refund(env, paymentId, amountSar, increment) {
    await tabbyGateway(env).refund(paymentId, tabbyAmount(amountSar), `refund-${increment}`, 'order cancelled')
  },
}

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
        if (error instanceof TamaraError && error.status >= 400 && error.status < 500) {
          throw new CommerceError(400, 'payment_unavailable', { method: 'tamara' })
        }
        throw error
      })
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
    let order = await gateway.order(payment.paymentId)
    if (order.status === 'approved') {
      await gateway.authorise(order.order_id).catch(alreadyDone)
      order = await gateway.order(order.order_id)
    }
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
    let order = await gateway.order(payment.paymentId)
    if (order.status === 'approved') {
      await gateway.authorise(order.order_id).catch(alreadyDone)
      order = await gateway.order(order.order_id)
    }
    if (order.status === 'authorised') await gateway.cancel(order.order_id, order.total_amount).catch(alreadyDone)
  },
  // Captured money goes back as a refund; an order only authorised is cancelled instead (Tamara refunds captures only).
  async refund(env, orderId, amountSar, increment) {
    const gateway = tamaraGateway(env)
    const order = await gateway.order(orderId)
    if (order.status === 'authorised') await gateway.cancel(orderId, tamaraAmount(amountSar))
    else await gateway.refund(orderId, tamaraAmount(amountSar), `refund-${increment}`, `Order ${increment} cancelled`)
  },
}

const providers = { moyasar, tabby, tamara }
/** Which provider takes which of our payment methods. */
export const providerFor: Partial<Record<string, PaymentProvider>> = { card: moyasar, tabby, tamara }

function moyasarGateway(env: Env) {
  const embedded = !env.MOYASAR_API_URL
  return moyasarClient(env, async (request) => (embedded ? moyasarSandboxApi.fetch(request, env) : fetch(request)))
}

function tabbyGateway(env: Env) {
  const embedded = !env.TABBY_API_URL
  return tabbyClient(env, async (request) => (embedded ? tabbySandboxApi.fetch(request, env) : fetch(request)))
}

function tamaraGateway(env: Env) {
  const embedded = !env.TAMARA_API_URL
  return tamaraClient(env, async (request) => (embedded ? tamaraSandboxApi.fetch(request, env) : fetch(request)))
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
  const url = provider.name === 'moyasar' ? withLang(started.url, order.locale) : started.url
  return { provider, reference: started.reference, url }
}

/** Keeps the started payment with the order just stored for the cart (`quoteId`). */
export async function recordHostedPayment(env: Env, quoteId: string, started: StartedPayment, now: Date): Promise<void> {
  const order = await orderStore(env.DB).forQuote(quoteId)
  if (!order) return
  await paymentStore(env.DB).addCheckout(
    { order_id: order.id, provider: started.provider.name, checkout_id: started.reference, checkout_url: started.url },
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
    await provider.refund(env, payment.paymentId, payment.amountSar, `${order.increment_id}-2`).catch((error: unknown) => {
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
  if (after.status === 'canceled') await refundHostedPayment(env, after.id, now)
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
  // Moyasar names the payment made on its invoice; Tabby's payment and Tamara's order are the ones started for the order,
  // whatever the browser says.
  const id = provider.name === 'moyasar' ? paymentId : record.checkout_id
  if (id) {
    const settled = await settleHostedPayment(env, provider, id).catch((error: unknown) => {
      if (error instanceof Error && 'status' in error && error.status === 404) return null
      throw error
    })
    if (settled?.id === order.id && settled.status !== 'pending_payment') return settled
  }
  if (outcome !== 'success') {
    // Gone back from the provider's page: a payment made meanwhile still counts.
    const paid = await provider.paymentOf(env, record.checkout_id)
    const settled = paid ? await settleHostedPayment(env, provider, paid) : null
    if (settled && settled.status !== 'pending_payment') return settled
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
  const provider = record && providers[record.provider as keyof typeof providers]
  if (!record || !provider) return true
  const paymentId = await provider.paymentOf(env, record.checkout_id)
  const order = paymentId ? await settleHostedPayment(env, provider, paymentId) : null
  return !order || order.status === 'pending_payment'
}

/** Gives back what cancelled orders still hold (a refund the provider refused, a payment that came late); the cron's. */
export async function refundCancelledPayments(env: Env, now = new Date()): Promise<number> {
  let refunded = 0
  for (const orderId of await paymentStore(env.DB).unrefunded(serverLimits.orders.expiryBatch)) {
    try {
      if (await refundHostedPayment(env, orderId, now)) refunded += 1
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'refund failed, tried again next run', orderId, error: String(error) }))
    }
  }
  return refunded
}
