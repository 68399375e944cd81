// The guest order lookup (docs/product.md, "Accounts"): a guest who paid by card, Tabby or Tamara without verifying
// the mobile is told by email to follow the order with its number and their mobile, and the lookup finds it by
// exactly that, however the mobile is spelt. A wrong mobile and a made-up number answer alike, and lookups are
// limited per address and per order number. Issue 42, item 3.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { tabbyTestCode } from '~/integrations/tabby-sandbox'
import { call, checkoutFor, newGuestCart, newIp, newPhone, orderBody, origin, registered, sellableSku, type Caller } from './commerce-helpers'
import { cashOrderCart, customerWithCart, messagesTo } from './order-helpers'

const onThisMachine = (url: string) => url.replace(origin, 'http://localhost')

/** What each embedded provider's page takes to pay (the mada test card, Tabby's test code, Tamara's approval). */
const payment = {
  card: { name: 'Huda Alharbi', number: '4201320111111010', month: '12', year: '2030', cvc: '123' },
  tabby: { action: 'confirm', code: tabbyTestCode },
  tamara: { action: 'approve' },
} as const

/** A guest in the Arabic store places an order with a mobile never verified and pays it on the provider's page. */
async function paidGuestOrder(method: keyof typeof payment, from: string) {
  const guest = await newGuestCart('ar')
  const sku = await sellableSku(
    `${from} AND p.big_items = 0 AND p.price BETWEEN 150 AND 2000 AND p.eligible_for_tabby = 1 AND p.eligible_for_tamara = 1`,
    10,
  )
  expect((await call(guest, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })).status).toBe(200)
  const body = await orderBody(guest, method, `${method}-guest@example.com`)
  const placed = await call(guest, 'POST', '/cart/placeOrder', body)
  expect(placed.status).toBe(200)
  await SELF.fetch(onThisMachine(placed.body.payment_url), { method: 'POST', body: new URLSearchParams(payment[method]), redirect: 'manual' })
  const order = await env.DB.prepare('SELECT status, phone_verified, customer_id FROM orders WHERE increment_id = ?')
    .bind(placed.body.increment_id)
    .first<{ status: string; phone_verified: number; customer_id: number | null }>()
  // Paid, by a guest, whose mobile was never verified: the case the lookup refused.
  expect(order).toEqual({ status: 'processing', phone_verified: 0, customer_id: null })
  return { increment: placed.body.increment_id as string, mobile: body.checkout.contact.mobile }
}

const lookup = (caller: Caller, increment: string, mobilenumber: string) => call(caller, 'POST', '/orders/lookup', { increment, mobilenumber })

