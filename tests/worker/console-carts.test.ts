// Abandoned carts in the console (docs/decisions/0032-abandoned-carts.md; docs/product.md, "The merchant console"):
// a known shopper's cart is recorded by its Durable Object and listed once left; reminders go through the queue in the
// shopper's language, two at most, never to a contact that opted out, never after an order; and a payment link pays
// its cart once.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { remindAbandonedCarts } from '~/commerce/abandoned-carts'
import type { QueuedMessage } from '~/integrations/messaging'
import { call, checkoutFor, newGuestCart, newPhone, origin, sellableSku, verifyMobile, type Caller } from './commerce-helpers'
import { customerWithCart } from './order-helpers'
import { asStaff, joined } from './staff-helpers'

const hour = 3_600_000
const onThisMachine = (url: string) => url.replace(origin, 'http://localhost')

const record = (quote: string) =>
  env.DB.prepare('SELECT * FROM shopper_carts WHERE quote_id = ?').bind(quote).first<{ value: number; reminders: number; locale: string }>()

/** As if the shopper had left the cart `hours` ago. */
const leftAgo = (quote: string, hours: number) =>
  env.DB.prepare('UPDATE shopper_carts SET updated_at = ? WHERE quote_id = ?')
    .bind(new Date(Date.now() - hours * hour).toISOString(), quote)
    .run()

/** A queue binding that keeps what is sent to it, with SMS and email providers configured. */
function throughTheQueue() {
  const sent: QueuedMessage[] = []
  const queue = { send: async (body: QueuedMessage) => void sent.push(body), sendBatch: async () => undefined } as unknown as Queue
  const on = {
    ...env,
    SMS_PROVIDER: 'taqnyat',
    SMS_SENDER: 'MATJAR',
    EMAIL_PROVIDER: 'resend',
    EMAIL_FROM: 'Matjar <m@matjar.example>',
    MESSAGES: queue,
  }
  return { sent, on: on as Env, of: (quote: string) => sent.filter((m) => m.key.startsWith(`cart-${quote}-reminder-`)) }
}

/** A guest's cart in `store`'s language with a product in it and a mobile verified by code. */
async function verifiedGuestCart(store: 'ar' | 'en'): Promise<Caller & { mobile: string }> {
  const cart = await newGuestCart(store)
  const sku = await sellableSku('p.entity_id > 1400 AND p.big_items = 0 AND p.price BETWEEN 100 AND 2000', 50)
  expect((await call(cart, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })).status).toBe(200)
  const { local } = newPhone()
  expect((await verifyMobile(cart, local)).status).toBe(200)
  return { ...cart, mobile: local }
}

const outboxTo = async (recipient: string) =>
  (await env.DB.prepare('SELECT body FROM outbox WHERE recipient = ? ORDER BY id').bind(recipient).all<{ body: string }>()).results.map((r) => r.body)

describe('the abandoned carts list', () => {
  it('holds a known shopper’s cart once left, with its value and age; an unknown guest’s never', async () => {
    const { me } = await customerWithCart('p.entity_id > 1500')
    const guest = await newGuestCart('en')
    const sku = await sellableSku('p.entity_id > 1500 AND p.big_items = 0', 50)
    await call(guest, 'POST', '/cart/add', { sku, qty: 2, extension_attributes: { region: '1101' } })
    const known = await record(me.quote!)
    expect(known!.value).toBeGreaterThan(0)
    expect(await record(guest.quote!)).toBeNull()

    const support = await joined('support')
    const fresh = await asStaff(support, 'GET', '/carts')
    expect(fresh.body.data.carts.map((c: { quote_id: string }) => c.quote_id)).not.toContain(me.quote)
    await leftAgo(me.quote!, 3)
    const listed = (await asStaff(support, 'GET', '/carts')).body.data.carts.find((c: { quote_id: string }) => c.quote_id === me.quote)
    expect(listed).toMatchObject({ name: 'Noura Alqahtani', lines: 1, value: known!.value, reminders: 0 })
    expect(listed.age_minutes).toBeGreaterThanOrEqual(179)
    expect((await asStaff(await joined('catalogue'), 'GET', '/carts')).status).toBe(403)
  })
})

