// Orders moved to their buyers by the operator (docs/product.md, "Fulfilment"): each step once, in order, recorded in
// the timeline, shown to the buyer and messaged to them; the operator's token limits only wrong tokens.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { apiApp } from '~/api/app'
import { call, newIp, newPhone, sellableSku, stockOf } from './commerce-helpers'
import { asOperator, cashOrderCart, customerWithCart, messagesTo, opsToken, paidOrder } from './order-helpers'

/** A cash-on-delivery order placed by a guest, with its buyer's mobile. */
async function cashOrder(from: string) {
  const sku = await sellableSku(`${from} AND p.price < 2000 AND p.big_items = 0`, 5)
  const phone = newPhone()
  const { cart, body } = await cashOrderCart(sku, phone.local)
  const placed = await call(cart, 'POST', '/cart/placeOrder', body)
  expect(placed.status).toBe(200)
  return { sku, phone, number: placed.body.increment_id as string }
}

const step = (number: string, name: string, body?: unknown) => asOperator('POST', `/orders/${number}/${name}`, body)

describe('a cash-on-delivery order', () => {
  it('is confirmed, prepared, shipped with a tracking link and delivered, each step once and told to the buyer', async () => {
    const { phone, number } = await cashOrder('p.entity_id > 1200')

    const early = await step(number, 'prepare')
    expect(early.status).toBe(409)
    expect(early.body.error.issues).toEqual(['confirm the cash-on-delivery order first'])

    expect((await step(number, 'confirm')).body.data).toMatchObject({ outcome: 'done', status: 'processing' })
    expect((await step(number, 'confirm')).body.data).toMatchObject({ outcome: 'already' })
    expect((await step(number, 'deliver')).body.error.issues).toEqual(['ship the order first'])
    expect((await step(number, 'prepare')).body.data.outcome).toBe('done')

    expect((await step(number, 'ship')).status).toBe(400)
    expect((await step(number, 'ship', { courier: 'pigeon', tracking_number: '12345' })).status).toBe(400)
    expect((await step(number, 'ship', { courier: 'aramex', tracking_number: '12"><b>' })).status).toBe(400)
    expect((await step(number, 'ship', { courier: 'aramex', tracking_number: '44012345678' })).body.data.outcome).toBe('done')
    // A retried command with the same parcel changes nothing; another parcel is refused, with the one that left.
    expect((await step(number, 'ship', { courier: 'aramex', tracking_number: '44012345678' })).body.data.outcome).toBe('already')
    expect((await step(number, 'ship', { courier: 'smsa', tracking_number: '99' + '12345' })).body.error.issues).toEqual([
      'the order has already shipped with aramex (44012345678)',
    ])
    expect((await step(number, 'cancel')).body.error.issues).toEqual(['the order has already shipped with aramex (44012345678)'])

    const delivered = await step(number, 'deliver')
    expect(delivered.body.data).toMatchObject({ outcome: 'done', status: 'complete' })
    expect(delivered.body.data.timeline.map((e: { status: string }) => e.status)).toEqual([
      'placed',
      'confirmed',
      'preparing',
      'shipped',
      'delivered',
    ])
    expect((await step(number, 'deliver')).body.data.outcome).toBe('already')

    const sms = await messagesTo(phone.international)
    expect(sms.slice(1)).toEqual([
      expect.stringContaining(`we have confirmed your order ${number}`),
      expect.stringContaining(`we are preparing your order ${number}`),
      `Matjar: your order ${number} is on its way with Aramex, tracking number 44012345678. Follow it: https://www.aramex.com/sa/en/track/results?ShipmentNumber=44012345678`,
      expect.stringMatching(
        new RegExp(`your order ${number} has been delivered\\. .* Your tax invoice: https://\\S+/en/invoice\\?order=${number}&sig=`),
      ),
      // Delivered: the buyer is asked for reviews, by SMS only (docs/product.md, "Reviews").
      expect.stringMatching(new RegExp(`how was your order ${number}\\? .*: https://\\S+/en/review\\?order=${number}&sig=`)),
    ])
    // Delivered, the cash order is paid: it has its tax invoice.
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM invoices i JOIN orders o ON o.id = i.order_id WHERE o.increment_id = ?')
        .bind(number)
        .first('n'),
    ).toBe(1)
    // Each message went by email too, once.
    const emails = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE channel = 'email' AND body LIKE ?")
      .bind(`%${number}%`)
      .first<{ n: number }>('n')
    expect(emails).toBe(5)
  })

  it('gives its stock back once when the operator cancels it, and says the store cancelled it', async () => {
    const { sku, phone, number } = await cashOrder('p.entity_id > 1220')
    expect(await stockOf(sku)).toBe(4)
    expect((await step(number, 'confirm')).status).toBe(200)
    const [a, b] = await Promise.all([step(number, 'cancel'), step(number, 'cancel')])
    expect([a.body.data.outcome, b.body.data.outcome].sort()).toEqual(['already', 'done'])
    expect(await stockOf(sku)).toBe(5)
    expect((await messagesTo(phone.international)).at(-1)).toContain(`we had to cancel your order ${number}`)
    expect((await step(number, 'ship', { courier: 'dhl', tracking_number: '1234567890' })).body.error.issues).toEqual(['the order is cancelled'])
  })

  it('ships once when the command is sent five times at once', async () => {
    const { phone, number } = await cashOrder('p.entity_id > 1240')
    await step(number, 'confirm')
    const parcel = { courier: 'smsa', tracking_number: 'SA-77812' }
    const results = await Promise.all(Array.from({ length: 5 }, () => step(number, 'ship', parcel)))
    expect(results.map((r) => r.body.data.outcome).sort()).toEqual(['already', 'already', 'already', 'already', 'done'])
    expect((await messagesTo(phone.international)).filter((text) => text.includes('on its way'))).toHaveLength(1)
  })
})

