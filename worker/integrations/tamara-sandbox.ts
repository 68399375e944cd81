/**
 * The embedded Tamara: what the store talks to for Tamara in development and tests (docs/decisions/0019). It answers
 * the adapter's calls (./tamara.ts) as Tamara documents them: `POST /checkout` (an order and the page its buyer pays on,
 * or a refusal for an amount outside the store's Tamara range), `GET /orders/{id}`, `POST /orders/{id}/authorise`,
 * `POST /payments/capture`, `POST /orders/{id}/cancel` and `POST /payments/simplified-refund/{id}`, with a Bearer API
 * token and amounts as `{ amount, currency }`. Its hosted page stands for Tamara's checkout: the buyer pays the first
 * instalment, declines or cancels; the store then gets the notification Tamara sends (the order's id and reference,
 * `event_type`, and a `tamaraToken` JWT signed HS256 with the notification token, in the query and as a Bearer) and the
 * buyer goes back to `merchant_url.success|failure|cancel?orderId=...&paymentStatus=...`.
 *
 * The page is its buyer's alone (issue 29, item 5): its address carries the signature the store put in this buyer's
 * own way back (worker/commerce/sandbox-link.ts), and the store's route checks it before showing or answering it.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { SignJWT } from 'jose'
import { appConfig, type Locale } from '../../app.config'
import { faviconDataUri } from '../../src/domain/brand'
import { directionOf } from '../../src/domain/locale'
import { formatAmount } from '../../src/domain/money'
import { installmentPlan } from '../../src/domain/installments'
import { m } from '../../src/paraglide/messages.js'
import { readSecret } from '../platform/secrets'
import { tamaraSandboxStore } from '../storage/payment-store'
import {
  tamaraAmount,
  tamaraIssuer,
  type TamaraCheckoutRequest,
  type TamaraCheckoutSession,
  type TamaraNotification,
  type TamaraOrder,
} from './tamara'

/** How long a notification's token lives (Tamara's documented example: issued, then expiring 15 minutes later). */
const tokenLifetimeSeconds = 15 * 60

/** The instalments the embedded Tamara's plan shows (Tamara's default split). */
const instalments = 3

const error = (status: number, message: string, errorCode: string) => Response.json({ message, errors: [{ error_code: errorCode }] }, { status })

const amount = type({ amount: 'number >= 0', currency: "'SAR'" })

/** What the embedded Tamara insists on, as Tamara's API reference marks it required. */
const checkoutBody = type({
  order_reference_id: 'string > 0',
  'order_number?': 'string',
  total_amount: amount,
  shipping_amount: amount,
  tax_amount: amount,
  items: type({ name: 'string > 0', reference_id: 'string', sku: 'string > 0', quantity: 'number > 0', type: 'string', total_amount: amount })
    .array()
    .atLeastLength(1),
  consumer: { first_name: 'string', last_name: 'string', phone_number: 'string > 0', email: 'string' },
  shipping_address: { first_name: 'string', last_name: 'string', line1: 'string > 0', city: 'string', country_code: "'SA'" },
  country_code: "'SA'",
  description: '0 < string <= 256',
  'locale?': "'ar_SA' | 'en_US'",
  merchant_url: { success: 'string.url', failure: 'string.url', cancel: 'string.url', notification: 'string.url' },
})

/** What the embedded Tamara keeps of each order: the order as it answers it, and what it needs to end the checkout. */
interface StoredOrder {
  order: TamaraOrder
  checkout_id: string
  merchant_url: TamaraCheckoutRequest['merchant_url']
  locale: Locale
  /** The signature in the buyer's way back, which opens the hosted page. */
  signature: string
  refund_ids: string[]
}

const halalas = (value: { amount: number }) => Math.round(value.amount * 100)
const sar = (value: number) => tamaraAmount(value / 100)