describe('the guest order lookup', () => {
  it.each([
    ['card', 'p.entity_id > 1400'],
    ['tabby', 'p.entity_id > 1420'],
    ['tamara', 'p.entity_id > 1440'],
  ] as const)('finds a guest %s order by its number and the mobile it was placed with, never verified', async (method, from) => {
    const { increment, mobile } = await paidGuestOrder(method, from)
    const stranger: Caller = { token: (await newGuestCart('ar')).token, ip: newIp() }
    // Any usual spelling of the mobile: 05..., +966..., Arabic-Indic digits.
    const arabicIndic = mobile.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))
    for (const spelt of [mobile, `+966${mobile.slice(1)}`, arabicIndic]) {
      const found = await lookup(stranger, increment.toLowerCase(), spelt)
      expect(found.status).toBe(200)
      expect(found.body).toMatchObject({ increment_id: increment, status: 'processing', payment_method: method })
      expect(found.body.timeline.map((step: { status: string }) => step.status)).toEqual(['placed', 'paid'])
    }
    // As the email says: follow the order by its number and your mobile, on the lookup with the number filled in.
    const [email] = await messagesTo(`${method}-guest@example.com`)
    expect(email).toContain('برقم الطلب ورقم جوالك')
    expect(email).toContain(`/user/profile?order=${increment}`)
  })

  it('answers a wrong mobile and a made-up number exactly alike', async () => {
    const { increment, mobile } = await paidGuestOrder('card', 'p.entity_id > 1460')
    const stranger: Caller = { token: (await newGuestCart('ar')).token, ip: newIp() }
    const answers = await Promise.all([
      lookup(stranger, increment, newPhone().local),
      lookup(stranger, `MJ${increment.slice(2, -1)}${(Number(increment.slice(-1)) + 1) % 10}`, mobile),
      lookup(stranger, 'MJ00000000', mobile),
      lookup(stranger, 'nonsense', 'x'),
    ])
    // Every answer is the same but for its request id.
    const alike = ({ status, body: { requestId: _, ...body } }: { status: number; body: Record<string, unknown> }) => ({ status, body })
    for (const answer of answers) expect(alike(answer)).toEqual(alike(answers[0]!))
    expect(answers[0]!.body.message).toBe('الطلب غير موجود')
  })

  it('counts lookups per address, and per order number across addresses', async () => {
    const { increment, mobile } = await paidGuestOrder('card', 'p.entity_id > 1480')
    // One address: 20 lookups an hour (docs/product.md, "Limits"), right or wrong; the 21st is refused, even the right pair.
    const walker: Caller = { token: (await newGuestCart('ar')).token, ip: newIp() }
    for (let i = 0; i < 20; i++) expect((await lookup(walker, `MJ${String(10_000_000 + i)}`, mobile)).status).toBe(404)
    const refused = await lookup(walker, increment, mobile)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/محاولات بحث كثيرة/)
    // Another address is not held back by the first.
    expect((await lookup({ ...walker, ip: newIp() }, increment, mobile)).status).toBe(200)

    // One order number tried with many mobiles from many addresses: 10 an hour, then refused even with the right
    // mobile; a made-up number is held back the same way, so the limit says nothing about whether it exists.
    for (const number of [increment, 'MJ1234567000001']) {
      const statuses: number[] = []
      for (let i = 0; i < 11; i++) statuses.push((await lookup({ ...walker, ip: newIp() }, number, newPhone().local)).status)
      expect(statuses.slice(0, number === increment ? 9 : 10).every((s) => s === 404)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
      expect((await lookup({ ...walker, ip: newIp() }, number, mobile)).status).toBe(429)
    }
  })
})

describe('a guest who makes an account with the order’s mobile', () => {
  it('finds the guest orders placed with that mobile in the new account, and only those', async () => {
    const card = await paidGuestOrder('card', 'p.entity_id > 1500')
    const phone = { local: card.mobile, international: `966${card.mobile.slice(1)}` }
    // A second guest order with the same mobile, verified this time (cash on delivery), and one with another mobile.
    const cash = await cashOrderCart(await sellableSku('p.entity_id > 1510 AND p.big_items = 0', 10), phone.local)
    const cashPlaced = await call(cash.cart, 'POST', '/cart/placeOrder', cash.body)
    expect(cashPlaced.status).toBe(200)
    const other = await paidGuestOrder('card', 'p.entity_id > 1520')
    // A customer who typed this mobile on their own order keeps it.
    const { me: customer } = await customerWithCart('p.entity_id > 1530')
    const theirs = await call(customer, 'POST', '/cart/placeOrder', {
      checkout: await checkoutFor(customer, phone.local),
      paymentMethod: { method: 'card' },
    })
    expect(theirs.status).toBe(200)

    // From the confirmation: the registration with the order's mobile, as the account offer fills it in.
    const guest = await newGuestCart('ar')
    const { email, created } = await registered(guest, {}, phone)
    expect(created.status).toBe(200)
    const me: Caller = { ...guest, mage: created.body.token }
    const mine = await call(me, 'GET', '/customer/orders')
    expect(mine.body.orders.map((o: { increment_id: string }) => o.increment_id).sort()).toEqual(
      [card.increment, cashPlaced.body.increment_id].sort(),
    )
    // The confirmation and the account's order page now answer the new account.
    expect((await call(me, 'GET', `/cart/order/${card.increment}`)).status).toBe(200)
    expect((await call(me, 'GET', `/customer/orders/${card.increment}`)).body.contact.mobile).toBe(phone.local)
    // The lookup still finds it by its number and mobile; the other guest's and the customer's orders stayed theirs.
    expect((await lookup({ token: guest.token, ip: newIp() }, card.increment, phone.local)).status).toBe(200)
    const owner = async (increment: string) =>
      (await env.DB.prepare('SELECT customer_id FROM orders WHERE increment_id = ?').bind(increment).first<{ customer_id: number | null }>())!
        .customer_id
    expect(await owner(other.increment)).toBeNull()
    const customerId = await owner(theirs.body.increment_id)
    expect(customerId).not.toBeNull()
    expect(customerId).not.toBe(created.body.user.id)
    expect(created.body.user.email).toBe(email)
  })
})
