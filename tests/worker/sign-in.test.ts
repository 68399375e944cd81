// A new account is signed in, and the city follows the account (docs/product.md, "Accounts"; issue 28, "No friction").
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { storefrontSession, type CookieJar } from '../../worker/storefront/session'
import { signInShopper } from '../../worker/storefront/sign-in'
import { addressIn, browser, call, handshake, lastCode, newIp, newPhone, registered, type Caller } from './commerce-helpers'

/** The storefront's jar over a plain map, as a server function's request keeps it. */
function mapJar(start: Record<string, string> = {}): CookieJar & { values: Map<string, string> } {
  const values = new Map(Object.entries(start))
  return {
    values,
    get: ({ name }) => values.get(name),
    set: ({ name }, value) => void values.set(name, value),
    delete: ({ name }) => void values.delete(name),
  }
}

async function addTo(caller: Caller, region: string) {
  const row = await env.DB.prepare(
    `SELECT p.sku FROM products p JOIN stock s ON s.product_id = p.entity_id AND s.region_id = ?
     WHERE p.type_id = 'simple' AND p.not_for_sale = 0 AND p.back_orders = 0 AND p.big_items = 0 AND s.qty > 5
     ORDER BY p.entity_id LIMIT 1`,
  )
    .bind(Number(region))
    .first<{ sku: string }>()
  const sku = row!.sku
  const added = await call({ ...caller, region }, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region } })
  expect(added.status).toBe(200)
  return sku
}

describe('a new account', () => {
  it('is signed in by its registration, with the guest cart and its city, and no token in the answer', async () => {
    const shopper = browser()
    // A guest with a cart in Jeddah (1102) and no city cookie.
    await shopper.fetch('/api/cart/create?lang=en&region=1102')
    const guestQuote = shopper.cookies.get('quote')!
    const token = shopper.cookies.get('mhs_en')!
    const sku = await addTo({ token, quote: guestQuote, ip: newIp() }, '1102')
    // The phone verified by code, as the code step leaves it (an HttpOnly cookie).
    const caller: Caller = { token: await handshake(), ip: newIp() }
    const phone = newPhone()
    await call(caller, 'POST', '/customer/v2/otpSend', { mobilenumber: phone.local, otptype: 'register' })
    const verified = await call(caller, 'POST', '/customer/v2/otpVerfiy', {
      mobilenumber: phone.local,
      otpcode: await lastCode(phone.international),
      otptype: 'register',
    })
    shopper.cookies.set('phone_verification', verified.body.token)

    const response = await shopper.fetch('/api/register?lang=en', {
      method: 'POST',
      body: JSON.stringify({
        firstName: 'Huda',
        lastName: 'Alotaibi',
        email: `huda${phone.local}@example.com`,
        phone_number: phone.local,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        terms: true,
        recaptchaToken: 'ok',
      }),
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as any
    expect(body).toMatchObject({ success: true, user: { firstname: 'Huda' }, city: 1102 })
    // The customer token lives in HttpOnly cookies only.
    expect(JSON.stringify(body)).not.toContain(shopper.cookies.get('mage')!)
    expect([...shopper.cookies.keys()]).toEqual(expect.arrayContaining(['mage', 'session', 'usr']))
    expect(shopper.cookies.has('phone_verification')).toBe(false)
    const auth = await shopper.fetch('/api/header/checkifauth?lang=en')
    expect(auth.status).toBe(200)
    // The guest's line is in the customer's cart (a quote of digits), kept in the guest's city.
    expect(shopper.cookies.get('quote')).toMatch(/^\d+$/)
    const cart = (await (await shopper.fetch('/api/cart/getCart?lang=en')).json()) as any
    expect(cart.cart.region_id).toBe(1102)
    expect(cart.cart.cartItems.map((l: { sku: string }) => l.sku)).toEqual([sku])
  })

  it('answers its sign-in from the Direct API, as a login does', async () => {
    const caller: Caller = { token: await handshake(), ip: newIp() }
    const { created } = await registered(caller)
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ success: true, user: { firstname: 'Noura' } })
    const auth = await call({ ...caller, mage: created.body.token }, 'GET', '/customer/checkifauth')
    expect(auth.status).toBe(200)
  })
})

describe('the city after a sign-in', () => {
  async function account() {
    const caller: Caller = { token: await handshake(), ip: newIp() }
    const { created } = await registered(caller)
    const signedIn = { token: created.body.token, expires_at: created.body.expires_at, user: created.body.user }
    return { caller: { ...caller, mage: signedIn.token }, signedIn }
  }
  const signInOnANewPhone = async (signedIn: Parameters<typeof signInShopper>[3], cookies: Record<string, string> = {}) => {
    const jar = mapJar(cookies)
    return signInShopper(env, jar, storefrontSession(env, jar, 'en', newIp()), signedIn)
  }

  it("is the account cart's city when the cart holds anything, chosen city or not", async () => {
    const { caller, signedIn } = await account()
    const created = await call(caller, 'GET', '/cart/create?region=1101')
    await addTo({ ...caller, quote: created.body.quoteId }, '1101')
    // A new phone: no city chosen, no cart ("Choose City" in the header).
    expect((await signInOnANewPhone(signedIn)).city).toBe(1101)
    // Another city chosen on this phone: the header follows the cart it will check out.
    expect((await signInOnANewPhone(signedIn, { region_id: '1105' })).city).toBe(1101)
    // Already agreeing: nothing to change.
    expect((await signInOnANewPhone(signedIn, { region_id: '1101' })).city).toBeNull()
  })

  it("with an empty cart, keeps a chosen city, else takes the default address's", async () => {
    const { caller, signedIn } = await account()
    expect((await signInOnANewPhone(signedIn)).city).toBeNull()
    const saved = await call(caller, 'POST', '/customer/addresses', { address: addressIn(1104), isDefault: true })
    expect(saved.status).toBe(200)
    expect((await signInOnANewPhone(signedIn)).city).toBe(1104)
    expect((await signInOnANewPhone(signedIn, { region_id: '1105' })).city).toBeNull()
  })
})
