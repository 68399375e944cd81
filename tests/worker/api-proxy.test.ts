// The frontend proxy routes of docs/product.md, "Calls" over HTTP, with the shopper's cookies as a browser keeps them.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { browser, sellableSku } from './commerce-helpers'

describe('session cookies', () => {
  it('keep the handshake per language for 29 days, HttpOnly, Secure, SameSite=Lax', async () => {
    const shopper = browser()
    const response = await shopper.fetch('/api/handshake?lang=en')
    expect(response.status).toBe(200)
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('mhs_en='))!
    expect(cookie).toMatch(/Max-Age=2505600/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/Secure/)
    expect(cookie).toMatch(/SameSite=Lax/)
    // A fresh token is reused, not re-issued.
    const again = await shopper.fetch('/api/handshake?lang=en')
    expect(again.headers.getSetCookie().some((c) => c.startsWith('mhs_en='))).toBe(false)
  })
})

describe('cart proxy', () => {
  it('creates, reads, empties and deletes through the shopper cookies', async () => {
    const shopper = browser()
    const created = await shopper.fetch('/api/cart/create?lang=en&region=1101')
    expect(((await created.json()) as any).data.quoteId).toBe(shopper.cookies.get('quote'))
    const quote = shopper.cookies.get('quote')!
    const sku = await sellableSku('p.entity_id > 1100', 10)
    // Add through the Direct API with the same session, as the storefront's server function does.
    const token = shopper.cookies.get('mhs_en')!
    await SELF.fetch('https://matjar.test/commerce/cart/add', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, quote, 'content-type': 'application/json' },
      body: JSON.stringify({ sku, qty: 1, extension_attributes: { region: '1101' } }),
    })
    const cart = (await (await shopper.fetch('/api/cart/getCart?lang=en')).json()) as any
    expect(cart.cart.cartItems).toHaveLength(1)
    const itemId = cart.cart.cartItems[0].item_id
    const availability = (await (
      await shopper.fetch('/api/cart/availableToCheckoutV2?lang=en', { method: 'POST', body: JSON.stringify({ cartItems: [{ sku, qty: 1 }] }) })
    ).json()) as any
    expect(availability.available).toBe(true)
    const deleted = (await (await shopper.fetch('/api/cart/delateItem?lang=en', { method: 'POST', body: JSON.stringify({ itemId }) })).json()) as any
    expect(deleted.cart.cartItems).toHaveLength(0)
    const cleared = (await (await shopper.fetch('/api/cart/clearCart?lang=en')).json()) as any
    expect(cleared).toMatchObject({ status: true, msg: 'cart cleared successfully' })
  })

  it('rejects bad bodies with a clear 400 and a tampered quote with 404', async () => {
    const shopper = browser()
    await shopper.fetch('/api/cart/create?lang=ar')
    expect((await shopper.fetch('/api/cart/delateItem', { method: 'POST', body: JSON.stringify({ itemId: 'one' }) })).status).toBe(400)
    expect((await shopper.fetch('/api/cart/delateItem', { method: 'POST', body: '{' })).status).toBe(400)
    shopper.cookies.set('quote', 'tampered-quote-id-0000000000000000')
    expect((await shopper.fetch('/api/cart/getCart')).status).toBe(404)
  })
})

describe('account proxy', () => {
  it('refuses a tampered customer token', async () => {
    const shopper = browser()
    shopper.cookies.set('mage', 'x'.repeat(43))
    const response = await shopper.fetch('/api/header/checkifauth?lang=en')
    expect(response.status).toBe(401)
    expect(((await response.json()) as any).message).toContain("The consumer isn't authorized to access")
  })

  it('registration needs the verified phone, and reports the error as data.message', async () => {
    const shopper = browser()
    const response = await shopper.fetch('/api/register?lang=en', {
      method: 'POST',
      body: JSON.stringify({
        firstName: 'Huda',
        lastName: 'Alotaibi',
        email: 'huda@example.com',
        phone_number: '0551112223',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        terms: true,
        recaptchaToken: 'ok',
      }),
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as any).message).toBe('The phone verification has expired. Please try again.')
  })

  it('forgotten password: an unknown email is answered as a known one (docs/decisions/0006)', async () => {
    const shopper = browser()
    const response = await shopper.fetch('/api/forget/new-send-email-token?lang=ar', {
      method: 'POST',
      body: JSON.stringify({ email: 'ghost@example.com', recaptchaToken: 'ok' }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ data: { status: true } })
  })
})

describe('personalisation events', () => {
  it('stores events and rejects malformed ones', async () => {
    const shopper = browser()
    const ok = await shopper.fetch('/api/aws/event', {
      method: 'POST',
      body: JSON.stringify({ eventList: [{ eventType: 'view', itemId: 'SAM-1001' }], sessionId: 'session-12345678' }),
    })
    expect(((await ok.json()) as any).data.received).toBe(1)
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM personalisation_events WHERE session_id = 'session-12345678'").first<{
      n: number
    }>()
    expect(stored!.n).toBe(1)
    const failure = { eventType: 'payment_failure', itemId: 'declined', value: 349.5, detail: 'tabby' }
    await shopper.fetch('/api/aws/event', { method: 'POST', body: JSON.stringify({ eventList: [failure], sessionId: 'session-failure1' }) })
    const row = await env.DB.prepare("SELECT item_id, value, detail FROM personalisation_events WHERE session_id = 'session-failure1'").first()
    expect(row).toEqual({ item_id: 'declined', value: 349.5, detail: 'tabby' })
    const badDetail = { eventList: [{ eventType: 'payment_failure', detail: '<script>' }] }
    expect((await shopper.fetch('/api/aws/event', { method: 'POST', body: JSON.stringify(badDetail) })).status).toBe(400)
    expect(
      (await shopper.fetch('/api/aws/event', { method: 'POST', body: JSON.stringify({ eventList: [{ eventType: 'x', value: -1 }] }) })).status,
    ).toBe(400)
    expect((await shopper.fetch('/api/aws/event', { method: 'POST', body: JSON.stringify({ eventList: [] }) })).status).toBe(400)
    expect(
      (await shopper.fetch('/api/aws/event', { method: 'POST', body: JSON.stringify({ eventList: [{ eventType: "x'); DROP TABLE--" }] }) })).status,
    ).toBe(400)
  })
})