describe('a paid order', () => {
  it('needs no confirmation, ships with the store’s own drivers, and its buyer sees the parcel and can no longer cancel', async () => {
    const { me, phone, order } = await paidOrder('card', 'p.entity_id > 1260')
    expect((await step(order.increment_id, 'confirm')).body.error.issues).toEqual([
      'only a cash-on-delivery order is confirmed by the operator: a paid order is confirmed by its payment',
    ])
    expect((await step(order.increment_id, 'ship', { courier: 'store', tracking_number: 'RUH-0042' })).body.data.outcome).toBe('done')
    expect((await messagesTo(phone.international)).at(-1)).toBe(
      `Matjar: your order ${order.increment_id} is on its way with Matjar's own drivers, tracking number RUH-0042.`,
    )

    const seen = await call(me, 'GET', `/customer/orders/${order.increment_id}`)
    expect(seen.body.shipment).toEqual({ courier: 'store', courier_name: "Matjar's own drivers", tracking_number: 'RUH-0042', tracking_url: null })
    expect(seen.body.timeline.map((e: { status: string }) => e.status)).toEqual(['placed', 'paid', 'shipped'])
    expect((await call(me, 'POST', `/customer/orders/${order.increment_id}/cancel`)).status).toBe(409)

    const list = await asOperator('GET', '/orders')
    expect(list.body.data.orders).toContainEqual(expect.objectContaining({ order: order.increment_id, payment_method: 'card', next: 'deliver' }))
  })
})

describe('a pickup order', () => {
  /** A cash order to collect from the Al Malqa showroom in Riyadh, placed in English. */
  async function pickupOrder(from: string) {
    const sku = await sellableSku(`${from} AND p.price < 2000 AND p.big_items = 0`, 5)
    const phone = newPhone()
    const { cart, body } = await cashOrderCart(sku, phone.local)
    await call(cart, 'PUT', '/cart/shipping-method', { code: 'pickup' })
    const pickup = (await call(cart, 'GET', '/cart/shipping-methods')).body.shipping_methods.find((m: { code: string }) => m.code === 'pickup')
    const placed = await call(cart, 'POST', '/cart/placeOrder', {
      ...body,
      checkout: { ...body.checkout, delivery_date: pickup.dates[1].Date, pickup_showroom: 'riyadh-malqa' },
    })
    expect(placed.status).toBe(200)
    return { phone, number: placed.body.increment_id as string }
  }

  it('is made ready at its showroom instead of shipped, then collected: each step once, told to the buyer', async () => {
    const { phone, number } = await pickupOrder('p.entity_id > 1280')
    expect((await step(number, 'confirm')).body.data.outcome).toBe('done')
    expect((await step(number, 'ship', { courier: 'store', tracking_number: 'RUH-0043' })).body.error.issues).toEqual([
      'a pickup order is not shipped: mark it ready for pickup at its showroom',
    ])
    expect((await step(number, 'deliver')).body.error.issues).toEqual(['mark the pickup order ready first'])
    expect((await asOperator('GET', '/orders')).body.data.orders).toContainEqual(expect.objectContaining({ order: number, next: 'ready' }))

    expect((await step(number, 'ready')).body.data.outcome).toBe('done')
    expect((await step(number, 'ready')).body.data.outcome).toBe('already')
    expect((await step(number, 'prepare')).body.error.issues).toEqual(['the order is ready for pickup at its showroom'])
    expect((await asOperator('GET', '/orders')).body.data.orders).toContainEqual(expect.objectContaining({ order: number, next: 'deliver' }))

    const collected = await step(number, 'deliver')
    expect(collected.body.data).toMatchObject({ outcome: 'done', status: 'complete' })
    expect(collected.body.data.timeline.map((e: { status: string }) => e.status)).toEqual(['placed', 'confirmed', 'ready_for_pickup', 'delivered'])

    const sms = await messagesTo(phone.international)
    expect(sms.at(-3)).toBe(
      `Matjar: your order ${number} is ready for pickup at Al Malqa showroom. Show this message or your order number at the counter.`,
    )
    expect(sms.at(-1)).toMatch(new RegExp(`how was your order ${number}\\?`))
    expect(sms.at(-2)).toMatch(
      new RegExp(`^Matjar: your order ${number} has been collected\\. Thank you for shopping with Matjar\\. Your tax invoice: https://\\S+`),
    )
  })

  it('cannot be made ready when it is delivered by courier', async () => {
    const { number } = await cashOrder('p.entity_id > 1290')
    await step(number, 'confirm')
    expect((await step(number, 'ready')).body.error.issues).toEqual(['only a pickup order is made ready for pickup: ship this one'])
  })
})

