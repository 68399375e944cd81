// Cancelling before shipping (docs/decisions/0014, "Refunds"): the buyer or the operator cancels a placed order; its
// stock goes back, what was paid goes back through the provider that took it, once, and the buyer is told.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { moyasarClient, toHalalas } from '~/integrations/moyasar'
import { moyasarSandboxApi } from '~/integrations/moyasar-sandbox'
import { tabbyClient } from '~/integrations/tabby'
import { tabbySandboxApi } from '~/integrations/tabby-sandbox'
import { call, stockOf } from './commerce-helpers'
import { asOperator, customerWithCart, messagesTo, paidOrder } from './order-helpers'

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
    expect(payment.refunds).toMatchObject([
      { amount: order.grand_total.toFixed(2), reference_id: expect.stringMatching(new RegExp(`^refund-${order.increment_id}-\\d+$`)) },
    ])
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
    const cancel = () => asOperator('POST', `/orders/${order.increment_id}/cancel`)
    const first = await cancel()
    expect(first.body.data).toMatchObject({ order: order.increment_id, step: 'cancel', outcome: 'done', refunded: true, status: 'canceled' })
    expect((await cancel()).body.data).toMatchObject({ outcome: 'already' })
  })
})
