/**
 * The payment pages' routes. The sandbox gateway: the embedded stand-in for Tamara's hosted page, the one provider
 * without an adapter yet (the card and Tabby have theirs: worker/commerce/hosted-payments.ts). The shopper chooses to
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
import { isOrderSignature } from '../sandbox-link'
import { hostedReturn, moyasar, moyasarWebhook, providerFor, tabby, tabbyWebhook } from '../hosted-payments'
import { invoicePage, payInvoice } from '../../integrations/moyasar-sandbox'
import { answerTabbySession, tabbySessionPage } from '../../integrations/tabby-sandbox'
import { orderNumber, paymentCodes, type PaymentCode } from '../../../src/domain/order'

/** Methods still paid on the sandbox page: the card and Tabby have their providers (worker/commerce/hosted-payments.ts). */
const sandboxCodes = hostedPaymentCodes.filter((code) => !providerFor[code])

const providerTitles: Partial<Record<PaymentCode, (locale: Locale) => string>> = {
  tamara: (locale) => m.sandbox_title_tamara({}, { locale }),
}

/** The order a signed sandbox link names (worker/commerce/sandbox-link.ts); anything else is not found. */
async function pendingOrder(env: Env, url: string, increment: string): Promise<OrderRow> {
  if (!devRouteAllowed(env, url) || !orderNumber.test(increment)) throw new CommerceError(404, 'order_not_found')
  if (!(await isOrderSignature(env, increment, new URL(url).searchParams.get('sig') ?? undefined))) throw new CommerceError(404, 'order_not_found')
  const order = await orderStore(env.DB).hostedPayment(increment, sandboxCodes)
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
      now === 'processing'
        ? `${prefix}/checkout?order=${order.increment_id}`
        : `${prefix}/?success=false&reason=${reason}&order_id=${order.increment_id}`
    return c.redirect(store, 303)
  })

  // Back from a provider's page (docs/decisions/0014, 0015), with how it ended (`outcome`) and, from Moyasar, the payment
  // (`id`), each checked with the provider. The link is signed for the buyer: nobody else can end their payment.
  .get('/payments/:provider{moyasar|tabby}/return', async (c) => {
    const provider = c.req.param('provider') === 'tabby' ? tabby : moyasar
    const increment = c.req.query('order') ?? ''
    const signed = orderNumber.test(increment) && (await isOrderSignature(c.env, increment, c.req.query('sig')))
    const methods = paymentCodes.filter((code) => providerFor[code] === provider)
    const order = signed ? await orderStore(c.env.DB).hostedPayment(increment, methods) : null
    if (!order) throw new CommerceError(404, 'order_not_found')
    const outcome = c.req.query('outcome') === 'cancel' ? 'cancel' : c.req.query('outcome') === 'failure' ? 'failure' : 'success'
    const wasOpen = order.status === 'pending_payment'
    const now = await hostedReturn(c.env, provider, order, c.req.query('id') ?? c.req.query('payment_id'), outcome)
    const prefix = c.req.query('lang') === 'en' ? '/en' : ''
    if (now.status === 'processing') return c.redirect(`${prefix}/checkout?order=${now.increment_id}`, 303)
    const reason = wasOpen ? 'declined' : 'expired'
    return c.redirect(`${prefix}/?success=false&reason=${reason}&order_id=${now.increment_id}`, 303)
  })

  // The providers' webhooks: each checked by its secret, then the payment read from the provider and settled.
  .post('/payments/moyasar/webhook', (c) => moyasarWebhook(c.env, c.req.raw))
  .post('/payments/tabby/webhook', (c) => tabbyWebhook(c.env, c.req.raw))

  // The embedded Moyasar's hosted invoice page (development only, as the sandbox above).
  .get('/payments/moyasar-sandbox/invoices/:id', async (c) => {
    if (!devRouteAllowed(c.env, c.req.url)) throw new CommerceError(404, 'order_not_found')
    const html = await invoicePage(c.env, c.req.param('id'), c.req.query('lang') === 'en' ? 'en' : 'ar')
    if (!html) throw new CommerceError(404, 'order_not_found')
    return c.html(html)
  })
  .post('/payments/moyasar-sandbox/invoices/:id', async (c) => {
    if (!devRouteAllowed(c.env, c.req.url)) throw new CommerceError(404, 'order_not_found')
    const form = await c.req.parseBody()
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 64) : '')
    const card = { name: text(form.name), number: text(form.number) }
    const outcome = await payInvoice(c.env, c.req.param('id'), card, (webhook) => moyasarWebhook(c.env, webhook))
    if (!outcome) throw new CommerceError(404, 'order_not_found')
    if (outcome.redirect) return c.redirect(outcome.redirect, 303)
    // The page again with the gateway's message, as Moyasar's page shows a declined card (a page, not an error).
    const html = await invoicePage(c.env, c.req.param('id'), c.req.query('lang') === 'en' ? 'en' : 'ar', outcome.message)
    return c.html(html ?? '')
  })

  // The embedded Tabby's hosted page (development only).
  .get('/payments/tabby-sandbox/:id', async (c) => {
    if (!devRouteAllowed(c.env, c.req.url)) throw new CommerceError(404, 'order_not_found')
    const html = await tabbySessionPage(c.env, c.req.param('id'), c.req.query('lang') === 'en' ? 'en' : 'ar')
    if (!html) throw new CommerceError(404, 'order_not_found')
    return c.html(html)
  })
  .post('/payments/tabby-sandbox/:id', async (c) => {
    if (!devRouteAllowed(c.env, c.req.url)) throw new CommerceError(404, 'order_not_found')
    const form = await c.req.parseBody()
    const answer = {
      action: form.action === 'confirm' ? ('confirm' as const) : ('cancel' as const),
      code: typeof form.code === 'string' ? form.code.trim() : '',
    }
    const next = await answerTabbySession(c.env, c.req.param('id'), answer, (webhook) => tabbyWebhook(c.env, webhook))
    if (!next) throw new CommerceError(404, 'order_not_found')
    if ('redirect' in next) return c.redirect(next.redirect, 303)
    const html = await tabbySessionPage(c.env, c.req.param('id'), c.req.query('lang') === 'en' ? 'en' : 'ar', true)
    return c.html(html ?? '')
  })