export const tamaraSandboxApi = new Hono<{ Bindings: Env }>()
  .use(async (c, next) => {
    const token = await readSecret(c.env, 'TAMARA_API_TOKEN')
    if (c.req.header('authorization') !== `Bearer ${token}`) return error(401, 'Unauthorized', 'unauthorized')
    await next()
  })
  .post('/checkout', async (c) => {
    const body = checkoutBody(await c.req.json().catch(() => null))
    if (body instanceof type.errors) return error(400, body.summary, 'invalid_request')
    // Tamara refuses an amount outside the merchant's range when the session is created.
    const { minSar, maxSar } = appConfig.payments.tamara
    const total = halalas(body.total_amount)
    if (total < minSar * 100 || total > maxSar * 100) return error(400, 'Total amount is not in the allowed range', 'total_amount_invalid_limit')
    const success = new URL(body.merchant_url.success)
    const order: TamaraOrder = {
      order_id: crypto.randomUUID(),
      order_reference_id: body.order_reference_id,
      order_number: body.order_number ?? body.order_reference_id,
      status: 'new',
      total_amount: body.total_amount,
      captured_amount: tamaraAmount(0),
      refunded_amount: tamaraAmount(0),
      canceled_amount: tamaraAmount(0),
      payment_type: 'PAY_BY_INSTALMENTS',
      created_at: new Date().toISOString(),
    }
    const checkoutId = crypto.randomUUID()
    const locale: Locale = body.locale === 'en_US' ? 'en' : 'ar'
    const stored: StoredOrder = {
      order,
      checkout_id: checkoutId,
      merchant_url: body.merchant_url,
      locale,
      signature: success.searchParams.get('sig') ?? '',
      refund_ids: [],
    }
    await tamaraSandboxStore(c.env.DB).save(order.order_id, checkoutId, stored)
    const page = new URL(`/commerce/payments/tamara-sandbox/${checkoutId}`, success.origin)
    page.searchParams.set('locale', body.locale ?? 'ar_SA')
    page.searchParams.set('orderId', order.order_id)
    page.searchParams.set('sig', stored.signature)
    return c.json({ order_id: order.order_id, checkout_id: checkoutId, checkout_url: page.toString(), status: 'new' } satisfies TamaraCheckoutSession)
  })
  .get('/orders/:id', async (c) => {
    const stored = await tamaraSandboxStore(c.env.DB).order<StoredOrder>(c.req.param('id'))
    return stored ? c.json(stored.order) : error(404, 'Order not found', 'order_not_found')
  })
  .post('/orders/:id/authorise', async (c) => {
    const store = tamaraSandboxStore(c.env.DB)
    const stored = await store.order<StoredOrder>(c.req.param('id'))
    if (!stored) return error(404, 'Order not found', 'order_not_found')
    if (stored.order.status !== 'approved') return error(409, 'Order is not approved', 'order_not_approved')
    const order: TamaraOrder = { ...stored.order, status: 'authorised' }
    await store.save(order.order_id, stored.checkout_id, { ...stored, order })
    return c.json({ order_id: order.order_id, status: order.status, authorized_amount: order.total_amount, auto_captured: false })
  })
  .post('/payments/capture', async (c) => {
    const body = type({ order_id: 'string', total_amount: amount, shipping_info: 'object' })(await c.req.json().catch(() => null))
    if (body instanceof type.errors) return error(400, body.summary, 'invalid_request')
    const store = tamaraSandboxStore(c.env.DB)
    const stored = await store.order<StoredOrder>(body.order_id)
    if (!stored) return error(404, 'Order not found', 'order_not_found')
    const { order } = stored
    if (order.status !== 'authorised' && order.status !== 'partially_captured') return error(409, 'Order is not authorised', 'order_not_authorised')
    const captured = halalas(order.captured_amount) + halalas(body.total_amount)
    if (captured > halalas(order.total_amount)) return error(400, 'Capture amount is more than the order total', 'capture_amount_invalid')
    const after: TamaraOrder = {
      ...order,
      captured_amount: sar(captured),
      status: captured === halalas(order.total_amount) ? 'fully_captured' : 'partially_captured',
    }
    await store.save(order.order_id, stored.checkout_id, { ...stored, order: after })
    return c.json({ capture_id: crypto.randomUUID(), order_id: order.order_id, status: after.status, captured_amount: body.total_amount })
  })
  .post('/orders/:id/cancel', async (c) => {
    const body = type({ total_amount: amount })(await c.req.json().catch(() => null))
    if (body instanceof type.errors) return error(400, body.summary, 'invalid_request')
    const store = tamaraSandboxStore(c.env.DB)
    const stored = await store.order<StoredOrder>(c.req.param('id'))
    if (!stored) return error(404, 'Order not found', 'order_not_found')
    // Tamara cancels an authorised order only; one captured is refunded instead.
    if (stored.order.status !== 'authorised') return error(409, 'Order is not authorised', 'order_not_authorised')
    if (halalas(body.total_amount) !== halalas(stored.order.total_amount))
      return error(400, 'Only whole orders are cancelled here', 'cancel_amount_invalid')
    const order: TamaraOrder = { ...stored.order, status: 'canceled', canceled_amount: body.total_amount }
    await store.save(order.order_id, stored.checkout_id, { ...stored, order })
    return c.json({ cancel_id: crypto.randomUUID(), order_id: order.order_id, status: order.status, canceled_amount: body.total_amount })
  })
  .post('/payments/simplified-refund/:id', async (c) => {
    const body = type({ total_amount: amount, comment: 'string > 0', 'merchant_refund_id?': 'string' })(await c.req.json().catch(() => null))
    if (body instanceof type.errors) return error(400, body.summary, 'invalid_request')
    const store = tamaraSandboxStore(c.env.DB)
    const stored = await store.order<StoredOrder>(c.req.param('id'))
    if (!stored) return error(404, 'Order not found', 'order_not_found')
    const { order } = stored
    const answer = (after: TamaraOrder) => ({
      refund_id: crypto.randomUUID(),
      order_id: after.order_id,
      comment: body.comment,
      status: after.status,
      refunded_amount: after.refunded_amount,
    })
    // The same merchant_refund_id twice is one refund.
    if (body.merchant_refund_id && stored.refund_ids.includes(body.merchant_refund_id)) return c.json(answer(order))
    if (!['fully_captured', 'partially_captured', 'partially_refunded'].includes(order.status)) {
      return error(409, 'Order has nothing captured to refund', 'order_not_captured')
    }
    const refunded = halalas(order.refunded_amount) + halalas(body.total_amount)
    if (refunded > halalas(order.captured_amount)) return error(400, 'Refund amount is more than captured', 'refund_amount_invalid')
    const after: TamaraOrder = {
      ...order,
      refunded_amount: sar(refunded),
      status: refunded === halalas(order.total_amount) ? 'fully_refunded' : 'partially_refunded',
    }
    const refundIds = body.merchant_refund_id ? [...stored.refund_ids, body.merchant_refund_id] : stored.refund_ids
    await store.save(order.order_id, stored.checkout_id, { ...stored, order: after, refund_ids: refundIds })
    return c.json(answer(after))
  })

