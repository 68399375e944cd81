// Sending a buyer's message again from the console (docs/product.md, "The merchant console"): the same words to the
// same mobile or address, by support or operations, at most `resendsPerMessage` times, once however often it is
// pressed at the same moment, each with its audit row; never another order's message, never a one-time code.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { serverLimits } from '../../config/server-limits'
import { call, newPhone, sellableSku } from './commerce-helpers'
import { asOperator, cashOrderCart, messagesTo } from './order-helpers'
import { asStaff, joined } from './staff-helpers'

async function cashOrder() {
  const sku = await sellableSku('p.entity_id > 1500 AND p.big_items = 0 AND p.price BETWEEN 100 AND 900', 5)
  const phone = newPhone()
  const { cart, body } = await cashOrderCart(sku, phone.local)
  const placed = await call(cart, 'POST', '/cart/placeOrder', body)
  expect(placed.status).toBe(200)
  return { number: placed.body.increment_id as string, orderId: placed.body.order_id as number, phone }
}

const messagesOf = async (number: string) =>
  (await asOperator('GET', `/orders/${number}`)).body.data.messages as { id: string; channel: string; resendable: boolean; resends: number }[]
const resend = (who: Parameters<typeof asStaff>[0] | 'token', number: string, id: string, seen: number) =>
  who === 'token'
    ? asOperator('POST', `/orders/${number}/messages/${id}/resend`, { seen })
    : asStaff(who, 'POST', `/orders/${number}/messages/${id}/resend`, { seen })

describe('a message sent again', () => {
  it('goes to the buyer with the same words, by support, at most the limit, with its audit row', async () => {
    const { number, phone } = await cashOrder()
    const sms = (await messagesOf(number)).find((message) => message.channel === 'sms' && message.resendable)!
    expect(sms).toBeTruthy()
    const before = await messagesTo(phone.international)
    const support = await joined('support', 'Maha Alshehri')
    const again = await resend(support, number, sms.id, 0)
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.data.outcome).toBe('sent')
    const after = await messagesTo(phone.international)
    expect(after.length).toBe(before.length + 1)
    expect(after.at(-1)).toBe(before.find((text) => text === after.at(-1)))
    // The resend is listed as its own message and is not itself sent again.
    const listed = await messagesOf(number)
    expect(listed.find((message) => message.id === `${sms.id}-again-1`)).toMatchObject({ resendable: false })
    expect(listed.find((message) => message.id === sms.id)).toMatchObject({ resends: 1 })
    // Pressed again on the page that still shows none sent: someone already did, nothing more goes.
    expect((await resend(support, number, sms.id, 0)).body.data.outcome).toBe('already')
    for (let n = 2; n <= serverLimits.orders.resendsPerMessage; n++) expect((await resend(support, number, sms.id, n - 1)).status).toBe(200)
    const over = await resend(support, number, sms.id, serverLimits.orders.resendsPerMessage)
    expect(over.status).toBe(409)
    expect(over.body.error.issues).toEqual(['resend_limit'])
    expect((await messagesTo(phone.international)).length).toBe(before.length + serverLimits.orders.resendsPerMessage)
    const audit = await env.DB.prepare("SELECT actor_name FROM audit_log WHERE subject_id = ? AND action = 'order.resend_message'")
      .bind(number)
      .all<{ actor_name: string }>()
    expect(audit.results.map((row) => row.actor_name)).toEqual(Array(serverLimits.orders.resendsPerMessage).fill('Maha Alshehri'))
  })

  it('is sent once when two staff press at the same moment', async () => {
    const { number, phone } = await cashOrder()
    const sms = (await messagesOf(number)).find((message) => message.channel === 'sms')!
    const before = (await messagesTo(phone.international)).length
    const [a, b] = await Promise.all([resend('token', number, sms.id, 0), resend('token', number, sms.id, 0)])
    expect([a.body.data.outcome, b.body.data.outcome].sort()).toEqual(['already', 'sent'])
    expect((await messagesTo(phone.international)).length).toBe(before + 1)
  })

  it('is refused to catalogue staff, for another order`s message and for a message that is no order`s', async () => {
    const first = await cashOrder()
    const second = await cashOrder()
    const sms = (await messagesOf(first.number)).find((message) => message.channel === 'sms')!
    const catalogue = await joined('catalogue')
    expect((await resend(catalogue, first.number, sms.id, 0)).status).toBe(403)
    expect((await resend('token', second.number, sms.id, 0)).status).toBe(404)
    expect((await resend('token', first.number, `otp-${crypto.randomUUID()}`, 0)).status).toBe(400)
    expect((await resend('token', first.number, sms.id, -1)).status).toBe(400)
    const before = (await messagesTo(first.phone.international)).length
    expect(before).toBeGreaterThan(0)
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'order.resend_message' AND subject_id IN (?, ?)")
      .bind(first.number, second.number)
      .first<{ n: number }>()
    expect(audit!.n).toBe(0)
  })
})

describe('messages that failed for good', () => {
  it('are counted on the owner`s numbers and sent again once each by one press, codes never', async () => {
    const { number, orderId, phone } = await cashOrder()
    const sms = (await messagesOf(number)).find((message) => message.channel === 'sms')!
    // The provider refused it for good (worker/integrations/messaging.ts marks it so); and a code that died the same way.
    await env.DB.batch([
      env.DB.prepare("UPDATE message_deliveries SET status = 'dead' WHERE id = ?").bind(sms.id),
      env.DB.prepare(
        "INSERT INTO message_deliveries (id, channel, recipient, template, status, attempts, created_at, updated_at) VALUES (?, 'sms', ?, 'otp', 'dead', 3, ?, ?)",
      ).bind(`otp-${crypto.randomUUID()}`, phone.international, new Date().toISOString(), new Date().toISOString()),
    ])
    const owner = await joined('owner', 'Nora Alsaud')
    const dead = async () => (await asStaff(owner, 'GET', '/numbers?days=1')).body.data.attention.dead_messages as number
    const waiting = await dead()
    expect(waiting).toBeGreaterThanOrEqual(1)
    const before = (await messagesTo(phone.international)).length

    const catalogue = await joined('catalogue')
    expect((await asStaff(catalogue, 'POST', '/messages/retry-dead')).status).toBe(403)
    const pressed = await asStaff(owner, 'POST', '/messages/retry-dead')
    expect(pressed.status, JSON.stringify(pressed.body)).toBe(200)
    expect(pressed.body.data.sent).toBe(waiting)
    expect((await messagesTo(phone.international)).length).toBe(before + 1)
    expect(await dead()).toBe(0)
    // Pressed again: nothing is left to send.
    expect((await asStaff(owner, 'POST', '/messages/retry-dead')).body.data.sent).toBe(0)
    expect((await messagesTo(phone.international)).length).toBe(before + 1)
    const audit = await env.DB.prepare("SELECT actor_name, after_json FROM audit_log WHERE subject_id = ? AND action = 'order.resend_message'")
      .bind(number)
      .all<{ actor_name: string; after_json: string }>()
    expect(audit.results).toEqual([{ actor_name: 'Nora Alsaud', after_json: JSON.stringify({ message: sms.id }) }])
    expect(orderId).toBeGreaterThan(0)
  })
})
