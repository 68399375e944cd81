// The Direct API's handshake, carts and orders over HTTP in workerd, against seeded D1 and real
// Cart Durable Objects: the happy path, each rule, bad input, and the concurrency bars.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { call, handshake, newGuestCart, orderBody, origin, sellableSku, stockOf } from './commerce-helpers'

describe('handshake', () => {
  it('gives a three-part bearer token for a store', async () => {
    const token = await handshake('ar')
    expect(token.split('.')).toHaveLength(3)
  })

  it.each([{ store: 'fr' }, {}, { store: 1 }])('rejects %j', async (body) => {
    const response = await SELF.fetch(`${origin}/commerce/handshake`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(response.status).toBe(400)
  })

  it('is required by every other call, and a forged or malformed one is refused', async () => {
    const token = await handshake()
    const forged = `${token.slice(0, -4)}AAAA`
    for (const bad of ['', 'not-a-jwt', forged, 'a.b.c']) {
      const { status, body } = await call({ token: bad }, 'GET', '/cart/create')
      expect(status).toBe(401)
      expect(body.message).toBe("The consumer isn't authorized to access %resources.")
    }
  })
})

describe('guest cart', () => {
  it('is masked (isMask 1) with an unguessable id', async () => {
    const token = await handshake()
    const a = await call({ token }, 'GET', '/cart/create')
    const b = await call({ token }, 'GET', '/cart/create')
    expect(a.body.isMask).toBe(1)
    expect(a.body.quoteId).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(a.body.quoteId).not.toBe(b.body.quoteId)
  })

  it('adds, updates, deletes and clears, bumping the version every time', async () => {
    const caller = await newGuestCart()
    const sku = await sellableSku()
    const added = await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })
    expect(added.status).toBe(200)
    expect(added.body.quoteId).toBe(caller.quote)
    const item = added.body.cart.cartItems[0]
    expect(item).toMatchObject({ sku, qty: 1, item_id: added.body.item_id })
    const v1 = added.body.cart.version

    const again = await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: 1101 } })
    expect(again.body.cart.cartItems).toHaveLength(1)
    expect(again.body.cart.cartItems[0].qty).toBe(2)
    expect(again.body.cart.version).toBe(v1 + 1)

    const updated = await call(caller, 'PUT', '/cart/updateItem', { itemId: item.item_id, qty: 1 })
    expect(updated.body.cart.cartItems[0].qty).toBe(1)
    expect(updated.body.cart.totals.grand_total).toBeGreaterThan(0)

    const read = await call(caller, 'GET', '/cart')
    expect(read.body.cart.version).toBe(updated.body.cart.version)

    const removed = await call(caller, 'DELETE', `/cart/item/${item.item_id}`)
    expect(removed.body.cart.cartItems).toHaveLength(0)

    await call(caller, 'POST', '/cart/add', { sku, qty: 3, extension_attributes: { region: '1101' } })
    const cleared = await call(caller, 'DELETE', '/cart/clear')
    expect(cleared.body).toMatchObject({ status: true, msg: 'cart cleared successfully' })
    expect(cleared.body.cart.cartItems).toHaveLength(0)
  })

  it('totals the VAT included and free delivery above 299 SAR', async () => {
    const caller = await newGuestCart()
    const cheap = await sellableSku('p.price < 200 AND p.special_price IS NULL')
    const { body } = await call(caller, 'POST', '/cart/add', { sku: cheap, qty: 1, extension_attributes: { region: '1101' } })
    const t = body.cart.totals
    expect(t.delivery).toBe(29)
    expect(t.grand_total).toBeCloseTo(t.subtotal + 29, 2)
    expect(t.vat).toBeCloseTo(t.grand_total - t.grand_total / 1.15, 2)
    const dear = await sellableSku('p.price > 1000')
    const more = await call(caller, 'POST', '/cart/add', { sku: dear, qty: 1, extension_attributes: { region: '1101' } })
    expect(more.body.cart.totals.delivery).toBe(0)
  })

  it('answers in the language of the handshake', async () => {
    const caller = await newGuestCart('ar')
    const { body } = await call(caller, 'POST', '/cart/add', { sku: 'NOPE-1', qty: 1, extension_attributes: { region: '1101' } })
    expect(body.message).toBe('المنتج غير موجود')
  })
})

