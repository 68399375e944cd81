// Trips to storage per request type (docs/architecture.md, "Trips to storage"): each request's log line counts its D1
// statements and batches, its Durable Object calls, and how many of those trips waited one after another. With D1's
// primary far from Saudi shoppers each serial trip costs tens of milliseconds, so these counts are the budget the
// pages and taps are held to. Counts only: never a wall-clock time.
import { env, SELF } from 'cloudflare:test'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { checkoutFor, newGuestCart, origin, sellableSku, type Caller } from './commerce-helpers'

interface Trips {
  d1: number
  d1Batches: number
  do: number
  serialTrips: number
}

let log: MockInstance<typeof console.log>
beforeEach(() => {
  log = vi.spyOn(console, 'log')
})
afterEach(() => log.mockRestore())

/** The trips the request with this id made, from its log line. */
function tripsOf(id: string | null): Trips {
  const line = log.mock.calls.map((c) => String(c[0])).find((l) => l.includes(`"id":"${id}"`) && l.includes('"serialTrips"'))
  if (!line) throw new Error(`no log line for request ${id}`)
  const { d1, d1Batches, do: objects, serialTrips } = JSON.parse(line) as Trips
  return { d1, d1Batches, do: objects, serialTrips }
}

let seq = 0
/** A page no cache has seen: a new address each time. */
async function uncachedPage(path: string): Promise<Trips> {
  const response = await SELF.fetch(`${origin}${path}${path.includes('?') ? '&' : '?'}trips=${++seq}`, { headers: { accept: 'text/html' } })
  expect(response.status).toBe(200)
  await response.text()
  return tripsOf(response.headers.get('x-request-id'))
}

/** A Direct API call, and its trips. */
async function tripsOfCall(caller: Caller, method: string, path: string, body?: unknown): Promise<Trips> {
  const id = `trips-${++seq}-${crypto.randomUUID()}`
  const headers: Record<string, string> = {
    authorization: `Bearer ${caller.token}`,
    'content-type': 'application/json',
    'x-request-id': id,
    recaptcha: 'Bearer test-pass',
    'cf-connecting-ip': caller.ip ?? '192.0.2.1',
  }
  if (caller.quote) headers.quote = caller.quote
  const response = await SELF.fetch(`${origin}/commerce${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await response.text()
  expect(response.status, text).toBeLessThan(300)
  return tripsOf(id)
}

describe('the storage road', () => {
  it('counts D1 statements, batches, Durable Object calls, and the trips that waited one after another', async () => {
    const caller = await newGuestCart('en')
    const sku = await sellableSku('p.big_items = 0 AND p.price BETWEEN 150 AND 2000', 20)
    // The add reads the product's line in the city from D1, then changes the cart in its object: two trips in turn.
    expect(await tripsOfCall(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })).toEqual({
      d1: 1,
      d1Batches: 0,
      do: 1,
      serialTrips: 2,
    })
    // The home page's reads (KV warm) go together: several statements, one wait.
    await uncachedPage('/en/')
    const home = await uncachedPage('/en/')
    expect(home.d1).toBeGreaterThan(1)
    expect(home.serialTrips).toBe(1)
  })

  it("after a change, keeps D1's bookmark in a cookie so the shopper reads their own writes", async () => {
    const caller = await newGuestCart('en')
    const response = await SELF.fetch(`${origin}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': caller.ip! },
      body: JSON.stringify({ email: `trips-${crypto.randomUUID()}@example.com` }),
    })
    expect(response.status).toBe(200)
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('d1_bookmark='))
    expect(cookie).toMatch(/^d1_bookmark=[\w-]+; Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
    // A read carries the bookmark and leaves it as it is (a page that sets no cookie may be kept at the edge).
    const bookmark = cookie!.split(';')[0]!
    const page = await SELF.fetch(`${origin}/api/getRegions?lang=en`, { headers: { cookie: bookmark } })
    expect(page.status).toBe(200)
    expect(page.headers.getSetCookie()).toEqual([])
    // A bookmark that is not one is not handed to D1: the read goes on as if there were none.
    const forged = await SELF.fetch(`${origin}/api/getRegions?lang=ar`, { headers: { cookie: 'd1_bookmark=<script>' } })
    expect(forged.status).toBe(200)
  })
})