/** A notification as Tamara sends it: the event in the body, the token signed with the notification token beside it. */
export async function tamaraNotification(env: Env, url: string, order: TamaraOrder, event: string): Promise<Request> {
  const key = new TextEncoder().encode(await readSecret(env, 'TAMARA_NOTIFICATION_TOKEN'))
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(tamaraIssuer)
    .setIssuedAt()
    .setExpirationTime(`${tokenLifetimeSeconds}s`)
    .sign(key)
  const address = new URL(url)
  address.searchParams.set('tamaraToken', token)
  const body: TamaraNotification = {
    order_id: order.order_id,
    order_reference_id: order.order_reference_id,
    order_number: order.order_number,
    event_type: event,
    data: [],
  }
  return new Request(address, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
}

/** The checkout a hosted page names, when it is still open and the signature is the one given to its buyer. */
async function openCheckout(env: Env, checkoutId: string, signature: string | undefined): Promise<StoredOrder | null> {
  const stored = await tamaraSandboxStore(env.DB).byCheckout<StoredOrder>(checkoutId)
  if (!stored || !signature || stored.signature !== signature || stored.order.status !== 'new') return null
  return stored
}

/**
 * The buyer's answer on the hosted page: `approve` pays the first instalment (the order is `approved`), `decline`
 * declines it, `cancel` expires it, as Tamara marks a checkout its buyer leaves. The notification goes to the store
 * first (`deliver`); the answer is where the buyer goes next, or null for an unknown, foreign or finished checkout.
 */
export async function answerTamaraCheckout(
  env: Env,
  checkoutId: string,
  signature: string | undefined,
  action: 'approve' | 'decline' | 'cancel',
  deliver: (notification: Request) => Promise<Response>,
): Promise<string | null> {
  const stored = await openCheckout(env, checkoutId, signature)
  if (!stored) return null
  const status = action === 'approve' ? 'approved' : action === 'decline' ? 'declined' : 'expired'
  const order: TamaraOrder = { ...stored.order, status }
  await tamaraSandboxStore(env.DB).save(order.order_id, checkoutId, { ...stored, order })
  await deliver(await tamaraNotification(env, stored.merchant_url.notification, order, `order_${status}`))
  const back = new URL(
    action === 'approve' ? stored.merchant_url.success : action === 'decline' ? stored.merchant_url.failure : stored.merchant_url.cancel,
  )
  back.searchParams.set('orderId', order.order_id)
  back.searchParams.set('paymentStatus', action === 'approve' ? 'approved' : action === 'decline' ? 'declined' : 'canceled')
  return back.toString()
}

/** The hosted page in the buyer's language, or null for a checkout that is not this buyer's or no longer open. */
export async function tamaraCheckoutPage(env: Env, checkoutId: string, signature: string | undefined, locale: Locale): Promise<string | null> {
  const stored = await openCheckout(env, checkoutId, signature)
  if (!stored) return null
  const o = { locale }
  const total = stored.order.total_amount.amount
  const plan = installmentPlan(total, instalments)
  const title = m.tamara_sandbox_title({}, o)
  return `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="icon" href="${faviconDataUri}" type="image/svg+xml">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111827}
button{font:inherit;padding:.75rem 1.5rem;border-radius:999px;border:0;cursor:pointer;margin-block:.5rem;margin-inline-end:.5rem}
.approve{background:#1f2937;color:#fff}.decline,.cancel{background:#e5e7eb}</style></head>
<body><main><h1>${title}</h1>
<p><strong>${m.tamara_sandbox_plan({ amount: formatAmount(total, 2), first: formatAmount(plan.first, 2), later: formatAmount(plan.later, 2) }, o)}</strong></p>
<p>${m.tamara_sandbox_note({}, o)}</p>
<form method="post">
<button class="approve" name="action" value="approve">${m.tamara_sandbox_approve({}, o)}</button>
<button class="decline" name="action" value="decline">${m.tamara_sandbox_decline({}, o)}</button>
<button class="cancel" name="action" value="cancel">${m.tamara_sandbox_cancel({}, o)}</button>
</form></main></body></html>`
}
