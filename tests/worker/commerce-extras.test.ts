// Fees, vouchers, the replacement discount, ERP vouchers, availability and the product calls.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { call, handshake, newGuestCart, sellableSku } from './commerce-helpers'

async function cartWith(where: string, store: 'ar' | 'en' = 'en') {
  const caller = await newGuestCart(store)
  const sku = await sellableSku(where, 20)
  const added = await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })
  expect(added.status).toBe(200)
  return { caller, sku, itemId: added.body.item_id as number, cart: added.body.cart }
}

describe('product fees', () => {
  it('adds a service line priced for the region (1101 as fallback), once, and deletes it', async () => {
    const product = await env.DB.prepare(
      `SELECT p.sku FROM products p JOIN stock s ON s.product_id = p.entity_id AND s.region_id = 1101
       WHERE EXISTS (SELECT 1 FROM product_fee_options o WHERE o.product_id = p.entity_id) AND s.qty > 0 AND p.not_for_sale = 0 AND p.back_orders = 0 AND p.type_id = 'simple' LIMIT 1`,
    ).first<{ sku: string }>()
    const { caller, itemId } = await cartWith(`p.sku = '${product!.sku}'`)
    const fee = await env.DB.prepare(
      'SELECT fee_id, price FROM product_fee_options WHERE product_id = (SELECT entity_id FROM products WHERE sku = ?) AND region_id = 1101',
    )
      .bind(product!.sku)
      .first<{ fee_id: number; price: number }>()
    const added = await call(caller, 'POST', '/cart/productFees', { item_id: itemId, fee_id: fee!.fee_id })
    expect(added.status).toBe(200)
    const line = added.body.cart.cartItems.find((i: any) => i.item_id === itemId)
    expect(line.extension_attributes.product_fees).toEqual([expect.objectContaining({ fee_id: fee!.fee_id, price: fee!.price })])
    const twice = await call(caller, 'POST', '/cart/productFees', { item_id: itemId, fee_id: fee!.fee_id })
    expect(twice.body.cart.cartItems).toHaveLength(2)
    const removed = await call(caller, 'DELETE', '/cart/productFees', { item_id: itemId, fee_id: fee!.fee_id })
    expect(removed.body.cart.cartItems).toHaveLength(1)
    expect((await call(caller, 'POST', '/cart/productFees', { item_id: 999999, fee_id: fee!.fee_id })).status).toBe(404)
  })
})

describe('gift vouchers', () => {
  it('redeems with the right pin up to the balance, refuses a wrong pin alike, and reverses', async () => {
    const { caller } = await cartWith('p.price > 500')
    const body = (over: object) => ({ voucher: 'GIFT-7Q4M-9XK2', pin: '4821', quoteId: caller.quote, amount: 150, isMask: 1, ...over })
    const wrongPin = await call(caller, 'POST', '/gota-gift/redeem-voucher', body({ pin: '0000' }))
    const unknown = await call(caller, 'POST', '/gota-gift/redeem-voucher', body({ voucher: 'GIFT-9999-9999' }))
    expect(wrongPin.status).toBe(400)
    expect(wrongPin.body.message).toBe(unknown.body.message)
    // More than the balance uses the whole balance: the amount says nothing the right PIN does not.
    expect((await call(caller, 'POST', '/gota-gift/redeem-voucher', body({ amount: 5000 }))).body.cart.totals.gift_voucher).toBe(200)
    const redeemed = await call(caller, 'POST', '/gota-gift/redeem-voucher', body({}))
    expect(redeemed.body.cart.totals.gift_voucher).toBe(150)
    // The cart says what is left on the voucher once this cart's share is used.
    expect(redeemed.body.cart.gift_voucher_left).toBe(50)
    expect((await call(caller, 'POST', '/gota-gift/redeem-voucher', body({ quoteId: 'someone-else' }))).status).toBe(400)
    const reversed = await call(caller, 'POST', '/gota-gift/reverse-voucher', { quoteId: caller.quote, isMask: 1 })
    expect(reversed.body.cart.totals.gift_voucher).toBe(0)
    expect(reversed.body.cart.gift_voucher_left).toBeNull()
  })
})

describe('AC replacement discount', () => {
  it('adds and removes the discount on an air conditioner', async () => {
    const { caller, itemId, cart } = await cartWith("p.main_category_id IN (SELECT id FROM categories WHERE url_key = 'air-conditioners')")
    // The line says the discount may be asked for (the cart offers it on such lines only).
    expect(cart.cartItems[0].extension_attributes.replacement_eligible).toBe(true)
    const on = await call(caller, 'POST', '/customer/acReplacementDiscount', { itemId, quoteId: caller.quote, action: 'add', isMask: 1 })
    expect(on.body.cart.totals.replacement_discount).toBeGreaterThan(0)
    const off = await call(caller, 'POST', '/customer/acReplacementDiscount', { itemId, quoteId: caller.quote, action: 'remove', isMask: 1 })
    expect(off.body.cart.totals.replacement_discount).toBe(0)
    expect(
      (await call(caller, 'POST', '/customer/acReplacementDiscount', { itemId, quoteId: caller.quote, action: 'steal', isMask: 1 })).status,
    ).toBe(400)
  })
})