describe('what may go in a cart', () => {
  it('refuses a product out of stock in the region with the spec message', async () => {
    const caller = await newGuestCart()
    const sku = await sellableSku('p.big_items = 0')
    await env.DB.prepare('UPDATE stock SET qty = 0 WHERE region_id = 1102 AND product_id = (SELECT entity_id FROM products WHERE sku = ?)')
      .bind(sku)
      .run()
    const { status, body } = await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1102' } })
    expect(status).toBe(400)
    expect(body.message).toBe('Product that you are trying to add is out of stock')
  })

  it('delivers big items only in Riyadh (1101)', async () => {
    const caller = await newGuestCart('en', '1102')
    const sku = await sellableSku('p.big_items = 1')
    const { status, body } = await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1102' } })
    expect(status).toBe(400)
    expect(body.code).toBe('big_item_region')
    const riyadh = await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })
    expect(riyadh.status).toBe(200)
  })

  it('refuses more than the region holds, not-for-sale items, and configurables without options', async () => {
    const caller = await newGuestCart()
    const scarce = await sellableSku('p.entity_id > 1100', 2)
    expect((await call(caller, 'POST', '/cart/add', { sku: scarce, qty: 3, extension_attributes: { region: '1101' } })).body.code).toBe(
      'qty_unavailable',
    )
    const nfs = await env.DB.prepare('SELECT sku FROM products WHERE not_for_sale = 1 LIMIT 1').first<{ sku: string }>()
    expect((await call(caller, 'POST', '/cart/add', { sku: nfs!.sku, qty: 1, extension_attributes: { region: '1101' } })).body.code).toBe(
      'not_for_sale',
    )
    const conf = await env.DB.prepare(
      "SELECT p.sku, p.configurables FROM products p JOIN stock s ON s.product_id = p.entity_id AND s.region_id = 1101 WHERE p.type_id = 'configurable' AND s.qty > 0 AND p.not_for_sale = 0 AND p.back_orders = 0 LIMIT 1",
    ).first<{ sku: string; configurables: string }>()
    const noOptions = await call(caller, 'POST', '/cart/add', { sku: conf!.sku, qty: 1, extension_attributes: { region: '1101' } })
    expect(noOptions.body.message).toBe('Please select product options and add it to cart again')
    const attributes = JSON.parse(conf!.configurables) as { attribute_code: string }[]
    const withOptions = await call(caller, 'POST', '/cart/add', {
      sku: conf!.sku,
      qty: 1,
      extension_attributes: { region: '1101' },
      product_option: {
        extension_attributes: { configurable_item_options: attributes.map((a) => ({ option_id: a.attribute_code, option_value: 1 })) },
      },
    })
    expect(withOptions.status).toBe(200)
    // The seeded configurables have variants: the line is the first one, named once (docs/decisions/0020-variants-are-products.md).
    expect(withOptions.body.cart.cartItems.at(-1).sku).toMatch(new RegExp(`^${conf!.sku}-\\d+$`))
    expect(withOptions.body.cart.cartItems.at(-1).options).toBeNull()
  })

  it("sells a configurable's choice as its variant: its own sku, price and stock, its options named once", async () => {
    const caller = await newGuestCart()
    const variant = await env.DB.prepare(
      `SELECT v.sku, v.name_en, v.price, v.variant_values, p.sku AS parent_sku FROM products v JOIN products p ON p.entity_id = v.parent_id
       JOIN stock s ON s.product_id = v.entity_id AND s.region_id = 1101
       WHERE s.qty > 1 AND v.special_price IS NULL AND v.back_orders = 0 AND v.not_for_sale = 0 AND v.variant_values != p.variant_values
       ORDER BY v.entity_id LIMIT 1`,
    ).first<{ sku: string; name_en: string; price: number; variant_values: string; parent_sku: string }>()
    const values = JSON.parse(variant!.variant_values) as Record<string, number>
    const before = await stockOf(variant!.sku, 1101)
    const added = await call(caller, 'POST', '/cart/add', {
      sku: variant!.parent_sku,
      qty: 1,
      extension_attributes: { region: '1101' },
      product_option: {
        extension_attributes: {
          configurable_item_options: Object.entries(values).map(([option_id, option_value]) => ({ option_id, option_value })),
        },
      },
    })
    expect(added.status).toBe(200)
    const line = added.body.cart.cartItems.at(-1)
    expect(line).toMatchObject({ sku: variant!.sku, name: variant!.name_en, options: null, price_incl_tax: variant!.price })
    // The colour is in the name once, and nothing is written after it.
    const colour = variant!.name_en.split(', ').at(-1)!
    expect(line.name.split(colour)).toHaveLength(2)
    // The variant's own stock limits the line.
    const tooMany = await call(caller, 'PUT', '/cart/updateItem', { itemId: line.item_id, qty: before + 1 })
    expect(tooMany.body.code).toBe('qty_unavailable')
  })

  it.each([
    ['a negative quantity', { qty: -1 }],
    ['a zero quantity', { qty: 0 }],
    ['a fractional quantity', { qty: 1.5 }],
    ['a huge quantity', { qty: 1e9 }],
    ['a string quantity', { qty: '1' }],
    ['an injection sku', { sku: "x'; DROP TABLE products; --" }],
    ['a bad region', { extension_attributes: { region: 'riyadh' } }],
  ])('rejects %s with a 400 and changes nothing', async (_, override) => {
    const caller = await newGuestCart()
    const sku = await sellableSku()
    const { status } = await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' }, ...override })
    expect(status).toBe(400)
    const cart = await call(caller, 'GET', '/cart')
    expect(cart.body.cart.cartItems).toHaveLength(0)
    expect(cart.body.cart.version).toBe(1)
  })

  it('rejects malformed JSON and bodies over 1 MB', async () => {
    const caller = await newGuestCart()
    expect((await call(caller, 'POST', '/cart/add', '{"sku": ')).status).toBe(400)
    expect((await call(caller, 'POST', '/cart/add', { sku: 'A', pad: 'x'.repeat(1024 * 1024 + 1) })).status).toBe(413)
  })
})

