// The National Address at checkout in workerd (docs/product.md, "Checkout"): a short address looked up at the embedded
// Saudi Post and filled in, limited per shopper; at placing, the order keeps SPL's fields and whether they were
// verified; what SPL denies is refused and stores nothing; SPL down never blocks the order.
import { env } from 'cloudflare:test'
import { serverLimits } from '../../config/server-limits'
import { describe, expect, it } from 'vitest'
import { nationalAddressDownShortAddress } from '~/integrations/national-address-sandbox'
import { addressIn, call, checkoutFor, newGuestCart, sellableSku, type Caller } from './commerce-helpers'

async function cartWith(region = '1101', store: 'ar' | 'en' = 'en') {
  const caller = await newGuestCart(store, region)
  const sku = await sellableSku('p.entity_id > 1150 AND p.big_items = 0', 20)
  await env.DB.prepare('INSERT OR REPLACE INTO stock (product_id, region_id, qty) SELECT entity_id, ?, 20 FROM products WHERE sku = ?')
    .bind(Number(region), sku)
    .run()
  expect((await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region } })).status).toBe(200)
  return caller
}

async function placeWith(caller: Caller, address: Partial<ReturnType<typeof addressIn>>) {
  const checkout = await checkoutFor(caller)
  checkout.shipping_address = { ...checkout.shipping_address, ...address }
  return call(caller, 'POST', '/cart/placeOrder', { checkout, paymentMethod: { method: 'card' } })
}

const storedAddress = async (caller: Caller) => {
  const row = await env.DB.prepare('SELECT shipping_address FROM orders WHERE quote_id = ?').bind(caller.quote).first<{ shipping_address: string }>()
  return row ? (JSON.parse(row.shipping_address) as Record<string, unknown>) : null
}

describe('looking up a short address', () => {
  it("answers SPL's building, street, district, city and postal code in the shopper's language", async () => {
    const english = await newGuestCart('en')
    const found = await call(english, 'GET', '/national-address/rrrd 2929')
    expect(found.status).toBe(200)
    expect(found.body).toEqual({
      status: 'found',
      address: {
        building: '2929',
        street: 'King Fahd Road',
        district: 'Al Olaya',
        city: 'Riyadh',
        postalCode: '12271',
        additionalNumber: '7346',
        region: 'Riyadh Region',
        shortAddress: 'RRRD2929',
      },
    })
    const arabic = await newGuestCart('ar')
    expect((await call(arabic, 'GET', '/national-address/RRRD٢٩٢٩')).body.address).toMatchObject({ street: 'طريق الملك فهد', city: 'الرياض' })
  })

  it("says in the shopper's language what is wrong with a short address, and that SPL is down without failing", async () => {
    const caller = await newGuestCart('ar')
    const malformed = await call(caller, 'GET', '/national-address/RRR2929')
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe('العنوان المختصر 4 حروف و4 أرقام، مثل RRRD2929.')
    const unknown = await call(caller, 'GET', '/national-address/ZZZZ0000')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 'short_address_not_found', issues: ['shortAddress'] })
    expect(unknown.body.message).toContain('البريد السعودي')
    const down = await call(caller, 'GET', `/national-address/${nationalAddressDownShortAddress}`)
    expect(down).toEqual({ status: 200, body: { status: 'unavailable', address: null } })
  })

  it('limits the lookups of one cart, counted before SPL is asked', async () => {
    const caller = await newGuestCart('en')
    for (let i = 0; i < serverLimits.nationalAddress.lookupsPerCartPerHour; i++) {
      expect((await call(caller, 'GET', '/national-address/ZZZZ0000')).status).toBe(404)
    }
    const refused = await call(caller, 'GET', '/national-address/RRRD2929')
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('lookup_rate_limited')
  })
})

describe('the address an order keeps', () => {
  it("keeps SPL's fields for a short address, marked verified, whatever was typed beside it", async () => {
    const caller = await cartWith('1101')
    const placed = await placeWith(caller, { shortAddress: 'rrrd2929', building: '1111', district: 'Typed district' })
    expect(placed.status).toBe(200)
    expect(await storedAddress(caller)).toMatchObject({
      shortAddress: 'RRRD2929',
      building: '2929',
      street: 'King Fahd Road',
      district: 'Al Olaya',
      postalCode: '12271',
      additionalNumber: '7346',
      verified: true,
    })
    const order = await call(caller, 'GET', `/cart/order/${placed.body.increment_id}`)
    expect(order.body.shipping_address).toMatchObject({ building: '2929', verified: true })
  })

  it("refuses a short address SPL does not know, or one in another of the store's cities, and stores nothing", async () => {
    const caller = await cartWith('1101')
    const unknown = await placeWith(caller, { shortAddress: 'ZZZZ0000' })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ code: 'short_address_not_found', issues: ['shortAddress'] })
    const jeddah = await placeWith(caller, { shortAddress: 'JESA4721' })
    expect(jeddah.status).toBe(400)
    expect(jeddah.body).toMatchObject({ code: 'short_address_other_city', message: expect.stringContaining('Jeddah') })
    expect(await storedAddress(caller)).toBeNull()
  })

  it('checks a typed building number, postal code and additional number together, and refuses what is no address', async () => {
    const good = await cartWith('1106')
    expect((await placeWith(good, { district: 'Al Kurnaysh', building: '6418', postalCode: '34412', additionalNumber: '3618' })).status).toBe(200)
    expect(await storedAddress(good)).toMatchObject({ building: '6418', verified: true })

    const wrong = await cartWith('1106')
    const refused = await placeWith(wrong, { building: '6418', postalCode: '34412', additionalNumber: '3619' })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 'national_address_not_found', issues: ['building', 'postalCode', 'additionalNumber'] })
    expect(await storedAddress(wrong)).toBeNull()
  })

  it('places the order with the address marked unverified when SPL is down or nothing can be checked', async () => {
    const down = await cartWith('1101')
    expect((await placeWith(down, { shortAddress: nationalAddressDownShortAddress })).status).toBe(200)
    expect(await storedAddress(down)).toMatchObject({ shortAddress: nationalAddressDownShortAddress, building: '8228', verified: false })

    const typed = await cartWith('1101')
    expect((await placeWith(typed, {})).status).toBe(200)
    expect(await storedAddress(typed)).toMatchObject({ building: '8228', verified: false })
  })

  it('never takes the verified flag from the shopper', async () => {
    const caller = await cartWith('1101')
    expect((await placeWith(caller, { verified: true } as never)).status).toBe(200)
    expect(await storedAddress(caller)).toMatchObject({ verified: false })
  })
})