describe('ERP vouchers', () => {
  it('validate and apply for the phone they belong to, in any usual form', async () => {
    const { caller } = await cartWith('p.price > 500')
    expect((await call(caller, 'POST', '/cart/erp/validate', { phoneno: '٠٥٠١٢٣٤٥٦٧', voucher: 'ERP-100-7788' })).body).toEqual({
      valid: true,
      amount: 100,
    })
    expect((await call(caller, 'POST', '/cart/erp/validate', { phoneno: '0551234567', voucher: 'ERP-100-7788' })).body.valid).toBe(false)
    expect((await call(caller, 'POST', '/cart/erp/validate', { phoneno: '12345', voucher: 'ERP-100-7788' })).status).toBe(400)
    const applied = await call(caller, 'POST', '/cart/erp/apply', { phoneno: '+966 50 123 4567', voucher: 'ERP-100-7788' })
    expect(applied.body.cart.totals.erp_voucher).toBe(100)
    // And taken off again.
    const removed = await call(caller, 'DELETE', '/cart/erp')
    expect(removed.body.cart.erp_voucher).toBeNull()
    expect(removed.body.cart.totals.erp_voucher).toBe(0)
  })

  it('say a spent voucher is spent, in the shopper’s language, not that none was sent to the mobile', async () => {
    await env.DB.prepare("INSERT INTO erp_vouchers (voucher, phone, amount, used_by_quote) VALUES ('ERP-SPENT-1', '966501112233', 50, 'q-old')").run()
    for (const [store, words] of [
      ['en', 'This voucher has already been used'],
      ['ar', 'سبق استخدام هذه القسيمة'],
    ] as const) {
      const { caller } = await cartWith('p.price > 500', store)
      const checked = await call(caller, 'POST', '/cart/erp/validate', { phoneno: '0501112233', voucher: 'ERP-SPENT-1' })
      expect([checked.status, checked.body.code, checked.body.message]).toEqual([409, 'voucher_spent', words])
      const applied = await call(caller, 'POST', '/cart/erp/apply', { phoneno: '0501112233', voucher: 'ERP-SPENT-1' })
      expect([applied.status, applied.body.code]).toEqual([409, 'voucher_spent'])
    }
  })
})

describe('services and the replacement discount offer', () => {
  it('offers the replacement discount on no line but an air conditioner', async () => {
    const { cart } = await cartWith(
      "p.main_category_id IN (SELECT id FROM categories WHERE url_key = 'tvs' OR parent_id = (SELECT id FROM categories WHERE url_key = 'tvs'))",
    )
    expect(cart.cartItems[0].extension_attributes.replacement_eligible).toBe(false)
  })
})

describe('availability before checkout', () => {
  it('says which lines can still be bought in the cart region', async () => {
    const { caller, sku } = await cartWith('p.entity_id > 1620')
    const answer = await call(caller, 'POST', '/cart/availableToCheckoutV2', {
      cartItems: [
        { sku, qty: 1 },
        { sku, qty: 99 },
      ],
    })
    expect(answer.body.items.map((i: any) => i.available)).toEqual([true, false])
    expect(answer.body.available).toBe(false)
  })
})

describe('product calls', () => {
  it('related products by sku: same sub-category, at most the limit, never the product itself', async () => {
    const token = await handshake('ar')
    const sku = await sellableSku()
    const { body } = await call({ token }, 'GET', `/amasty/related-products-by-sku?collection_type=related&limit=10&sku=${sku}`)
    expect(body.items.length).toBeGreaterThan(0)
    expect(body.items.length).toBeLessThanOrEqual(10)
    expect(body.items.map((p: any) => p.sku)).not.toContain(sku)
    expect(body.items[0]).toMatchObject({ objectID: expect.any(String), stock_region_ids: expect.any(Array), not_for_sale: [expect.any(Boolean)] })
    expect((await call({ token }, 'GET', `/amasty/related-products-by-sku?collection_type=related&limit=11&sku=${sku}`)).status).toBe(400)
  })

  it('products by repeated sku, with only the selected fields', async () => {
    const token = await handshake('en')
    const a = await sellableSku('p.entity_id > 1010')
    const b = await sellableSku('p.entity_id > 1020')
    const { body } = await call({ token }, 'GET', `/search/v2/get-products-by-skus?sku=${a}&sku=${b}&select=name&select=prices_with_tax`)
    expect(body.items.map((p: any) => p.sku)).toEqual([a, b])
    expect(Object.keys(body.items[0]).sort()).toEqual(['name', 'prices_with_tax', 'sku'])
    expect((await call({ token }, 'GET', '/search/v2/get-products-by-skus')).status).toBe(400)
    expect((await call({ token }, 'GET', "/search/v2/get-products-by-skus?sku=a'b")).status).toBe(400)
  })

  it('the footer JSON in the handshake language', async () => {
    const { body } = await call({ token: await handshake('ar') }, 'GET', '/media/json/getFooterJson')
    expect(body.data.columns[0].title).toBe('تسوّق')
  })
})
