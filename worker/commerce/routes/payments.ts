/**
 * The sandbox gateway: the embedded stand-in for the hosted payment pages of the card acquirer, Tabby
 * and Tamara (each titled by its provider). The shopper chooses to
 * pay or to decline; the order is then paid (processing) or cancelled with its stock given back, and
 * the shopper returns to the store: to the order confirmation, or on failure to
 * `/?success=false&reason=...&order_id=<order number>` (docs/product.md, "Screens"'s query triggers). Absent in production.
 */
import { Hono } from 'hono'
import type { Locale } from '../../../app.config'
import { formatAmount } from '../../../src/domain/money'
import { directionOf } from '../../../src/domain/locale'
import { m } from '../../../src/paraglide/messages.js'
import { faviconDataUri } from '../../../src/domain/brand'
import type { CommerceEnv } from '../context'
import { CommerceError } from '../errors'
import { hostedPaymentCodes } from '../payments'
import { devRouteAllowed } from '../../http/environment'
import { orderStore, type OrderRow } from '../../storage/order-store'
import { cancelOrder, sendOrderConfirmation } from '../orders'
import { isSandboxSignature } from '../sandbox-link'
import { orderNumber, type PaymentCode } from '../../../src/domain/order'

const providerTitles: Partial<Record<PaymentCode, (locale: Locale) => string>> = {
  card: (locale) => m.sandbox_title_card({}, { locale }),
  tabby: (locale) => m.sandbox_title_tabby({}, { locale }),
  tamara: (locale) => m.sandbox_title_tamara({}, { locale }),
}

/** The order a signed sandbox link names (worker/commerce/sandbox-link.ts); anything else is not found. */
async function pendingOrder(env: Env, url: string, increment: string): Promise<OrderRow> {
  if (!devRouteAllowed(env, url) || !orderNumber.test(increment)) throw new CommerceError(404, 'order_not_found')
  if (!(await isSandboxSignature(env, increment, new URL(url).searchParams.get('sig') ?? undefined))) throw new CommerceError(404, 'order_not_found')
  const order = await orderStore(env.DB).hostedPayment(increment, hostedPaymentCodes)
  if (!order) throw new CommerceError(404, 'order_not_found')
  return order
}

/** The page in the shopper's language (the store sends ?lang=en from /en/); the order number stays left to right. */
const page = (order: OrderRow, locale: Locale) => {
  const title = providerTitles[order.payment_method as PaymentCode]?.(locale) ?? ''
  const o = { locale }
  const amount = formatAmount(order.grand_total, 2)
  return `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="icon" href="${faviconDataUri}" type="image/svg+xml">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111827}
button{font:inherit;padding:.75rem 1.5rem;border-radius:999px;border:0;margin-inline-end:.5rem;cursor:pointer}
.pay{background:#0b4f9c;color:#fff}.decline{background:#e5e7eb}</style></head>
<body><h1>${title}</h1>
<p><strong>${m.sandbox_order({ increment: `<bdi>${order.increment_id}</bdi>`, amount }, o)}</strong></p>
<p>${m.sandbox_note({}, o)}</p>
<form method="post"><button class="pay" name="outcome" value="paid">${m.sandbox_pay({}, o)}</button>
<button class="decline" name="outcome" value="declined">${m.sandbox_decline({}, o)}</button></form></body></html>`
}

export const paymentRoutes = new Hono<CommerceEnv>()
  .get('/payments/sandbox/:increment', async (c) => {
    const order = await pendingOrder(c.env, c.req.url, c.req.param('increment'))
    if (order.status !== 'pending_payment') return c.redirect(`/checkout?order=${order.increment_id}`, 303)
    return c.html(page(order, c.req.query('lang') === 'en' ? 'en' : 'ar'))
  })
  .post('/payments/sandbox/:increment', async (c) => {
    const order = await pendingOrder(c.env, c.req.url, c.req.param('increment'))
    const form = await c.req.parseBody()
    const outcome = form.outcome === 'paid' ? 'paid' : 'declined'
    const orders = orderStore(c.env.DB)
    if (order.status === 'pending_payment') {
      // A declined payment cancels the order and gives its units back, once.
      if (outcome === 'paid') {
        if (await orders.markPaid(order.id, new Date())) await sendOrderConfirmation(c.env, order.id)
      } else await cancelOrder(c.env, order.id, 'unpaid')
    }
    // What the order is now decides the way back: an order that expired before the payment came is not paid.
    const now = (await orders.byId(order.id))?.status
    const prefix = c.req.query('lang') === 'en' ? '/en' : ''
    const reason = outcome === 'declined' ? 'declined' : 'expired'
    const store =
      now === 'processing' ? `${prefix}/checkout?order=${order.increment_id}` : `${prefix}/?success=false&reason=${reason}&order_id=${order.increment_id}`
    return c.redirect(store, 303)
  })
