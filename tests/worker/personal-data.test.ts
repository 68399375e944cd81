// A shopper's own data in workerd (docs/product.md, "Your data"; docs/decisions/0028-personal-data-kept.md): the
// export holds everything kept about the account; closing it, confirmed by a code, keeps the tax record (the order,
// its lines, its invoice) and leaves nothing else that names the shopper.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { call, checkoutFor, lastCode, newGuestCart, newPhone, origin, registered, resendWaitOver, sellableSku, type Caller } from './commerce-helpers'

let people = 0
/** A customer with a distinctive name, one paid and invoiced card order, a saved address, a favourite and more. */
async function seededShopper() {
  people += 1
  // Each shopper's words are their own (one does not contain another's), so a trace found is this one's.
  const mark = ['Alif', 'Baa', 'Taa', 'Thaa'][people]!
  const firstName = `Zubaida${mark}`
  const lastName = `Qurashiyya${mark}`
  const street = `Rare Street ${mark}`
  const note = `Ring ${mark} twice`
  const caller = await newGuestCart()
  const phone = newPhone()
  const { email } = await registered(caller, { firstName, lastName }, phone)
  const mage = (await call(caller, 'POST', '/customer/login', { username: email, password: 'Secret123', recaptchaToken: 'ok' })).body.token as string
  const me: Caller = { ...caller, mage, quote: (await call({ ...caller, mage }, 'GET', '/cart/create')).body.quoteId, region: '1101' }
  const sku = await sellableSku('p.big_items = 0 AND p.price BETWEEN 150 AND 2000', 10)
  expect((await call(me, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })).status).toBe(200)
  const checkout = await checkoutFor(me, phone.local)
  checkout.contact = { name: `${firstName} ${lastName}`, email, mobile: phone.local }
  checkout.shipping_address = { ...checkout.shipping_address, street, note }
  const placed = await call(me, 'POST', '/cart/placeOrder', { checkout, paymentMethod: { method: 'card' } })
  expect(placed.status).toBe(200)
  await SELF.fetch(String(placed.body.payment_url).replace(origin, 'http://localhost'), {
    method: 'POST',
    body: new URLSearchParams({ name: 'Card Holder', number: '4201320111111010' }),
    redirect: 'manual',
  })
  const order = placed.body as { order_id: number; increment_id: string }
  expect((await call(me, 'PUT', `/customer/wishlist/${sku}`)).status).toBe(200)
  const now = new Date().toISOString()
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO consent_records (customer_id, choices, version, locale, created_at) VALUES (?, '{\"functions\":true,\"marketing\":false}', '2026-11-27', 'en', ?)",
    ).bind(me.mage ? await customerId(email) : null, now),
    env.DB.prepare("INSERT INTO newsletter_subscribers (email, locale, created_at) VALUES (?, 'en', ?)").bind(email, now),
    env.DB.prepare(
      "INSERT INTO message_deliveries (id, channel, recipient, template, status, created_at, updated_at) VALUES (?, 'sms', ?, 'order_confirmed', 'sent', ?, ?)",
    ).bind(`pd-${people}`, phone.international, now, now),
    env.DB.prepare("INSERT INTO personalisation_events (session_id, user_id, event_type, created_at) VALUES ('pd', ?, 'view', ?)").bind(
      await customerId(email),
      now,
    ),
  ])
  return { me, email, phone, firstName, lastName, street, note, sku, order }
}

const customerId = async (email: string) => (await env.DB.prepare('SELECT id FROM customers WHERE email = ?').bind(email).first<number>('id'))!

