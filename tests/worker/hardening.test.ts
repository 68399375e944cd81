// Money rules tried as someone after something for nothing would try them (docs/product.md, "Rules" and
// "Limits"). Each test failed on the code before its fix.
import { createScheduledController, env, runInDurableObject, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { expireUnpaidOrders } from '~/commerce/orders'
import { limiterFor } from '~/durable-objects/limiter'
import { hashPassword } from '~/commerce/passwords'
import { readSecret } from '~/platform/secrets'
import { accountStore } from '~/storage/account-store'
import worker from '../../src/worker-entry'
import { browser, call, handshake, newGuestCart, newIp, orderBody, origin, sellableSku, stockOf } from './commerce-helpers'

async function addSku(cart: Awaited<ReturnType<typeof newGuestCart>>, sku: string, region = '1101', qty = 1) {
  return call(cart, 'POST', '/cart/add', { sku, qty, extension_attributes: { region } })
}

describe('per-address limits through the storefront', () => {
  it("count the shopper's own address: a busy address does not lock out everyone else", async () => {
    const store = accountStore(env.DB)
    for (const [n, email] of [
      [1, 'busy@example.com'],
      [2, 'quiet@example.com'],
    ] as const) {
      await store.addPhoneVerification(`ip-test-${n}`, `96650000020${n}`, new Date(Date.now() + 3600_000))
      await store.createCustomer(
        { email, firstname: 'Test', lastname: 'User', mobile: `96650000020${n}`, passwordHash: 'x', verificationHash: `ip-test-${n}` },
        new Date(),
      )
    }
    const ask = (email: string, ip: string) =>
      SELF.fetch(`${origin}/api/forget/new-send-email-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
        body: JSON.stringify({ email, recaptchaToken: 'test-pass' }),
      })
    // 20 sends an hour per address: this address spends them all.
    for (let i = 0; i < 20; i++) await ask('busy@example.com', '203.0.113.7')
    expect((await ask('busy@example.com', '203.0.113.7')).status).toBe(429)
    // Another shopper, elsewhere: untouched (the storefront used to count everyone as "unknown").
    expect((await ask('quiet@example.com', '203.0.113.8')).status).toBe(200)
  })
})

describe('a refused add changes nothing', () => {
  it('keeps the cart in its region when the add is refused there', async () => {
    const bigItem = await sellableSku('p.big_items = 1')
    const cart = await newGuestCart()
    expect((await addSku(cart, bigItem)).status).toBe(200)
    // Big items deliver only to 1101: adding one for Jeddah is refused, and the cart stays in Riyadh.
    const refused = await addSku(cart, bigItem, '1102')
    expect(refused.body.code).toBe('big_item_region')
    expect((await call(cart, 'GET', '/cart')).body.cart.region_id).toBe(1101)
  })

  it("refuses a region that is not one of the store's cities", async () => {
    const cart = await newGuestCart()
    expect((await addSku(cart, await sellableSku(), '9999')).status).toBe(400)
    expect((await call(cart, 'GET', '/cart')).body.cart.region_id).toBe(1101)
  })

  it("checks stock again in the order's region when the order is placed", async () => {
    const sku = await sellableSku('p.big_items = 0', 10)
    const cart = await newGuestCart()
    expect((await addSku(cart, sku, '1101', 2)).status).toBe(200)
    // The product stops being stocked in the region between the add and the order: no stock row is left
    // for the order's UPDATE to take from (it used to change no row and let the order through).
    await env.DB.prepare('DELETE FROM stock WHERE region_id = 1101 AND product_id = (SELECT entity_id FROM products WHERE sku = ?)').bind(sku).run()
    const placed = await call(cart, 'POST', '/cart/placeOrder', await orderBody(cart, 'cashondelivery', 'buyer@example.com'))
    expect(placed.status).toBe(400)
    expect(placed.body.code).toBe('out_of_stock')
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE quote_id = ?').bind(cart.quote).first('n')).toBe(0)
  })

  it('names the line whose stock fell below its quantity, checked by the order batch itself, and changes nothing', async () => {
    const sku = await sellableSku('p.big_items = 0', 10)
    const cart = await newGuestCart()
    expect((await addSku(cart, sku, '1101', 3)).status).toBe(200)
    const stock = 'SELECT qty FROM stock WHERE region_id = 1101 AND product_id = (SELECT entity_id FROM products WHERE sku = ?)'
    await env.DB.prepare(`UPDATE stock SET qty = 2 WHERE region_id = 1101 AND product_id = (SELECT entity_id FROM products WHERE sku = ?)`)
      .bind(sku)
      .run()
    const placed = await call(cart, 'POST', '/cart/placeOrder', await orderBody(cart, 'cashondelivery', 'buyer@example.com'))
    expect(placed.status).toBe(409)
    expect(placed.body).toMatchObject({ code: 'qty_unavailable' })
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE quote_id = ?').bind(cart.quote).first('n')).toBe(0)
    expect(await env.DB.prepare(stock).bind(sku).first('qty')).toBe(2)
  })
})

describe('single-use money', () => {
  it('an ERP voucher pays for one order: the second fails with a clear message and stores nothing', async () => {
    const sku = await sellableSku('p.price > 300 AND p.big_items = 0', 10)
    const carts = [await newGuestCart('en'), await newGuestCart('en')]
    for (const cart of carts) {
      expect((await addSku(cart, sku)).status).toBe(200)
      expect((await call(cart, 'POST', '/cart/erp/apply', { phoneno: '0501234567', voucher: 'ERP-100-7788' })).status).toBe(200)
    }
    const stockBefore = await stockOf(sku)
    const first = await call(carts[0]!, 'POST', '/cart/placeOrder', await orderBody(carts[0]!, 'cashondelivery', 'a@example.com'))
    expect(first.status).toBe(200)
    const second = await call(carts[1]!, 'POST', '/cart/placeOrder', await orderBody(carts[1]!, 'cashondelivery', 'b@example.com'))
    expect(second.body.message).toBe('This voucher has already been used')
    expect(second.status).toBe(409)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE quote_id = ?').bind(carts[1]!.quote).first('n')).toBe(0)
    expect(await stockOf(sku)).toBe(stockBefore - 1)
  })

  it('a coupon with a usage limit is spent with the order, at most that many times', async () => {
    const sku = await sellableSku('p.price > 600 AND p.big_items = 0', 10)
    const carts = [await newGuestCart('ar'), await newGuestCart('ar')]
    for (const cart of carts) {
      expect((await addSku(cart, sku)).status).toBe(200)
      expect((await call(cart, 'PUT', '/cart/applyCoupon', { couponCode: 'FIRST100' })).status).toBe(200)
    }
    expect((await call(carts[0]!, 'POST', '/cart/placeOrder', await orderBody(carts[0]!, 'cashondelivery', 'a@example.com'))).status).toBe(200)
    const second = await call(carts[1]!, 'POST', '/cart/placeOrder', await orderBody(carts[1]!, 'cashondelivery', 'b@example.com'))
    expect(second.status).toBe(409)
    expect(second.body.message).toContain('FIRST100')
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE quote_id = ?').bind(carts[1]!.quote).first('n')).toBe(0)
  })
})

describe('the AC replacement discount', () => {
  async function replacement(productWhere: string) {
    const sku = await sellableSku(productWhere)
    const cart = await newGuestCart()
    const added = await addSku(cart, sku)
    return call(cart, 'POST', '/customer/acReplacementDiscount', { itemId: added.body.item_id, quoteId: cart.quote, action: 'add', isMask: 1 })
  }

  it('is refused on anything but an air conditioner', async () => {
    const tv = await replacement("p.main_category_id IN (SELECT id FROM categories WHERE url_key = 'smart-tvs')")
    expect(tv.status).toBe(400)
    expect(tv.body.code).toBe('replacement_not_eligible')
  })

  it('applies to an air conditioner', async () => {
    const ac = await replacement("p.main_category_id IN (SELECT id FROM categories WHERE url_key = 'air-conditioners')")
    expect(ac.status).toBe(200)
    expect(ac.body.cart.totals.replacement_discount).toBeGreaterThan(0)
  })
})

describe('the password back-off', () => {
  it('is keyed on the account: no spelling of the same mobile escapes the lock', async () => {
    const store = accountStore(env.DB)
    await store.addPhoneVerification('backoff-1', '966561234987', new Date(Date.now() + 3600_000))
    const passwordHash = await hashPassword('Secret123', await readSecret(env, 'PASSWORD_PEPPER'))
    await store.createCustomer(
      { email: 'backoff@example.com', firstname: 'Reem', lastname: 'Omar', mobile: '966561234987', passwordHash, verificationHash: 'backoff-1' },
      new Date(),
    )
    const caller = { token: await handshake(), ip: newIp() }
    const login = (username: string, password: string) => call(caller, 'POST', '/customer/login', { username, password, recaptchaToken: 'ok' })
    for (let i = 0; i < 7; i++) await login('0561234987', 'Wrong1234')
    expect((await login('0561234987', 'Secret123')).status).toBe(429)
    // The same account spelt otherwise is locked too; a string that is no mobile finds no account.
    expect((await login('+966561234987', 'Secret123')).status).toBe(429)
    expect((await login('٠٥٦١٢٣٤٩٨٧', 'Secret123')).status).toBe(429)
    expect((await login('x0561234987', 'Secret123')).status).toBe(401)
    expect((await login('561234987', 'Secret123')).status).toBe(401)
  })
})

describe('state changes from another site', () => {
  it('refuses a cross-site GET that would empty or create a cart, and any cross-site write', async () => {
    for (const path of ['/api/cart/clearCart', '/api/cart/create']) {
      const crossSite = await SELF.fetch(`${origin}${path}`, { headers: { 'sec-fetch-site': 'cross-site' } })
      expect(crossSite.status).toBe(403)
      expect(((await crossSite.json()) as any).error.code).toBe('cross_site')
      expect(crossSite.headers.getSetCookie()).toEqual([])
    }
    const post = await SELF.fetch(`${origin}/api/newsletter`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-site', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.com' }),
    })
    expect(post.status).toBe(403)
  })

  it("lets the store's own pages and direct calls through", async () => {
    expect((await SELF.fetch(`${origin}/api/cart/create`, { headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200)
    expect((await SELF.fetch(`${origin}/api/cart/create`)).status).toBe(200)
    // Reads stay open to links from anywhere.
    expect((await SELF.fetch(`${origin}/api/getRegions?lang=ar`, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(200)
  })
})

describe("state-changing GETs answer only the store's own scripts (issue 43)", () => {
  const scriptsOnly = {
    en: "This action runs only from the store's own buttons, not from a link, a picture or a frame.",
    ar: 'يعمل هذا الإجراء من أزرار المتجر فقط، لا من رابط أو صورة أو إطار.',
  }

  /** A shopper with a one-line cart, as a page of the store leaves it. */
  async function shopperWithCart() {
    const shopper = browser()
    await shopper.fetch('/api/cart/create?lang=en&region=1101')
    await SELF.fetch(`${origin}/commerce/cart/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shopper.cookies.get('mhs_en')}`, quote: shopper.cookies.get('quote')!, 'content-type': 'application/json' },
      body: JSON.stringify({ sku: await sellableSku('1 = 1', 10), qty: 1, extension_attributes: { region: '1101' } }),
    })
    const lines = async () => (((await (await shopper.fetch('/api/cart/getCart?lang=en')).json()) as any).cart?.cartItems ?? []).length
    expect(await lines()).toBe(1)
    return { shopper, lines }
  }

  it("refuses a picture, script, frame or page asking to empty or create a cart, in the shopper's language, and changes nothing", async () => {
    const { shopper, lines } = await shopperWithCart()
    const quote = shopper.cookies.get('quote')
    // What an <img src="/api/cart/clearCart"> on a product page sends: the store's own origin, so the same-site check passes.
    for (const dest of ['image', 'script', 'iframe', 'document', 'style', 'video']) {
      for (const path of ['/api/cart/clearCart?lang=en', '/api/cart/clear%43art?lang=en', '/api/cart/create?lang=en&region=1102']) {
        const refused = await shopper.fetch(path, { headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': dest } })
        expect([dest, path, refused.status]).toEqual([dest, path, 403])
        expect(((await refused.json()) as any).error).toMatchObject({ code: 'scripts_only', message: scriptsOnly.en })
        expect(refused.headers.getSetCookie()).toEqual([])
      }
    }
    expect(shopper.cookies.get('quote')).toBe(quote)
    expect(await lines()).toBe(1)
    const arabic = await shopper.fetch('/api/cart/clearCart?lang=ar', { headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'image' } })
    expect(((await arabic.json()) as any).error.message).toBe(scriptsOnly.ar)
    expect(await lines()).toBe(1)
  })

  it('lets a fetch() of the store (Sec-Fetch-Dest: empty) and a caller that is not a browser through', async () => {
    const { shopper, lines } = await shopperWithCart()
    const cleared = await shopper.fetch('/api/cart/clearCart?lang=en', { headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty' } })
    expect(cleared.status).toBe(200)
    expect(await lines()).toBe(0)
    const created = await shopper.fetch('/api/cart/create?lang=en', { headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty' } })
    expect(created.status).toBe(200)
    // Without the header (another client of the spec's calls, an older browser) the same-site rule alone applies.
    expect((await shopper.fetch('/api/cart/clearCart?lang=en')).status).toBe(200)
    // Reads are not state changes: a page may still be opened on /api/getRegions.
    expect((await SELF.fetch(`${origin}/api/getRegions?lang=ar`, { headers: { 'sec-fetch-dest': 'document' } })).status).toBe(200)
  })
})

describe('development-only routes', () => {
  it('do not answer on a public host, even with the development flag', async () => {
    const token = await handshake()
    const outbox = await SELF.fetch(`${origin}/commerce/dev/outbox?recipient=966500000000`, { headers: { authorization: `Bearer ${token}` } })
    expect(outbox.status).toBe(404)
    const local = await SELF.fetch('http://localhost/commerce/dev/outbox?recipient=966500000000', { headers: { authorization: `Bearer ${token}` } })
    expect(local.status).toBe(200)
  })
})

describe('code login by email', () => {
  it("answers a known and an unknown email alike, never showing the account's phone", async () => {
    const store = accountStore(env.DB)
    await store.addPhoneVerification('enum-1', '966561230001', new Date(Date.now() + 3600_000))
    await store.createCustomer(
      { email: 'known@example.com', firstname: 'Hind', lastname: 'Saleh', mobile: '966561230001', passwordHash: 'x', verificationHash: 'enum-1' },
      new Date(),
    )
    const send = async (email: string) =>
      (
        await call({ token: await handshake('en'), ip: newIp() }, 'POST', '/customer/v2/otpSend', {
          mobilenumber: '',
          otptype: 'login',
          email,
          resendotp: 0,
          oldmobile: '',
        })
      ).body
    const known = await send('known@example.com')
    const unknown = await send('unknown@example.com')
    expect(known.successmsg).toBe('We sent a verification code to known@example.com')
    expect(unknown.successmsg).toBe('We sent a verification code to unknown@example.com')
    expect(Object.keys(known).sort()).toEqual(Object.keys(unknown).sort())
  })
})

describe('gift voucher PINs', () => {
  it('lock a voucher after a few wrong PINs, even for the right PIN, and say so', async () => {
    const cart = await newGuestCart('en')
    await addSku(cart, await sellableSku('p.price > 300 AND p.big_items = 0', 10))
    const redeem = (pin: string) =>
      call(cart, 'POST', '/gota-gift/redeem-voucher', { voucher: 'GIFT-3HWD-6TNB', pin, quoteId: cart.quote, amount: 50, isMask: 1 })
    for (const pin of ['0000', '1111', '2222', '3333']) expect((await redeem(pin)).status).toBe(400)
    const locked = await redeem('1379')
    expect(locked.status).toBe(429)
    expect(locked.body.message).toMatch(/^This voucher is locked after too many wrong PINs/)
  })
})

describe('malformed URLs', () => {
  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' }
  it('answer the nearest valid page, the store icon or a 404, never a 500', async () => {
    const expected: [string, number][] = [
      ['/favicon.ico', 200],
      ['/product/x.png', 404],
      ['/no-such.php', 404],
      ['/en/laptops?page=abc', 200],
      ['/en/laptops?page=1.5', 200],
      ['/en/laptops?page=-1', 200],
      ['/en/laptops?page=99999', 200],
      ['/en/laptops?sort=xyz', 200],
      ['/en/laptops?sort=__proto__', 200],
      ['/en/search?q=tv&page=2000', 200],
    ]
    for (const [path, status] of expected) {
      const response = await SELF.fetch(`${origin}${path}`, { headers: browser })
      expect([path, response.status]).toEqual([path, status])
      await response.arrayBuffer()
    }
  })
})

describe('unpaid orders', () => {
  const minutes = (n: number) => n * 60_000

  /** A card order (awaiting payment) that spends a gift voucher, an ERP voucher and a single-use coupon. */
  async function unpaidOrderSpendingEverything() {
    const suffix = crypto.randomUUID().slice(0, 8).toUpperCase()
    const [coupon, gift, erp] = [`ONCE${suffix}`, `GIFT-${suffix.slice(0, 4)}-${suffix.slice(4)}`, `ERP-${suffix}`]
    await env.DB.batch([
      env.DB.prepare("INSERT INTO coupons (code, kind, amount, min_subtotal, max_uses) VALUES (?, 'fixed', 20, 0, 1)").bind(coupon),
      env.DB.prepare("INSERT INTO gift_vouchers (voucher, pin, balance) VALUES (?, '2468', 50)").bind(gift),
      env.DB.prepare("INSERT INTO erp_vouchers (voucher, phone, amount) VALUES (?, '966501234567', 30)").bind(erp),
    ])
    const sku = await sellableSku('p.price > 400 AND p.price < 4000 AND p.big_items = 0 AND p.eligible_for_tamara = 1', 10)
    const cart = { ...(await newGuestCart()), ip: newIp() }
    expect((await addSku(cart, sku, '1101', 2)).status).toBe(200)
    expect((await call(cart, 'PUT', '/cart/applyCoupon', { couponCode: coupon })).status).toBe(200)
    expect(
      (await call(cart, 'POST', '/gota-gift/redeem-voucher', { voucher: gift, pin: '2468', quoteId: cart.quote, amount: 50, isMask: 1 })).status,
    ).toBe(200)
    expect((await call(cart, 'POST', '/cart/erp/apply', { phoneno: '0501234567', voucher: erp })).status).toBe(200)
    // Paid on the embedded Tamara (the card's gateway has its own expiry test in tests/worker/card-payments.test.ts).
    const placed = await call(cart, 'POST', '/cart/placeOrder', await orderBody(cart, 'tamara', 'late@example.com'))
    expect(placed.body.status).toBe('pending_payment')
    return {
      cart,
      sku,
      coupon,
      gift,
      erp,
      order: placed.body as { order_id: number; increment_id: string; payment_url: string },
      placedAt: Date.now(),
    }
  }

  const statusOf = (id: number) => env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(id).first<string>('status')
  const balanceOf = (voucher: string) => env.DB.prepare('SELECT balance FROM gift_vouchers WHERE voucher = ?').bind(voucher).first<number>('balance')

  it('hold their stock and vouchers until the expiry, then give everything back, once', async () => {
    const { sku, coupon, gift, erp, order, placedAt } = await unpaidOrderSpendingEverything()
    const stockHeld = await stockOf(sku)
    expect(stockHeld).toBe(8)
    expect(await balanceOf(gift)).toBe(0)

    // Still within its time: nothing moves.
    await expireUnpaidOrders(env, new Date(placedAt + minutes(29)))
    expect(await statusOf(order.order_id)).toBe('pending_payment')

    // Past it: cancelled, the units back in the region, the voucher's balance back, the ERP voucher and the coupon free again.
    expect(await expireUnpaidOrders(env, new Date(placedAt + minutes(31)))).toBeGreaterThanOrEqual(1)
    expect(await statusOf(order.order_id)).toBe('canceled')
    expect(await stockOf(sku)).toBe(10)
    expect(await balanceOf(gift)).toBe(50)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM coupon_uses WHERE code = ?').bind(coupon).first('n')).toBe(0)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM erp_voucher_spends WHERE voucher = ?').bind(erp).first('n')).toBe(0)

    // A second run gives nothing back twice.
    await expireUnpaidOrders(env, new Date(placedAt + minutes(40)))
    expect(await stockOf(sku)).toBe(10)
    expect(await balanceOf(gift)).toBe(50)
  })

  it('are expired by the scheduled handler wrangler.toml runs', async () => {
    const { order, placedAt } = await unpaidOrderSpendingEverything()
    const controller = createScheduledController({ scheduledTime: new Date(placedAt + minutes(31)), cron: '*/5 * * * *' })
    await worker.scheduled(controller, env)
    expect(await statusOf(order.order_id)).toBe('canceled')
  })

  it('are not paid when the payment comes back after the expiry', async () => {
    const { order, placedAt } = await unpaidOrderSpendingEverything()
    await expireUnpaidOrders(env, new Date(placedAt + minutes(31)))
    // Approved on the embedded Tamara's page (on this machine), then back through the store's return.
    const link = new URL(order.payment_url)
    const late = await SELF.fetch(`http://localhost${link.pathname}${link.search}`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'approve' }),
      redirect: 'manual',
    })
    expect(late.status).toBe(303)
    const back = await SELF.fetch(late.headers.get('location')!, { redirect: 'manual' })
    expect(back.headers.get('location')).toBe(`/en/?success=false&reason=expired&order_id=${order.increment_id}`)
    expect(await statusOf(order.order_id)).toBe('canceled')
  })
})