describe('who may open a cart', () => {
  it('another shopper cannot guess a quote: unknown and malformed ids are not found', async () => {
    const token = await handshake()
    expect((await call({ token, quote: 'A'.repeat(32) }, 'GET', '/cart')).status).toBe(404)
    expect((await call({ token, quote: '../../etc' }, 'GET', '/cart')).status).toBe(404)
    expect((await call({ token }, 'GET', '/cart')).status).toBe(400)
  })

  it('a digits-only (customer) quote needs its owner', async () => {
    const token = await handshake()
    const { status, body } = await call({ token, quote: '1234567890' }, 'GET', '/cart')
    expect(status).toBe(401)
    expect(body.message).toContain("The consumer isn't authorized to access")
    expect((await call({ token, quote: '1234567890', mage: 'x'.repeat(43) }, 'GET', '/cart')).status).toBe(401)
  })
})

describe('coupons', () => {
  it('applies a valid coupon, refuses unknown and expired ones and a short subtotal', async () => {
    const caller = await newGuestCart()
    await call(caller, 'POST', '/cart/add', {
      sku: await sellableSku('p.price BETWEEN 100 AND 250 AND p.special_price IS NULL'),
      qty: 1,
      extension_attributes: { region: '1101' },
    })
    expect((await call(caller, 'PUT', '/cart/applyCoupon', { couponCode: 'NOPE' })).body.message).toBe('The coupon code "NOPE" is not valid')
    expect((await call(caller, 'PUT', '/cart/applyCoupon', { couponCode: 'SUMMER25' })).status).toBe(400)
    expect((await call(caller, 'PUT', '/cart/applyCoupon', { couponCode: 'SAVE50' })).body.code).toBe('coupon_minimum')
    const applied = await call(caller, 'PUT', '/cart/applyCoupon', { couponCode: 'welcome10' })
    expect(applied.body.cart.coupon_code).toBe('WELCOME10')
    expect(applied.body.cart.totals.coupon_discount).toBeGreaterThan(0)
    const removed = await call(caller, 'DELETE', '/cart/deleteCoupon')
    expect(removed.body.cart.coupon_code).toBeNull()
  })
})

