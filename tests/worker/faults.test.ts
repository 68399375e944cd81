// Faults in workerd (issue 31, item 3): the real Worker entry with one binding made to fail, as an outage of D1 or KV
// would. What a shopper is told (a message in their language), what still answers from what is cached, and that no
// cart line or order is lost or doubled once the binding is back.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { withEnv } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import worker from '../../src/worker-entry'
import { call, newGuestCart, orderBody, origin, sellableSku, stockOf, type Caller } from './commerce-helpers'

const outage = () => Promise.reject(new Error('D1_ERROR: Network connection lost (simulated outage)'))

/** A D1 that answers late, then with the timeout Cloudflare reports for a storage operation that took too long. */
const timeout = () =>
  new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('D1_ERROR: D1 DB storage operation exceeded timeout which caused object to be reset.')), 50),
  )

/** A D1 whose every statement fails, or only its batches (a write that cannot land). */
function failingD1(real: D1Database, what: 'everything' | 'batches', fail: () => Promise<never> = outage): D1Database {
  if (what === 'batches') {
    // The Worker reaches D1 through a session (worker/http/storage-trips.ts): its batches fail too.
    const session = (constraint?: string) => {
      const inner = real.withSession(constraint)
      return { batch: fail, prepare: inner.prepare.bind(inner), getBookmark: inner.getBookmark.bind(inner) }
    }
    return Object.assign(Object.create(real), { batch: fail, prepare: real.prepare.bind(real), withSession: session })
  }
  const statement: D1PreparedStatement = {
    bind: () => statement,
    first: fail,
    all: fail,
    run: fail,
    raw: fail,
  } as unknown as D1PreparedStatement
  return { prepare: () => statement, batch: fail, exec: fail, dump: fail, withSession: () => failingD1(real, what, fail) } as unknown as D1Database
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
async function callWith(bindings: Partial<Env>, caller: Caller, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = {
    ...extra,
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
        store === 'ar' ? 'المتجر مشغول حاليًا، يرجى المحاولة بعد قليل' : 'The store is busy for a moment, please try again shortly',
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

describe('D1 timing out', () => {
  it('an add and an order are refused as busy in the shopper’s language; nothing is kept, and the next tap lands once', async () => {
    const caller = await newGuestCart('en')
    const sku = await sellableSku('p.big_items = 0 AND p.entity_id > 1320', 20)
    const add = { sku, qty: 1, extension_attributes: { region: '1101' } }
    const slowAdd = await callWith({ DB: failingD1(env.DB, 'everything', timeout) }, caller, 'POST', '/cart/add', add)
    expect(slowAdd.status).toBe(503)
    expect(slowAdd.body.message).toBe('The store is busy for a moment, please try again shortly')
    expect((await call(caller, 'GET', '/cart')).body.cart.cartItems).toEqual([])

    expect((await call(caller, 'POST', '/cart/add', add)).status).toBe(200)
    const body = await orderBody(caller, 'card')
    const stock = await stockOf(sku)
    const slowOrder = await callWith({ DB: failingD1(env.DB, 'batches', timeout) }, caller, 'POST', '/cart/placeOrder', body)
    expect(slowOrder.status).toBe(503)
    expect(await stockOf(sku)).toBe(stock)
    const placed = await call(caller, 'POST', '/cart/placeOrder', body)
    expect(placed.status).toBe(200)
    expect(await stockOf(sku)).toBe(stock - 1)
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

/** A page through the Worker's own entry (SSR, the edge page cache), with the given bindings in place of the real ones. */
/**
 * A page through the Worker's entry with the given bindings in place of the real ones, everywhere: the entry gets them,
 * and so do the server functions that render the page, which read the Worker's own env (`cloudflare:workers`).
 */
async function pageWith(bindings: Partial<Env>, path: string) {
  const all = { ...env, ...bindings } as Env
  return (await withEnv(all, async () => {
    const ctx = createExecutionContext()
    const response = await worker.fetch(new Request(`${origin}${path}`, { headers: { accept: 'text/html' } }), all, ctx)
    await waitOnExecutionContext(ctx)
    return {
      status: response.status,
      cache: response.headers.get('x-page-cache'),
      retryAfter: response.headers.get('retry-after'),
      html: await response.text(),
    }
  })) as { status: number; cache: string | null; retryAfter: string | null; html: string }
}

describe('pages while a binding fails', () => {
  it("with D1 down, a page the edge holds is served; one it does not hold is the error page in the shopper's language, never kept", async () => {
    expect((await pageWith({}, '/en/laptops')).status).toBe(200)
    const held = await pageWith({ DB: failingD1(env.DB, 'everything') }, '/en/laptops')
    expect([held.status, held.cache]).toEqual([200, 'hit'])

    // The cards of a listing and a product's page are read from D1: with it out they cannot be drawn. The shopper gets
    // the error page in the page's language, as a 503 with Retry-After: busy for a moment, not broken
    // (docs/architecture.md, "Faults"), so a crawler or a monitor comes back instead of reading an error.
    const down = { DB: failingD1(env.DB, 'everything') }
    const listing = await pageWith(down, '/en/laptops?price_min=1234')
    expect(listing.html).toContain('Sorry, we could not show this page')
    expect([listing.status, listing.retryAfter]).toEqual([503, '5'])
    const { rewrite_url } = (await env.DB.prepare('SELECT rewrite_url FROM products WHERE parent_id IS NULL ORDER BY entity_id DESC LIMIT 1').first<{
      rewrite_url: string
    }>())!
    const product = await pageWith(down, `/product/${rewrite_url}`)
    expect(product.html).toContain('لم نتمكن من عرض هذه الصفحة')
    expect([product.status, product.retryAfter]).toEqual([503, '5'])
    // Neither is kept: with D1 back the same listing renders.
    const back = await pageWith({}, '/en/laptops?price_min=1234')
    expect([back.status, back.cache]).toEqual([200, 'miss'])
    expect(back.html).toContain('Add to Cart')
  })

  it('with the search service not answering, the results page says so in its language, and is not kept at the edge', async () => {
    // Hosted search configured, and Algolia out of reach (no network here): every host the client tries fails.
    const algoliaDown = { ALGOLIA_APP_ID: 'MATJARTEST', ALGOLIA_SEARCH_KEY: 'search-only-key' } as Partial<Env>
    for (const [path, said] of [
      ['/en/search?q=phone', 'Search is not answering right now'],
      ['/search?q=phone', 'البحث لا يستجيب الآن'],
    ] as const) {
      const page = await pageWith(algoliaDown, path)
      expect(page.status, path).toBe(200)
      expect(page.html).toContain(said)
    }
    // Back up: the same search renders again and finds products; the page that said it failed was not kept.
    const back = await pageWith({}, '/en/search?q=phone')
    expect(back.cache).toBe('miss')
    expect(back.html).not.toContain('Search is not answering right now')
    expect(back.html).toContain('Add to Cart')
  })

  it('with KV down, pages render from D1', async () => {
    // The listing's index is built from D1 when KV cannot say whether the one held is current (a 500 before).
    const page = await pageWith({ CACHE: failingKv }, '/en/kitchen?price_min=77')
    expect(page.status).toBe(200)
    expect(page.html).toContain('<h1')
    expect(page.html).toContain('Add to Cart')
  })
})

/**
 * A cart namespace whose objects are reset (a deploy, a move), as workerd reports it: `before`, every call fails before
 * it reaches the object; `after`, each add lands and then its answer is lost, `times` times.
 */
function resettingCarts(real: Env['CART'], when: 'before' | 'after', times = Number.POSITIVE_INFINITY): Env['CART'] {
  let left = times
  const reset = () => Object.assign(new Error('Durable Object reset because its code was updated.'), { retryable: true })
  return Object.assign(Object.create(real), {
    idFromName: real.idFromName.bind(real),
    idFromString: real.idFromString.bind(real),
    get(id: DurableObjectId) {
      const stub = real.get(id) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
      return new Proxy(stub, {
        get(target, name) {
          const member = target[name as string]
          if (when === 'before') return typeof member !== 'function' || name === 'fetch' ? member : () => Promise.reject(reset())
          if (name !== 'addLine') return member
          return async (...args: unknown[]) => {
            const answer = await target.addLine!(...args)
            if (left-- > 0) throw reset()
            return answer
          }
        },
      })
    },
  })
}

describe('a cart object reset in the middle of a change', () => {
  it('refuses the add in the shopper’s language and keeps the cart as it was; the next add lands once', async () => {
    const caller = await newGuestCart('ar')
    const sku = await sellableSku('p.big_items = 0 AND p.entity_id > 1150', 20)
    const add = { sku, qty: 1, extension_attributes: { region: '1101' } }
    const refused = await callWith({ CART: resettingCarts(env.CART, 'before') }, caller, 'POST', '/cart/add', add)
    expect(refused.status).toBe(503)
    expect(refused.body.message).toBe('المتجر مشغول حاليًا، يرجى المحاولة بعد قليل')
    expect((await call(caller, 'POST', '/cart/add', add)).status).toBe(200)
    expect((await call(caller, 'GET', '/cart')).body.cart.cartItems).toEqual([expect.objectContaining({ sku, qty: 1 })])
  })
})

describe('a cart object reset after its change landed, before it answered', () => {
  it('the Worker tries again with the same request key: the shopper gets the cart with the line once', async () => {
    const caller = await newGuestCart('en')
    const sku = await sellableSku('p.big_items = 0 AND p.entity_id > 1160', 20)
    const add = { sku, qty: 1, extension_attributes: { region: '1101' } }
    const answer = await callWith({ CART: resettingCarts(env.CART, 'after', 1) }, caller, 'POST', '/cart/add', add)
    expect(answer.status).toBe(200)
    expect((await call(caller, 'GET', '/cart')).body.cart.cartItems).toEqual([expect.objectContaining({ sku, qty: 1 })])
  })

  it('a client that tries again with its Idempotency-Key after a 503 adds once', async () => {
    const caller = await newGuestCart('ar')
    const sku = await sellableSku('p.big_items = 0 AND p.entity_id > 1170', 20)
    const add = { sku, qty: 1, extension_attributes: { region: '1101' } }
    const key = { 'idempotency-key': 'tap-5b1f0c2e-9d41-4a7e' }
    // Every answer lost: the Worker's own retry too, so the shopper's browser is told to try again.
    const lost = await callWith({ CART: resettingCarts(env.CART, 'after', 2) }, caller, 'POST', '/cart/add', add, key)
    expect(lost.status).toBe(503)
    const again = await callWith({}, caller, 'POST', '/cart/add', add, key)
    expect(again.status).toBe(200)
    expect((await call(caller, 'GET', '/cart')).body.cart.cartItems).toEqual([expect.objectContaining({ sku, qty: 1 })])
    // A new tap is a new key, and adds.
    expect((await callWith({}, caller, 'POST', '/cart/add', add, { 'idempotency-key': 'tap-another-one-1234' })).status).toBe(200)
    expect((await call(caller, 'GET', '/cart')).body.cart.cartItems).toEqual([expect.objectContaining({ sku, qty: 2 })])
  })

  it('refuses a malformed Idempotency-Key with a 400 and adds nothing', async () => {
    const caller = await newGuestCart('en')
    const sku = await sellableSku('p.big_items = 0 AND p.entity_id > 1180', 20)
    const add = { sku, qty: 1, extension_attributes: { region: '1101' } }
    const refused = await callWith({}, caller, 'POST', '/cart/add', add, { 'idempotency-key': 'x'.repeat(300) })
    expect(refused.status).toBe(400)
    expect((await call(caller, 'GET', '/cart')).body.cart.cartItems).toEqual([])
  })
})