describe('placing orders', () => {
  it("is limited per cart and per address, with a message in the shopper's language", async () => {
    const ip = newIp()
    // An empty cart is refused each time, but each attempt counts: a script cannot try without limit.
    const cart = { ...(await newGuestCart('ar')), ip }
    const body = await orderBody(cart, 'card', 'x@example.com')
    const attempt = () => call(cart, 'POST', '/cart/placeOrder', body)
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(400)
    const limited = await attempt()
    expect(limited.status).toBe(429)
    expect(limited.body.message).toContain('محاولات كثيرة')

    // Per address: new carts from the same address run out too, while another address is untouched.
    let status = 0
    for (let i = 0; i < 25 && status !== 429; i++) {
      const another = { ...(await newGuestCart('en')), ip }
      status = (await call(another, 'POST', '/cart/placeOrder', await orderBody(another, 'card', 'x@example.com'))).status
    }
    expect(status).toBe(429)
    const elsewhere = { ...(await newGuestCart('en')), ip: newIp() }
    expect((await call(elsewhere, 'POST', '/cart/placeOrder', await orderBody(elsewhere, 'card', 'x@example.com'))).status).toBe(400)
  })
})

describe('writes anyone can make without signing in', () => {
  const post = (path: string, body: unknown, ip: string, headers: Record<string, string> = {}) =>
    SELF.fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const searchEvent = { eventType: 'click', eventName: 'Product Clicked', index: 'products_en', userToken: 'anon-1', objectIDs: ['1'] }

  it('refuse a large body before reading it, on every app', async () => {
    const large = JSON.stringify({ events: [searchEvent], padding: 'x'.repeat(5 * 1024 * 1024) })
    for (const path of ['/1/events', '/1/indexes/*/queries', '/api/newsletter', '/commerce/handshake']) {
      expect((await post(path, large, newIp())).status, path).toBe(413)
    }
  })

  it('store at most 50 search events a request, and a few hundred requests an hour per address', async () => {
    const before = await env.DB.prepare('SELECT count(*) AS n FROM search_events').first<number>('n')
    expect((await post('/1/events', { events: Array.from({ length: 51 }, () => searchEvent) }, newIp())).status).toBe(400)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM search_events').first<number>('n')).toBe(before)
    // An address that has already sent this hour's 600 requests (set in its counter, not sent one by one).
    const ip = newIp()
    expect((await post('/1/events', { events: [searchEvent] }, ip)).status).toBe(200)
    await runInDurableObject(limiterFor(env, `events-ip:${ip}`), (_, state) => state.storage.kv.put('window', { start: Date.now(), count: 600 }))
    expect((await post('/1/events', { events: [searchEvent] }, ip)).status).toBe(429)
    expect((await post('/1/events', { events: [searchEvent] }, newIp())).status).toBe(200)
  })

  it('record personalisation events under the signed-in shopper only, never a userId the page claims', async () => {
    const sessionId = `s-${crypto.randomUUID()}`
    const sent = await post('/api/aws/event', { eventList: [{ eventType: 'view_item', itemId: 'X1' }], sessionId, userId: 1 }, newIp())
    expect(sent.status).toBe(200)
    const row = await env.DB.prepare('SELECT user_id FROM personalisation_events WHERE session_id = ?')
      .bind(sessionId)
      .first<{ user_id: number | null }>()
    expect(row).toEqual({ user_id: null })
    expect((await post('/api/aws/event', { eventList: Array.from({ length: 51 }, () => ({ eventType: 'view_item' })) }, newIp())).status).toBe(400)
  })

  it("take well-formed newsletter addresses only, a few an hour per address, in the shopper's language", async () => {
    const ip = newIp()
    expect((await post('/api/newsletter?lang=en', { email: '<script>alert(1)</script>' }, ip)).status).toBe(400)
    expect((await post('/api/newsletter?lang=en', { email: 'x'.repeat(250) + '@example.com' }, ip)).status).toBe(400)
    for (let i = 0; i < 10; i++) expect((await post('/api/newsletter', { email: `reader${i}@example.com` }, ip)).status).toBe(200)
    const limited = await post('/api/newsletter', { email: 'one-more@example.com' }, ip)
    expect(limited.status).toBe(429)
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe('محاولات كثيرة في وقت قصير. حاول مرة أخرى بعد قليل.')
    expect(await env.DB.prepare('SELECT count(*) AS n FROM newsletter_subscribers WHERE email = ?').bind('one-more@example.com').first('n')).toBe(0)
  })
})

describe('an order confirmation', () => {
  it("is answered only to its buyer: a made-up number and another shopper's order are both not found", async () => {
    const sku = await sellableSku('p.big_items = 0 AND p.price < 500', 10)
    const buyer = await newGuestCart('en')
    expect((await addSku(buyer, sku)).status).toBe(200)
    const placed = await call(buyer, 'POST', '/cart/placeOrder', await orderBody(buyer, 'cashondelivery', 'mine@example.com'))
    expect(placed.status).toBe(200)
    const mine = await call(buyer, 'GET', `/cart/order/${placed.body.increment_id}`)
    expect(mine.status).toBe(200)
    expect(mine.body).toMatchObject({ increment_id: placed.body.increment_id, status: 'processing' })

    const stranger = await newGuestCart('en')
    const theirs = await call(stranger, 'GET', `/cart/order/${placed.body.increment_id}`)
    const madeUp = await call(buyer, 'GET', '/cart/order/MJ12345678')
    expect([theirs.status, madeUp.status]).toEqual([404, 404])
    expect(theirs.body.message).toBe(madeUp.body.message)
  })
})
