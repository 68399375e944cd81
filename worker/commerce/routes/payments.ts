/**
 * The sandbox gateway: the embedded stand-in for the hosted payment pages of the card acquirer, Tabby
 * and Tamara (each titled by its provider). The shopper chooses to
 * pay or to decline; the order is then paid (processing) or cancelled with its stock given back, and
 * the shopper returns to the store: to the order confirmation, or on failure to
 * `/?success=false&reason=...&order_id=...` (spec section 2's query triggers). Absent in production.
 */
import { Hono } from 'hono'
import type { CommerceEnv } from '../context'
import { CommerceError } from '../errors'
import { hostedPaymentCodes, type PaymentCode } from '../payments'

interface PendingOrder {
  id: number
  increment_id: string
  status: string
  grand_total: number
  region_id: number
  payment_method: PaymentCode
}

const providerTitles: Partial<Record<PaymentCode, string>> = {
  card: 'Sandbox card payment',
  tabby: 'Sandbox Tabby checkout',
  tamara: 'Sandbox Tamara checkout',
}

async function pendingOrder(env: Env, increment: string): Promise<PendingOrder> {
  if (env.APP_ENV === 'production' || !/^MJ\d{8,20}$/.test(increment)) throw new CommerceError(404, 'order_not_found')
  const order = await env.DB.prepare(
    `SELECT id, increment_id, status, grand_total, region_id, payment_method FROM orders
     WHERE increment_id = ? AND payment_method IN (${hostedPaymentCodes.map(() => '?').join(', ')})`,
  )
    .bind(increment, ...hostedPaymentCodes)
    .first<PendingOrder>()
  if (!order) throw new CommerceError(404, 'order_not_found')
  return order
}

const page = (order: PendingOrder) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${providerTitles[order.payment_method]}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111827}
button{font:inherit;padding:.75rem 1.5rem;border-radius:999px;border:0;margin-inline-end:.5rem;cursor:pointer}
.pay{background:#0b4f9c;color:#fff}.decline{background:#e5e7eb}</style></head>
<body><h1>${providerTitles[order.payment_method]}</h1>
<p>Order <strong>${order.increment_id}</strong>: <strong>SAR ${order.grand_total.toFixed(2)}</strong></p>
<p>This test gateway takes no money. Choose how the payment ends.</p>
<form method="post"><button class="pay" name="outcome" value="paid">Pay</button>
<button class="decline" name="outcome" value="declined">Decline</button></form></body></html>`

export const paymentRoutes = new Hono<CommerceEnv>()
  .get('/payments/sandbox/:increment', async (c) => {
    const order = await pendingOrder(c.env, c.req.param('increment'))
    if (order.status !== 'pending_payment') return c.redirect(`/checkout?order=${order.increment_id}`, 303)
    return c.html(page(order))
  })
  .post('/payments/sandbox/:increment', async (c) => {
    const order = await pendingOrder(c.env, c.req.param('increment'))
    const form = await c.req.parseBody()
    const outcome = form.outcome === 'paid' ? 'paid' : 'declined'
    if (order.status === 'pending_payment') {
      if (outcome === 'paid') {
        await c.env.DB.prepare("UPDATE orders SET status = 'processing' WHERE id = ? AND status = 'pending_payment'").bind(order.id).run()
      } else {
        // A declined payment cancels the order and gives its units back, once.
        await c.env.DB.batch([
          c.env.DB.prepare(
            `UPDATE stock SET qty = qty + (SELECT sum(oi.qty) FROM order_items oi WHERE oi.order_id = ?1 AND oi.product_id = stock.product_id AND oi.parent_sku IS NULL)
             WHERE region_id = ?2 AND product_id IN (SELECT product_id FROM order_items WHERE order_id = ?1 AND parent_sku IS NULL)
             -- Pre-orders took no stock, so they give none back.
             AND product_id NOT IN (SELECT entity_id FROM products WHERE back_orders = 101)
             AND EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND status = 'pending_payment')`,
          ).bind(order.id, order.region_id),
          c.env.DB.prepare("UPDATE orders SET status = 'canceled' WHERE id = ? AND status = 'pending_payment'").bind(order.id),
        ])
      }
    }
    const prefix = c.req.query('lang') === 'en' ? '/en' : ''
    const store = outcome === 'paid' ? `${prefix}/checkout?order=${order.increment_id}` : `${prefix}/?success=false&reason=declined&order_id=${order.id}`
    return c.redirect(store, 303)
  })