describe('placing an order', () => {
  it('takes the stock, closes the cart, and a repeat returns the same single order', async () => {
    const caller = await newGuestCart()
    const sku = await sellableSku('p.entity_id > 1200', 5)
    await call(caller, 'POST', '/cart/add', { sku, qty: 2, extension_attributes: { region: '1101' } })
    const methods = await call(caller, 'GET', '/cart/payment-methods')
    expect(methods.body.payments.find((p: any) => p.code === 'cashondelivery').is_available).toBe(true)
    const body = await orderBody(caller, 'cashondelivery', 'buyer@example.com')
    const first = await call(caller, 'POST', '/cart/placeOrder', body)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ status: 'processing', payment_method: 'cashondelivery', increment_id: expect.stringMatching(/^MJ\d+$/) })
    expect(await stockOf(sku)).toBe(3)
    const second = await call(caller, 'POST', '/cart/placeOrder', body)
    expect(second.body.order_id).toBe(first.body.order_id)
    expect(await stockOf(sku)).toBe(3)
    expect((await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })).status).toBe(409)
  })

  it('refuses an empty cart and an unavailable method', async () => {
    const caller = await newGuestCart()
    expect((await call(caller, 'POST', '/cart/placeOrder', await orderBody(caller, 'card', 'a@b.co'))).body.code).toBe('cart_empty')
    const preorder = await env.DB.prepare(
      "SELECT sku FROM products WHERE back_orders = 101 AND not_for_sale = 0 AND type_id = 'simple' AND big_items = 0 LIMIT 1",
    ).first<{ sku: string }>()
    await call(caller, 'POST', '/cart/add', { sku: preorder!.sku, qty: 1, extension_attributes: { region: '1101' } })
    const methods = await call(caller, 'GET', '/cart/payment-methods')
    expect(methods.body.payments.filter((p: any) => p.is_available).map((p: any) => p.code)).toEqual(['card'])
    expect((await call(caller, 'POST', '/cart/placeOrder', await orderBody(caller, 'cashondelivery', 'a@b.co'))).body.code).toBe(
      'payment_unavailable',
    )
    expect((await call(caller, 'POST', '/cart/placeOrder', await orderBody(caller, 'card', 'not-an-email'))).status).toBe(400)
  })

  it('re-adds an order to the active cart (POST /cart/active answers data.data.cart_id)', async () => {
    const caller = await newGuestCart()
    const sku = await sellableSku('p.entity_id > 1300', 10)
    await call(caller, 'POST', '/cart/add', { sku, qty: 2, extension_attributes: { region: '1101' } })
    const order = await call(caller, 'POST', '/cart/placeOrder', await orderBody(caller, 'cashondelivery', 'again@example.com'))
    const active = await call(caller, 'POST', '/cart/active', { order_id: order.body.increment_id })
    expect(active.status).toBe(200)
    const newQuote = active.body.data.cart_id
    expect(newQuote).not.toBe(caller.quote)
    const cart = await call({ ...caller, quote: newQuote }, 'GET', '/cart')
    expect(cart.body.cart.cartItems).toEqual([expect.objectContaining({ sku, qty: 2 })])
    // Someone else's order cannot be re-added.
    const stranger = await newGuestCart()
    expect((await call(stranger, 'POST', '/cart/active', { order_id: order.body.increment_id })).status).toBe(404)
  })
})

describe('under load', () => {
  it('50 concurrent changes to one cart lose nothing', async () => {
    const caller = await newGuestCart()
    const sku = await sellableSku('p.entity_id > 1400', 99)
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })),
    )
    expect(results.every((r) => r.status === 200)).toBe(true)
    const cart = await call(caller, 'GET', '/cart')
    expect(cart.body.cart.cartItems[0].qty).toBe(50)
    expect(cart.body.cart.version).toBe(51)
  })

  it('100 buyers for the last unit make exactly one order, and stock never goes below zero', async () => {
    const sku = await sellableSku('p.entity_id > 1500', 100)
    const buyers = await Promise.all(Array.from({ length: 100 }, () => newGuestCart()))
    await Promise.all(buyers.map((b) => call(b, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })))
    await env.DB.prepare('UPDATE stock SET qty = 1 WHERE region_id = 1101 AND product_id = (SELECT entity_id FROM products WHERE sku = ?)')
      .bind(sku)
      .run()
    // By card: a card order takes its unit at placing, as cash on delivery does, without a phone to verify per buyer.
    const body = await orderBody(buyers[0]!, 'card', 'race@example.com')
    const orders = await Promise.all(buyers.map((b) => call(b, 'POST', '/cart/placeOrder', body)))
    expect(orders.filter((o) => o.status === 200)).toHaveLength(1)
    expect(orders.filter((o) => o.status === 409).every((o) => o.body.code === 'out_of_stock')).toBe(true)
    expect(await stockOf(sku)).toBe(0)
    // 300 calls through 100 carts: ≈ 18 s on 2 idle cores, more when the machine is shared.
  }, 120_000)

  it('20 parallel place-order calls for one cart make one order', async () => {
    const caller = await newGuestCart()
    const sku = await sellableSku('p.entity_id > 1600', 10)
    await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })
    const body = await orderBody(caller, 'cashondelivery', 'twenty@example.com')
    const results = await Promise.all(Array.from({ length: 20 }, () => call(caller, 'POST', '/cart/placeOrder', body)))
    // Ten attempts an hour per cart (serverLimits.orders): the rest are told to wait; every answer given is the one order.
    expect(results.filter((r) => r.status === 200)).toHaveLength(10)
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 429)).toBe(true)
    expect(new Set(results.filter((r) => r.status === 200).map((r) => r.body.order_id)).size).toBe(1)
    const count = await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE quote_id = ?').bind(caller.quote).first<{ n: number }>()
    expect(count!.n).toBe(1)
    expect(await stockOf(sku)).toBe(9)
  })
})