describe('download my data', () => {
  it('holds the profile, addresses, orders, messages, consents, favourites and newsletter of a seeded shopper', async () => {
    const { me, email, phone, firstName, lastName, street, note, sku, order } = await seededShopper()
    const { status, body } = await call(me, 'GET', '/customer/me/data')
    expect(status).toBe(200)
    expect(body.profile).toEqual({ firstname: firstName, lastname: lastName, email, mobile: phone.local, created_at: expect.any(String) })
    expect(body.addresses).toEqual([expect.objectContaining({ street, building: '8228', is_default: true })])
    expect(body.favourites).toEqual([{ sku, added_at: expect.any(String) }])
    expect(body.orders).toHaveLength(1)
    expect(body.orders[0]).toMatchObject({
      increment_id: order.increment_id,
      contact: { name: `${firstName} ${lastName}`, email, mobile: phone.local },
      shipping_address: { street, note },
      lines: [expect.objectContaining({ sku, qty: 1 })],
    })
    expect(body.orders[0].timeline.map((step: { status: string }) => step.status)).toContain('paid')
    expect(body.messages).toEqual(
      expect.arrayContaining([{ channel: 'sms', template: 'order_confirmed', status: 'sent', created_at: expect.any(String) }]),
    )
    expect(body.consents).toEqual([
      { choices: { functions: true, marketing: false }, version: '2026-11-27', locale: 'en', created_at: expect.any(String) },
    ])
    expect(body.newsletter).toEqual({ subscribed_at: expect.any(String) })
    // Never a message's text: it may have held a code.
    expect(JSON.stringify(body.messages)).not.toMatch(/\d{6}/)
  })

  it('is only for the signed-in customer', async () => {
    const guest = await newGuestCart()
    expect((await call(guest, 'GET', '/customer/me/data')).status).toBe(401)
  })
})

/** Every row of every table of ours (the embedded providers' stand-ins aside), as text. */
async function everything(): Promise<string> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%sandbox%' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>()
  const dumps = await Promise.all(results.map(async ({ name }) => JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results)))
  return dumps.join('\n')
}

describe('close my account', () => {
  it('waits for the orders on their way, then with the code keeps the invoice and the order and nothing that names the shopper', async () => {
    const { me, email, phone, firstName, lastName, street, note, order } = await seededShopper()
    const id = await customerId(email)
    const invoice = await env.DB.prepare('SELECT * FROM invoices WHERE order_id = ?').bind(order.order_id).first()
    expect(invoice).not.toBeNull()
    const items = (await env.DB.prepare('SELECT * FROM order_items WHERE order_id = ?').bind(order.order_id).all()).results

    // Paid but not delivered: on its way.
    const early = await call(me, 'POST', '/customer/me/close/code', {})
    expect(early.status).toBe(409)
    expect(early.body).toMatchObject({ code: 'account_orders_open', message: expect.stringContaining('1 order on its way') })
    await env.DB.prepare("UPDATE orders SET status = 'complete' WHERE id = ?").bind(order.order_id).run()

    await resendWaitOver(phone.international)
    expect((await call(me, 'POST', '/customer/me/close/code', {})).status).toBe(200)
    const code = await lastCode(phone.international)
    const wrong = await call(me, 'POST', '/customer/me/close', { otpcode: code === '000000' ? '111111' : '000000' })
    expect(wrong.status).toBe(400)
    expect(await env.DB.prepare('SELECT 1 AS ok FROM customers WHERE id = ?').bind(id).first()).not.toBeNull()

    const closed = await call(me, 'POST', '/customer/me/close', { otpcode: code })
    expect(closed.status).toBe(200)
    expect(closed.body.message).toContain('Your account is closed')

    // The tax record, whole: the invoice as issued, the order's lines and totals.
    expect(await env.DB.prepare('SELECT * FROM invoices WHERE order_id = ?').bind(order.order_id).first()).toEqual(invoice)
    expect((await env.DB.prepare('SELECT * FROM order_items WHERE order_id = ?').bind(order.order_id).all()).results).toEqual(items)
    expect(
      await env.DB.prepare(
        'SELECT customer_id, customer_name, email, phone, shipping_address, billing_address, increment_id FROM orders WHERE id = ?',
      )
        .bind(order.order_id)
        .first(),
    ).toEqual({
      customer_id: null,
      customer_name: null,
      email: '',
      phone: null,
      shipping_address: null,
      billing_address: null,
      increment_id: order.increment_id,
    })
    // Nothing else names them: not their email, mobile, names, street or note, anywhere.
    const all = await everything()
    for (const trace of [email, phone.international, phone.local, firstName, lastName, street, note]) expect(all).not.toContain(trace)
    expect(
      await env.DB.prepare('SELECT customer_id FROM consent_records WHERE version = ? AND customer_id IS NULL').bind('2026-11-27').first(),
    ).not.toBeNull()

    // Every session is over: the token opens nothing, and the email and mobile are free again.
    expect((await call(me, 'GET', '/customer/checkifauth')).status).toBe(401)
    expect(
      (await call({ ...me, mage: undefined }, 'POST', '/customer/login', { username: email, password: 'Secret123', recaptchaToken: 'ok' })).status,
    ).toBe(401)
  })
})