describe('the operator’s token', () => {
  const withToken = { ...env, OPS_TOKEN: opsToken } as unknown as Env
  const listFrom = (ip: string, token: string) =>
    apiApp.request('/api/ops/orders', { headers: { authorization: `Bearer ${token}`, 'cf-connecting-ip': ip } }, withToken)

  it('never holds back an operator with the right token, however busy the day', async () => {
    const ip = newIp()
    for (let i = 0; i < 15; i++) expect((await listFrom(ip, opsToken)).status).toBe(200)
  })

  it('lets ten wrong tokens an hour through from an address, after which even the right one waits', async () => {
    const ip = newIp()
    for (let i = 0; i < 10; i++) expect((await listFrom(ip, `guess-${i}`)).status).toBe(404)
    expect((await listFrom(ip, opsToken)).status).toBe(429)
  })
})

describe('a return request', () => {
  it('is taken once within 7 days of delivery, shown in the timeline and told to the buyer; not before, not after', async () => {
    const { me, phone, order } = await paidOrder('card', 'p.entity_id > 1280')
    const ask = (body: unknown) => call(me, 'POST', `/customer/orders/${order.increment_id}/return`, body)
    const early = await ask({ reason: 'damaged' })
    expect(early.status).toBe(409)
    expect(early.body.message).toBe('This order can no longer be returned: returns are asked once, within 7 days of delivery.')

    await step(order.increment_id, 'ship', { courier: 'smsa', tracking_number: 'SA-1001' })
    await step(order.increment_id, 'deliver')
    expect((await ask({ reason: 'broken' })).status).toBe(400)
    expect((await ask({ reason: 'other', note: 'box \u202Egnp.exe' })).status).toBe(400)
    const stranger = await customerWithCart('p.entity_id > 1290')
    expect((await call(stranger.me, 'POST', `/customer/orders/${order.increment_id}/return`, { reason: 'damaged' })).status).toBe(404)

    const asked = await ask({ reason: 'not_as_described', note: '  The colour is not the one shown  ' })
    expect(asked.status).toBe(200)
    expect(asked.body.return_request).toMatchObject({ reason: 'not_as_described', note: 'The colour is not the one shown' })
    expect(asked.body.timeline.map((e: { status: string }) => e.status)).toEqual(['placed', 'paid', 'shipped', 'delivered', 'return_requested'])
    expect((await messagesTo(phone.international)).at(-1)).toContain(`we have your request to return order ${order.increment_id}`)
    expect((await ask({ reason: 'damaged' })).status).toBe(409)
  })

  it('is refused eight days after delivery', async () => {
    const { me, order } = await paidOrder('card', 'p.entity_id > 1300')
    await step(order.increment_id, 'ship', { courier: 'store', tracking_number: 'RUH-9' })
    await step(order.increment_id, 'deliver')
    await env.DB.prepare("UPDATE order_events SET at = ? WHERE order_id = ? AND status = 'delivered'")
      .bind(new Date(Date.now() - 8 * 86_400_000).toISOString(), order.order_id)
      .run()
    expect((await call(me, 'POST', `/customer/orders/${order.increment_id}/return`, { reason: 'changed_mind' })).status).toBe(409)
  })
})