describe('cart reminders', () => {
  it('go through the queue in the shopper’s language, two at most, the second a day after the first', async () => {
    const arabic = await verifiedGuestCart('ar')
    const english = await verifiedGuestCart('en')
    await leftAgo(arabic.quote!, 2)
    await leftAgo(english.quote!, 2)
    const { on, of } = throughTheQueue()
    const now = new Date()
    await remindAbandonedCarts(on, now)
    const [toArabic] = of(arabic.quote!)
    expect(of(arabic.quote!)).toHaveLength(1)
    expect(toArabic).toMatchObject({ channel: 'sms', locale: 'ar', template: 'cart_reminder', to: `966${arabic.mobile.slice(-9)}` })
    expect((toArabic!.content as { text: string }).text).toMatch(
      /^متجر: سلتك \([\d,.]+ ر\.س\) ما زالت بانتظارك: \S+\/cart لإيقاف هذه التذكيرات: \S+\/api\/carts\/stop\?t=/,
    )
    expect(of(english.quote!)[0]).toMatchObject({ locale: 'en' })
    expect((of(english.quote!)[0]!.content as { text: string }).text).toMatch(
      /^Matjar: your cart \([\d,.]+ SAR\) is still waiting for you: \S+\/en\/cart /,
    )

    // Five minutes later: nothing more. A day later: the second. Two days later: no third.
    await remindAbandonedCarts(on, new Date(now.getTime() + 5 * 60_000))
    expect(of(arabic.quote!)).toHaveLength(1)
    await remindAbandonedCarts(on, new Date(now.getTime() + 25 * hour))
    expect(of(arabic.quote!).map((m) => m.key)).toEqual([`cart-${arabic.quote}-reminder-1-sms`, `cart-${arabic.quote}-reminder-2-sms`])
    await remindAbandonedCarts(on, new Date(now.getTime() + 50 * hour))
    expect(of(arabic.quote!)).toHaveLength(2)
    const third = await asStaff(await joined('support'), 'POST', `/carts/${arabic.quote}/remind`, { seen: 2 })
    expect(third).toMatchObject({ status: 409, body: { error: { issues: ['limit'] } } })
    expect((await record(arabic.quote!))!.reminders).toBe(2)
  })

  it('from two staff at once send one, with one audit row', async () => {
    const cart = await verifiedGuestCart('en')
    await leftAgo(cart.quote!, 2)
    const [a, b] = [await joined('support'), await joined('operations')]
    const answers = await Promise.all([a, b].map((who) => asStaff(who, 'POST', `/carts/${cart.quote}/remind`, { seen: 0 })))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await outboxTo(`966${cart.mobile.slice(-9)}`)).toHaveLength(2) // the verification code, then one reminder
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'cart.remind' AND subject_id = ?")
      .bind(cart.quote)
      .first<{ n: number }>()
    expect(audit!.n).toBe(1)
  })

  it('stop for good once the shopper taps the unsubscribe link, which is recorded', async () => {
    const cart = await verifiedGuestCart('ar')
    await leftAgo(cart.quote!, 2)
    const support = await joined('support')
    expect((await asStaff(support, 'POST', `/carts/${cart.quote}/remind`, { seen: 0 })).status).toBe(200)
    const reminder = (await outboxTo(`966${cart.mobile.slice(-9)}`)).at(-1)!
    const stop = /(https:\/\/\S+\/api\/carts\/stop\?t=\S+)/.exec(reminder)![1]!
    const page = await SELF.fetch(stop.replace(/^https:\/\/[^/]+/, origin))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('لن يرسل لك «متجر» تذكيرات أخرى بسلتك')

    const again = await asStaff(support, 'POST', `/carts/${cart.quote}/remind`, { seen: 1 })
    expect(again).toMatchObject({ status: 409, body: { error: { issues: ['opted_out'] } } })
    const { on, of } = throughTheQueue()
    await remindAbandonedCarts(on, new Date(Date.now() + 25 * hour))
    expect(of(cart.quote!)).toEqual([])
    expect((await SELF.fetch(`${origin}/api/carts/stop?t=not-a-real-token-at-all&lang=en`)).status).toBe(404)
  })

  it('are never sent after an order: the cart leaves the list when it is placed', async () => {
    const cart = await verifiedGuestCart('en')
    await leftAgo(cart.quote!, 2)
    const checkout = await checkoutFor(cart, cart.mobile)
    const placed = await call(cart, 'POST', '/cart/placeOrder', { checkout, paymentMethod: { method: 'cashondelivery' } })
    expect(placed.status).toBe(200)
    expect(await record(cart.quote!)).toBeNull()
    const { on, of } = throughTheQueue()
    await remindAbandonedCarts(on, new Date(Date.now() + 25 * hour))
    expect(of(cart.quote!)).toEqual([])
    expect((await asStaff(await joined('support'), 'POST', `/carts/${cart.quote}/remind`, { seen: 0 })).status).toBe(404)
  })

  it('carry a one-use coupon only from a role that manages coupons', async () => {
    const cart = await verifiedGuestCart('en')
    await leftAgo(cart.quote!, 2)
    const refused = await asStaff(await joined('support'), 'POST', `/carts/${cart.quote}/remind`, { seen: 0, coupon_percent: 10 })
    expect(refused.status).toBe(403)
    expect((await record(cart.quote!))!.reminders).toBe(0)
    expect((await asStaff(await joined('owner'), 'POST', `/carts/${cart.quote}/remind`, { seen: 0, coupon_percent: 10 })).status).toBe(200)
    const text = (await outboxTo(`966${cart.mobile.slice(-9)}`)).at(-1)!
    const code = /Code (CART-\w+) takes 10% off your order, once/.exec(text)![1]!
    const coupon = await env.DB.prepare('SELECT kind, amount, max_uses FROM coupons WHERE code = ?').bind(code).first()
    expect(coupon).toEqual({ kind: 'percent', amount: 10, max_uses: 1 })
  })
})

