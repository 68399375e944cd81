// Customers in the console (docs/product.md, "The merchant console"): found by mobile in any spelling, by email or by
// name, for roles that read orders only; a customer's page with orders, addresses, verified mobiles and messages; a
// sign-in code sent again under the shopper's own limits; a closed account shown as closed, without personal data.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { privacyStore } from '~/storage/privacy-store'
import { call, checkoutFor, newGuestCart, registered, resendWaitOver } from './commerce-helpers'
import { customerWithCart } from './order-helpers'
import { asStaff, joined } from './staff-helpers'

const idOf = async (email: string) => (await env.DB.prepare('SELECT id FROM customers WHERE email = ?').bind(email).first<{ id: number }>())!.id

const toArabicDigits = (text: string) => text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!)

const found = async (who: Awaited<ReturnType<typeof joined>>, q: string) =>
  ((await asStaff(who, 'GET', `/customers?q=${encodeURIComponent(q)}`)).body.data.customers as { id: number }[]).map((c) => c.id)

describe('the console’s customer search', () => {
  it('finds a customer by mobile however it is written, by email and by name', async () => {
    const name = `Ghadeer${[...crypto.getRandomValues(new Uint8Array(6))].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`
    const { phone, email } = await registered(await newGuestCart(), { firstName: name, lastName: 'Alotaibi' })
    const id = await idOf(email)
    const support = await joined('support')
    const nine = phone.international.slice(-9)
    for (const spelling of [
      phone.local,
      `+966 ${nine.slice(0, 2)} ${nine.slice(2, 5)} ${nine.slice(5)}`,
      `00966${nine}`,
      phone.international,
      toArabicDigits(phone.local),
    ]) {
      expect(await found(support, spelling), spelling).toEqual([id])
    }
    expect(await found(support, email.toUpperCase())).toEqual([id])
    expect(await found(support, `${email.split('@')[0]}@`)).toEqual([id]) // the part before the @ and the @
    expect(await found(support, `${name} Alotaibi`)).toEqual([id])
    expect(await found(support, name.toLowerCase())).toEqual([id])
    expect(await found(support, '0551234')).toEqual([]) // not a mobile, not anyone's name
    // A LIKE wildcard typed is a character, not "anything".
    expect(await found(support, '%')).toEqual([])
  })

  it('is refused to a role without orders.read, and so is a customer’s page and sending a code', async () => {
    const { email } = await registered(await newGuestCart())
    const id = await idOf(email)
    const catalogue = await joined('catalogue')
    for (const [method, path] of [
      ['GET', `/customers?q=${encodeURIComponent(email)}`],
      ['GET', `/customers/${id}`],
      ['POST', `/customers/${id}/code`],
    ] as const) {
      const answer = await asStaff(catalogue, method, path)
      expect(answer.status, path).toBe(403)
      expect(JSON.stringify(answer.body)).not.toContain(email)
    }
  })
})

describe('a customer’s page', () => {
  it('shows their orders, addresses, verified mobile and messages with how each ended', async () => {
    const { me, phone } = await customerWithCart('p.entity_id > 1300')
    const placed = await call(me, 'POST', '/cart/placeOrder', { checkout: await checkoutFor(me, phone.local), paymentMethod: { method: 'card' } })
    expect(placed.status).toBe(200)
    const id = (await env.DB.prepare('SELECT customer_id FROM orders WHERE id = ?').bind(placed.body.order_id).first<{ customer_id: number }>())!
      .customer_id
    const page = await asStaff(await joined('operations'), 'GET', `/customers/${id}`)
    expect(page.status).toBe(200)
    const data = page.body.data
    expect(data.customer).toMatchObject({ firstname: 'Noura', lastname: 'Alqahtani', mobile: phone.local })
    expect(data.orders).toEqual([expect.objectContaining({ order: placed.body.increment_id, status: 'pending_payment' })])
    expect(data.addresses).toEqual([expect.objectContaining({ building: '8228', is_default: true })])
    // The registration's code went to the mobile and ended in the outbox; codes are never sent again from here.
    expect(data.messages).toContainEqual(expect.objectContaining({ channel: 'sms', template: 'otp', status: 'outbox', resendable: false }))
  })

  it('sends a sign-in code again under the shopper’s own limits: a minute apart, five an hour per mobile', async () => {
    const { phone, email } = await registered(await newGuestCart())
    const id = await idOf(email)
    const support = await joined('support')
    await resendWaitOver(phone.international)
    expect(await asStaff(support, 'POST', `/customers/${id}/code`)).toMatchObject({ status: 200, body: { data: { sent: true, to: phone.local } } })
    const tooSoon = await asStaff(support, 'POST', `/customers/${id}/code`)
    expect(tooSoon.status).toBe(429)
    // The registration's code was the first of the hour; three more fit, the sixth does not.
    for (let i = 0; i < 3; i++) {
      await resendWaitOver(phone.international)
      expect((await asStaff(support, 'POST', `/customers/${id}/code`)).status).toBe(200)
    }
    await resendWaitOver(phone.international)
    expect((await asStaff(support, 'POST', `/customers/${id}/code`)).status).toBe(429)
    const codes = await env.DB.prepare("SELECT count(*) AS n FROM otp_codes WHERE phone = ? AND purpose = 'login'")
      .bind(phone.international)
      .first<{ n: number }>()
    expect(codes!.n).toBe(4)
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'customer.send_code' AND subject_id = ?")
      .bind(String(id))
      .first<{ n: number }>()
    expect(audit!.n).toBe(4)
  })

  it('of a closed account says it was closed, and nothing about the person', async () => {
    const { phone, email } = await registered(await newGuestCart(), { firstName: 'Lamya', lastName: 'Alharbi' })
    const id = await idOf(email)
    expect((await privacyStore(env.DB).closeAccount({ id, mobile: phone.international, email })).closed).toBe(true)
    const support = await joined('support')
    const page = await asStaff(support, 'GET', `/customers/${id}`)
    expect(page.status).toBe(200)
    expect(page.body.data).toEqual({ id, closed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
    expect(await found(support, phone.local)).toEqual([])
    expect((await asStaff(support, 'GET', '/customers/999999999')).status).toBe(404)
  })
})
