// Cancelling before shipping (docs/decisions/0014, "Refunds"): the buyer or the operator cancels a placed order; its
// stock goes back, what was paid goes back through the provider that took it, once, and the buyer is told.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { moyasarClient, toHalalas } from '~/integrations/moyasar'
import { moyasarSandboxApi } from '~/integrations/moyasar-sandbox'
import { tabbyClient } from '~/integrations/tabby'
import { tabbySandboxApi, tabbyTestCode } from '~/integrations/tabby-sandbox'
import { apiApp } from '~/api/app'
import { call, checkoutFor, newGuestCart, newIp, origin, registered, sellableSku, stockOf, type Caller } from './commerce-helpers'

const onThisMachine = (url: string) => url.replace(origin, 'http://localhost')

const messagesTo = async (phone: string) =>
  (await env.DB.prepare('SELECT body FROM outbox WHERE recipient = ? ORDER BY id').bind(phone).all<{ body: string }>()).results.map((r) => r.body)

/** A signed-in customer with a cart in Riyadh holding one unit of a product of its own. */
async function customerWithCart(from: string) {
  const caller = await newGuestCart()
  const { email, phone } = await registered(caller)
  const mage = (await call(caller, 'POST', '/customer/login', { username: email, password: 'Secret123', recaptchaToken: 'ok' })).body.token as string
  const me: Caller = { ...caller, mage, quote: (await call({ ...caller, mage }, 'GET', '/cart/create')).body.quoteId, region: '1101' }
  const sku = await sellableSku(`${from} AND p.big_items = 0 AND p.price BETWEEN 150 AND 2000 AND p.eligible_for_tabby = 1`, 10)
  await call(me, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })
  return { me, phone, sku }
}

/** Places and pays the order on the embedded provider's page. */
async function paidOrder(method: 'card' | 'tabby', from: string) {
  const { me, phone, sku } = await customerWithCart(from)
  const placed = await call(me, 'POST', '/cart/placeOrder', { checkout: await checkoutFor(me, phone.local), paymentMethod: { method } })
  expect(placed.status).toBe(200)
  const fields: Record<string, string> =
    method === 'card' ? { name: 'Noura Alqahtani', number: '4201320111111010' } : { action: 'confirm', code: tabbyTestCode }
  await SELF.fetch(onThisMachine(placed.body.payment_url), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' })
  const order = placed.body as { order_id: number; increment_id: string; grand_total: number }
  const paymentId = (await env.DB.prepare('SELECT payment_id FROM order_payments WHERE order_id = ?')
    .bind(order.order_id)
    .first<{ payment_id: string }>())!.payment_id
  return { me, phone, sku, order, paymentId }
}

describe('a customer cancelling before shipping', () => {
  it('gets a card payment back through Moyasar, once, its stock back, the timeline and a message saying so', async () => {
    const { me, phone, sku, order, paymentId } = await paidOrder('card', 'p.entity_id > 1320')
    expect(await stockOf(sku)).toBe(9)
    const cancelled = await call(me, 'POST', `/customer/orders/${order.increment_id}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.status).toBe('canceled')
    expect(cancelled.body.timeline.map((e: { status: string }) => e.status).sort()).toEqual(['canceled', 'paid', 'placed', 'refunded'])
    expect(await stockOf(sku)).toBe(10)
    const payment = await moyasarClient(env, async (r) => moyasarSandboxApi.fetch(r, env)).payment(paymentId)
    expect(payment).toMatchObject({ status: 'refunded', refunded: toHalalas(order.grand_total) })
    expect((await messagesTo(phone.international)).at(-1)).toContain(`is cancelled and`)

    // Again: nothing more is cancelled or refunded.
    const again = await call(me, 'POST', `/customer/orders/${order.increment_id}/cancel`)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This order can no longer be cancelled: it is on its way or already cancelled.')
    expect(await stockOf(sku)).toBe(10)
  })

  it('gets a Tabby payment back through Tabby', async () => {
    const { me, order, paymentId } = await paidOrder('tabby', 'p.entity_id > 1340')
    expect((await call(me, 'POST', `/customer/orders/${order.increment_id}/cancel`)).status).toBe(200)
    const payment = await tabbyClient(env, async (r) => tabbySandboxApi.fetch(r, env)).payment(paymentId)
    expect(payment.refunds).toMatchObject([{ amount: order.grand_total.toFixed(2), reference_id: `refund-${order.increment_id}` }])
  })

  it('cannot cancel an order on its way, nor another customer’s', async () => {
    const { me, order } = await paidOrder('card', 'p.entity_id > 1360')
    const { me: stranger } = await customerWithCart('p.entity_id > 1380')
    expect((await call(stranger, 'POST', `/customer/orders/${order.increment_id}/cancel`)).status).toBe(404)
    await env.DB.prepare("INSERT INTO order_events (order_id, status, at) VALUES (?, 'shipped', ?)")
      .bind(order.order_id, new Date().toISOString())
      .run()
    expect((await call(me, 'POST', `/customer/orders/${order.increment_id}/cancel`)).status).toBe(409)
    expect((await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(order.order_id).first<{ status: string }>())!.status).toBe(
      'processing',
    )
  })
})

describe('the operator cancelling before shipping', () => {
  it('refunds what was paid, once', async () => {
    const { order } = await paidOrder('card', 'p.entity_id > 1400')
    const withToken = { ...env, OPS_TOKEN: 'ops-token-for-tests-0123456789' } as unknown as Env
    const cancel = () =>
      apiApp.request(
        `/api/ops/orders/${order.increment_id}/cancel`,
        { method: 'POST', headers: { authorization: 'Bearer ops-token-for-tests-0123456789', 'cf-connecting-ip': newIp() } },
        withToken,
      )
    const first = await cancel()
    expect(await first.json()).toEqual({ data: { order: order.increment_id, cancelled: true, refunded: true } })
    expect((await cancel()).status).toBe(409)
  })
})
