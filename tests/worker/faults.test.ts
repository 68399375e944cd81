// Faults in workerd (issue 31, item 3): the real Worker entry with one binding made to fail, as an outage of D1 or KV
// would. What a shopper is told (a message in their language), what still answers from what is cached, and that no
// cart line or order is lost or doubled once the binding is back.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import worker from '../../src/worker-entry'
import { call, newGuestCart, orderBody, origin, sellableSku, stockOf, type Caller } from './commerce-helpers'

const outage = () => Promise.reject(new Error('D1_ERROR: Network connection lost (simulated outage)'))

/** A D1 whose every statement fails, or only its batches (a write that cannot land). */
function failingD1(real: D1Database, what: 'everything' | 'batches'): D1Database {
  if (what === 'batches') return Object.assign(Object.create(real), { batch: outage, prepare: real.prepare.bind(real) })
  const statement: D1PreparedStatement = {
    bind: () => statement,
    first: outage,
    all: outage,
    run: outage,
    raw: outage,
  } as unknown as D1PreparedStatement
  return { prepare: () => statement, batch: outage, exec: outage, dump: outage, withSession: () => failingD1(real, what) } as unknown as D1Database
}

/** A KV namespace that answers nothing and keeps nothing. */
const failingKv = {
  get: () => Promise.reject(new Error('KV GET failed: 503 (simulated outage)')),
  put: outage,
  delete: outage,
  list: outage,
  getWithMetadata: outage,
} as unknown as KVNamespace

/** The Direct API through the Worker's own entry, with the given bindings in place of the real ones. */
async function callWith(bindings: Partial<Env>, caller: Caller, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${caller.token}`,
    'content-type': 'application/json',
    'cf-connecting-ip': caller.ip ?? '192.0.2.1',
  }
  if (caller.quote) headers.quote = caller.quote
  const ctx = createExecutionContext()
  const response = await worker.fetch(
    new Request(`${origin}/commerce${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    { ...env, ...bindings },
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return { status: response.status, headers: response.headers, body: (await response.json()) as { message: string } }
}

describe('D1 down', () => {
  it("an add is refused with a message in the shopper's language, and the cart is as it was", async () => {
    for (const store of ['ar', 'en'] as const) {
      const caller = await newGuestCart(store)
      const sku = await sellableSku('p.big_items = 0', 20)
      const answer = await callWith({ DB: failingD1(env.DB, 'everything') }, caller, 'POST', '/cart/add', {
        sku,
        qty: 1,
        extension_attributes: { region: '1101' },
      })
      expect(answer.status).toBe(503)
      expect(answer.headers.get('retry-after')).toBe('5')
      expect(answer.body.message).toBe(
        store === 'ar' ? 'المتجر مشغول للحظة، يرجى المحاولة بعد قليل' : 'The store is busy for a moment, please try again shortly',
      )
      expect((await call(caller, 'GET', '/cart')).body.cart.cartItems).toEqual([])
    }
  })

  it('an order whose write cannot land is not placed, takes no stock, and is placed once when D1 is back', async () => {
    const caller = await newGuestCart('en')
    const sku = await sellableSku('p.big_items = 0 AND p.entity_id > 1300', 20)
    expect((await call(caller, 'POST', '/cart/add', { sku, qty: 2, extension_attributes: { region: '1101' } })).status).toBe(200)
    const body = await orderBody(caller, 'card')
    const stock = await stockOf(sku)

    const failed = await callWith({ DB: failingD1(env.DB, 'batches') }, caller, 'POST', '/cart/placeOrder', body)
    expect(failed.status).toBe(503)
    expect(await stockOf(sku)).toBe(stock)
    expect((await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE quote_id = ?').bind(caller.quote).first<{ n: number }>())!.n).toBe(0)
    const cart = (await call(caller, 'GET', '/cart')).body.cart
    expect(cart.status).toBe('active')
    expect(cart.cartItems).toEqual([expect.objectContaining({ sku, qty: 2 })])

    // The shopper taps again once D1 is back: one order, its stock taken once.
    const placed = await call(caller, 'POST', '/cart/placeOrder', body)
    expect(placed.status).toBe(200)
    const again = await call(caller, 'POST', '/cart/placeOrder', body)
    expect(again.body.increment_id).toBe(placed.body.increment_id)
    expect(await stockOf(sku)).toBe(stock - 2)
  })

  it("the search service says it is unavailable (503) instead of failing, and the store's health names D1", async () => {
    const ctx = createExecutionContext()
    const search = await worker.fetch(
      new Request(`${origin}/1/indexes/*/queries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [{ indexName: 'products_en', query: 'zzqx-not-in-any-snapshot', hitsPerPage: 5 }] }),
      }),
      { ...env, DB: failingD1(env.DB, 'everything'), CACHE: failingKv },
      ctx,
    )
    await waitOnExecutionContext(ctx)
    // Either answered from the indexes this isolate already holds, or refused as unavailable; never a 500.
    expect([200, 503]).toContain(search.status)

    const health = await worker.fetch(new Request(`${origin}/api/health`), { ...env, DB: failingD1(env.DB, 'everything') }, createExecutionContext())
    expect(health.status).toBe(503)
    expect(await health.text()).toContain('d1')
  })
})

describe('KV down', () => {
  it('the cities and the cart still answer: KV is a cache in front of D1, never the only copy', async () => {
    const ctx = createExecutionContext()
    const regions = await worker.fetch(new Request(`${origin}/api/getRegions?lang=ar`), { ...env, CACHE: failingKv }, ctx)
    await waitOnExecutionContext(ctx)
    expect(regions.status).toBe(200)
    expect(((await regions.json()) as { data: { value: string }[] }).data.map((r) => r.value)).toContain('1101')

    const caller = await newGuestCart('en')
    const sku = await sellableSku('p.big_items = 0', 20)
    const added = await callWith({ CACHE: failingKv }, caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })
    expect(added.status).toBe(200)
  })
})