describe('the trips each request type may make (issue 48: each serial trip costs about 60 ms from Saudi Arabia)', () => {
  it('placing an order: the cart and its limits, the checks, the order, then what follows it', async () => {
    const caller = await newGuestCart('en')
    const sku = await sellableSku('p.big_items = 0 AND p.price BETWEEN 150 AND 2000', 20)
    await tripsOfCall(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })
    const checkout = await checkoutFor(caller)
    // KV warm, as it is for nearly every order (the provider's page names the city).
    await SELF.fetch(`${origin}/api/getRegions?lang=en`)
    const place = await tripsOfCall(caller, 'POST', '/cart/placeOrder', { checkout, paymentMethod: { method: 'card' } })
    // Before: 13 serial trips (each line's stock, the coupon, the phone, the order read back twice, one after another),
    // then 4 (the checks' reads between the cart and the order). Now three: the cart and its limits; the order's batch,
    // which checks the lines' stock itself, with the details kept on the cart; then what follows it. And one more
    // here: the embedded Moyasar keeps its invoice in D1, where the real one is an HTTP call.
    expect(place).toMatchObject({ d1Batches: 1, do: 5 })
    expect(place.serialTrips).toBe(3 + 1)
  })

  it('placing an order with a coupon: the coupon is checked by the order batch, not read before it', async () => {
    const caller = await newGuestCart('en')
    const sku = await sellableSku('p.big_items = 0 AND p.price BETWEEN 300 AND 2000', 20)
    await tripsOfCall(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })
    // Applying it reads the coupon while the cart opens, then sets it: two trips (three before).
    expect((await tripsOfCall(caller, 'PUT', '/cart/applyCoupon', { couponCode: 'WELCOME10' })).serialTrips).toBe(2)
    const checkout = await checkoutFor(caller)
    await SELF.fetch(`${origin}/api/getRegions?lang=en`)
    const place = await tripsOfCall(caller, 'POST', '/cart/placeOrder', { checkout, paymentMethod: { method: 'card' } })
    // Before: 4 of the store's own (the coupon read between the cart and the order). Now as without a coupon.
    expect(place).toMatchObject({ d1Batches: 1 })
    expect(place.serialTrips).toBe(3 + 1)
  })

  it('pages, the cart and the checkout steps', async () => {
    // KV and the search index warm: their reads are not trips to D1.
    for (const path of ['/en/laptops', '/en/search?q=phone', '/en/']) await uncachedPage(path)
    await SELF.fetch(`${origin}/api/getRegions?lang=en`)
    const product = `/en/product/${(await env.DB.prepare("SELECT rewrite_url FROM products WHERE parent_id IS NULL AND type_id = 'simple' ORDER BY entity_id LIMIT 1").first<{ rewrite_url: string }>())!.rewrite_url}`
    await uncachedPage(product)

    expect((await uncachedPage(product)).serialTrips).toBe(1)
    expect((await uncachedPage('/en/laptops')).serialTrips).toBe(1)
    // The engine's highlighted names come from its index, so the page's cards are its one trip (before: the engine's
    // hit rows, then the cards). A typo's page too: its "did you mean" is the best hit's highlighted name.
    expect((await uncachedPage('/en/search?q=laptop')).serialTrips).toBe(1)
    expect((await uncachedPage('/en/search?q=samsnug')).serialTrips).toBe(1)

    const caller = await newGuestCart('en')
    const sku = await sellableSku('p.big_items = 0 AND p.price BETWEEN 150 AND 2000', 20)
    expect(await tripsOfCall(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })).toMatchObject({ do: 1 })
    expect((await tripsOfCall(caller, 'GET', '/cart')).serialTrips).toBe(1)
    // The city's delivery rules and showrooms come from KV beside the regions (before: read from D1 after the cart),
    // warm as for nearly every shopper.
    await tripsOfCall(caller, 'GET', '/cart/shipping-methods')
    expect((await tripsOfCall(caller, 'GET', '/cart/shipping-methods')).serialTrips).toBe(1)
    expect(await tripsOfCall(caller, 'PUT', '/cart/shipping-method', { code: 'standard' })).toMatchObject({ d1: 0, do: 2, serialTrips: 2 })
    expect((await tripsOfCall(caller, 'GET', '/cart/payment-methods')).serialTrips).toBe(1)
  })
})