describe('a cart’s payment link', () => {
  it('places the cart’s order by card and pays it once; a second use is refused', async () => {
    const { me, phone } = await customerWithCart('p.entity_id > 1600')
    expect((await call(me, 'PUT', '/cart/checkout', await checkoutFor(me, phone.local))).status).toBe(200)
    await leftAgo(me.quote!, 2)
    const support = await joined('support')
    const made = await asStaff(support, 'POST', `/carts/${me.quote}/payment-link`)
    expect(made.status).toBe(200)
    const link = new URL(made.body.data.link as string)
    expect((await outboxTo(phone.international)).at(-1)).toContain(`Pay here: ${made.body.data.link}`)

    const opened = await SELF.fetch(`${origin}${link.pathname}${link.search}`, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const pay = opened.headers.get('location')!
    expect(pay).toMatch(/\/commerce\/payments\/moyasar-sandbox\/invoices\//)
    // Opened again before paying: the same order's same payment.
    expect((await SELF.fetch(`${origin}${link.pathname}${link.search}`, { redirect: 'manual' })).headers.get('location')).toBe(pay)
    await SELF.fetch(onThisMachine(pay), {
      method: 'POST',
      body: new URLSearchParams({ name: 'Noura Alqahtani', number: '4201320111111010', month: '12', year: '2030', cvc: '123' }),
      redirect: 'manual',
    })
    const orders = await env.DB.prepare('SELECT status FROM orders WHERE quote_id = ?').bind(me.quote).all<{ status: string }>()
    expect(orders.results).toEqual([{ status: 'processing' }])

    const second = await SELF.fetch(`${origin}${link.pathname}${link.search}`, { redirect: 'manual' })
    expect(second.status).toBe(409)
    expect(await second.text()).toContain('This payment link has been used already')
    expect((await asStaff(support, 'POST', `/carts/${me.quote}/payment-link`)).status).toBe(404)
    expect(await record(me.quote!)).toBeNull()
  })

  it('is refused for a cart without the shopper’s checkout details, and for a made-up token', async () => {
    const { me } = await customerWithCart('p.entity_id > 1600')
    const refused = await asStaff(await joined('support'), 'POST', `/carts/${me.quote}/payment-link`)
    expect(refused).toMatchObject({ status: 409, body: { error: { issues: ['no_details'] } } })
    const madeUp = await SELF.fetch(`${origin}/api/carts/pay?t=${'x'.repeat(32)}`, { redirect: 'manual' })
    expect(madeUp.status).toBe(404)
  })
})
