// The storage adapters against the real local D1 (docs/architecture.md, "Storage owns the SQL"):
// what each statement reads and writes, and that a refused batch leaves nothing behind.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { accountStore } from '~/storage/account-store'
import { catalogueStore } from '~/storage/catalogue-store'
import { eventStore } from '~/storage/event-store'
import { orderStore, type NewOrder } from '~/storage/order-store'
import { productStore } from '~/storage/product-store'
import { voucherStore } from '~/storage/voucher-store'

const now = new Date('2026-11-22T10:00:00Z')
const later = new Date(now.getTime() + 3600_000)

async function someProduct(regionId = 1101) {
  return (await env.DB.prepare(
    `SELECT p.entity_id, p.sku, s.qty FROM products p JOIN stock s ON s.product_id = p.entity_id AND s.region_id = ?
     WHERE s.qty > 5 AND p.back_orders != 101 AND p.not_for_sale = 0 ORDER BY p.entity_id LIMIT 1`,
  )
    .bind(regionId)
    .first<{ entity_id: number; sku: string; qty: number }>())!
}

describe('accountStore', () => {
  it('creates a customer only with an unspent verification, and spends it', async () => {
    const store = accountStore(env.DB)
    await store.addPhoneVerification('verification-hash-1', '966500000101', later)
    expect(await store.verifiedPhone('verification-hash-1', now)).toBe('966500000101')
    const input = {
      email: 'Store.Test@Example.com',
      firstname: 'Sara',
      lastname: 'Ali',
      mobile: '966500000101',
      passwordHash: 'h',
      verificationHash: 'verification-hash-1',
    }
    expect(await store.createCustomer(input, now)).toBe(true)
    expect((await store.customerByEmail('store.test@example.com'))?.customer.mobile).toBe('966500000101')
    // The same verification again: spent, so no second customer (nothing stored).
    expect(await store.createCustomer({ ...input, email: 'other@example.com', mobile: '966500000102' }, now)).toBe(false)
    expect(await store.customerByEmail('other@example.com')).toBeNull()
  })

  it('keeps one live code per phone and purpose, counts tries and spends a code once', async () => {
    const store = accountStore(env.DB)
    await store.replaceCode('966500000103', 'login', 'first', later, now)
    await store.replaceCode('966500000103', 'login', 'second', later, now)
    const live = (await store.liveCode('966500000103', 'login'))!
    expect(live.code_hash).toBe('second')
    expect(await store.takeCodeTry(live.id, 2)).toBe(1)
    expect(await store.takeCodeTry(live.id, 2)).toBe(2)
    // No try left: nothing more may be compared, but the code is not spent by counting.
    expect(await store.takeCodeTry(live.id, 2)).toBeNull()
    expect(await store.spendCode(live.id)).toBe(true)
    expect(await store.spendCode(live.id)).toBe(false)
    expect(await store.liveCode('966500000103', 'login')).toBeNull()
  })

  it('completes a password reset once: a spent reset changes neither the password nor the sessions', async () => {
    const store = accountStore(env.DB)
    await store.addPhoneVerification('verification-hash-2', '966500000104', later)
    await store.createCustomer(
      {
        email: 'reset@example.com',
        firstname: 'Nora',
        lastname: 'Saad',
        mobile: '966500000104',
        passwordHash: 'old',
        verificationHash: 'verification-hash-2',
      },
      now,
    )
    const { customer } = (await store.customerByEmail('reset@example.com'))!
    await store.replacePasswordReset(customer.id, 'reset-hash', later, now)
    const reset = (await store.livePasswordReset(customer.id))!
    expect(await store.completePasswordReset(reset.id, customer.id, 'new')).toBe(true)
    await store.addToken(customer.id, 'token-after-reset', later, now)
    expect(await store.completePasswordReset(reset.id, customer.id, 'newer')).toBe(false)
    expect((await store.customerByEmail('reset@example.com'))!.passwordHash).toBe('new')
    expect(await store.customerForToken('token-after-reset', now)).not.toBeNull()
  })

  it('answers a customer only for a live token, and remembers the customer quote', async () => {
    const store = accountStore(env.DB)
    const { customer } = (await store.customerByEmail('reset@example.com'))!
    await store.addToken(customer.id, 'token-live', later, now)
    expect((await store.customerForToken('token-live', now))?.id).toBe(customer.id)
    expect(await store.customerForToken('token-live', new Date(later.getTime() + 1))).toBeNull()
    await store.revokeToken('token-live')
    expect(await store.customerForToken('token-live', now)).toBeNull()
    await store.setQuote(customer.id, '1234567890')
    await store.setQuote(customer.id, '1234567891')
    expect(await store.quoteOf(customer.id)).toBe('1234567891')
    expect(await store.ownsQuote(customer.id, '1234567890')).toBe(false)
  })
})

describe('orderStore', () => {
  function newOrder(quote: string, product: { entity_id: number; sku: string }, qty: number): NewOrder {
    return {
      increment_id: `MJ${quote.slice(-8).padStart(8, '0')}`,
      quote_id: quote,
      customer_id: null,
      email: 'buyer@example.com',
      region_id: 1101,
      payment_method: 'card',
      status: 'pending_payment',
      totals: {
        products_original: 100,
        product_discount: 0,
        services: 0,
        subtotal: 100,
        original_subtotal: 100,
        discount: 0,
        coupon_discount: 0,
        replacement_discount: 0,
        gift_voucher: 0,
        erp_voucher: 0,
        delivery: 0,
        vat: 13.04,
        grand_total: 100,
        items_qty: qty,
        free_delivery_threshold: 299,
      },
      locale: 'ar',
      customer_name: 'Sara Ahmed',
      phone: '966551234567',
      phone_verified: true,
      shipping_address: {
        regionId: 1101,
        district: 'Al Narjis',
        street: 'King Fahd Road',
        building: '1234',
        postalCode: '13327',
        additionalNumber: '',
        shortAddress: '',
        note: '',
      },
      billing_address: null,
      delivery_date: '2026-11-24',
      shipping_method: 'standard',
      items: [
        {
          product_id: product.entity_id,
          sku: product.sku,
          name: 'x',
          name_ar: 'س',
          image: '/x.jpg',
          qty,
          price: 100,
          fee_option_id: null,
          parent_sku: null,
        },
      ],
      stock: [{ product_id: product.entity_id, qty }],
      giftVoucher: null,
      erpVoucher: null,
      coupon: null,
    }
  }
  const stockOf = (id: number) => env.DB.prepare('SELECT qty FROM stock WHERE product_id = ? AND region_id = 1101').bind(id).first<number>('qty')

  it('places in one batch, finds a repeat as a duplicate, and refuses more than the stock with nothing stored', async () => {
    const store = orderStore(env.DB)
    const product = await someProduct()
    expect(await store.place(newOrder('quote-store-0001', product, 1), now)).toBeNull()
    expect(await stockOf(product.entity_id)).toBe(product.qty - 1)
    expect(await store.place(newOrder('quote-store-0001', product, 1), now)).toBe('duplicate')
    expect(await store.place(newOrder('quote-store-0002', product, product.qty + 5), now)).toBe('stock')
    expect(await store.forQuote('quote-store-0002')).toBeNull()
    expect(await stockOf(product.entity_id)).toBe(product.qty - 1)
    expect(await store.productLines((await store.forQuote('quote-store-0001'))!.id)).toEqual([{ sku: product.sku, qty: 1 }])
  })

  it('cancels an unpaid order once, giving its stock back once; a paid order keeps it', async () => {
    const store = orderStore(env.DB)
    const product = await someProduct()
    const before = (await stockOf(product.entity_id))!
    await store.place(newOrder('quote-store-0003', product, 2), now)
    const order = (await store.forQuote('quote-store-0003'))!
    expect(await store.hostedPayment(order.increment_id, ['card'])).toMatchObject({ id: order.id })
    await store.cancelOpen(order.id, 'unpaid')
    await store.cancelOpen(order.id, 'unpaid')
    expect(await stockOf(product.entity_id)).toBe(before)
    expect((await store.byId(order.id))!.status).toBe('canceled')

    await store.place(newOrder('quote-store-0004', product, 1), now)
    const paid = (await store.forQuote('quote-store-0004'))!
    expect(await store.markPaid(paid.id, now)).toBe(true)
    expect(await store.markPaid(paid.id, now)).toBe(false)
    await store.cancelOpen(paid.id, 'unpaid')
    expect((await store.byIncrement(paid.increment_id))!.status).toBe('processing')
    expect(await stockOf(product.entity_id)).toBe(before - 1)
    // The timelines: placed then canceled; placed then paid.
    expect((await store.detail(order.id))!.events.map((e) => e.status)).toEqual(['placed', 'canceled'])
    const detail = (await store.detail(paid.id))!
    expect(detail.events.map((e) => e.status)).toEqual(['placed', 'paid'])
    expect(detail).toMatchObject({ customer_name: 'Sara Ahmed', phone: '966551234567', delivery_date: '2026-11-24', shipping_method: 'standard' })
    expect(JSON.parse(detail.shipping_address!)).toMatchObject({ building: '1234', postalCode: '13327' })
    expect(detail.items).toEqual([expect.objectContaining({ name: 'x', name_ar: 'س', qty: 1 })])
  })
})

describe('voucherStore, productStore, catalogueStore, eventStore', () => {
  it('reads coupons in their window, vouchers and unspent ERP vouchers', async () => {
    const vouchers = voucherStore(env.DB)
    const { code } = (await env.DB.prepare('SELECT code FROM coupons WHERE active_to IS NULL LIMIT 1').first<{ code: string }>())!
    expect(await vouchers.activeCoupon(code, now)).toMatchObject({ coupon: { code } })
    expect(await vouchers.activeCoupon('NO-SUCH-CODE', now)).toBeNull()
    expect(await vouchers.giftVoucher('GIFT-7Q4M-9XK2')).toMatchObject({ balance: expect.any(Number) })
    expect(await vouchers.erpVoucherFor('ERP-100-7788', '966501234567')).toEqual({ voucher: 'ERP-100-7788', amount: 100, spent: false })
    expect(await vouchers.erpVoucherFor('ERP-100-7788', '966500000000')).toBeNull()
  })

  it('reads a cart line and a service price with the fallback region', async () => {
    const product = await someProduct()
    const line = (await productStore(env.DB).cartProduct(product.sku, 1101))!
    expect(line).toMatchObject({ entity_id: product.entity_id, qty: product.qty })
    expect(typeof line.category_en).toBe('string')
    const fee = await env.DB.prepare('SELECT product_id, fee_id FROM product_fee_options WHERE region_id = 1101 LIMIT 1').first<{
      product_id: number
      fee_id: number
    }>()
    expect(await productStore(env.DB).feeOption(fee!.product_id, fee!.fee_id, 1113)).toMatchObject({ price: expect.any(Number) })
  })

  it('lists the services of several products by sku, in the region or at the fallback price, titled by language', async () => {
    const withFee = await env.DB.prepare(
      'SELECT p.sku, o.fee_id, o.price FROM product_fee_options o JOIN products p ON p.entity_id = o.product_id WHERE o.region_id = 1101 LIMIT 1',
    ).first<{ sku: string; fee_id: number; price: number }>()
    const without = await env.DB.prepare(
      'SELECT sku FROM products WHERE entity_id NOT IN (SELECT product_id FROM product_fee_options) LIMIT 1',
    ).first<{ sku: string }>()
    const offers = await productStore(env.DB).feesForSkus([withFee!.sku, without!.sku], 'en', 1113)
    expect(offers[without!.sku]).toEqual([])
    expect(offers[withFee!.sku]).toContainEqual(expect.objectContaining({ fee_id: withFee!.fee_id, title: expect.stringMatching(/^[A-Za-z]/) }))
    expect(await productStore(env.DB).feesForSkus([], 'ar', 1101)).toEqual({})
  })

  it('lists the sitemap and records events, sign-ups once and outbox messages', async () => {
    const entries = await catalogueStore(env.DB).sitemapEntries()
    expect(entries[0]).toEqual({ path: '/' })
    expect(entries.some((e) => e.path.startsWith('/product/'))).toBe(true)
    const events = eventStore(env.DB)
    await events.subscribeNewsletter('Once@Example.com', 'ar', now)
    await events.subscribeNewsletter('once@example.com', 'en', now)
    expect(await env.DB.prepare("SELECT count(*) AS n FROM newsletter_subscribers WHERE email = 'once@example.com'").first('n')).toBe(1)
    await events.addToOutbox({ channel: 'sms', recipient: '966500000105', body: 'code 1' }, now)
    expect((await events.outboxFor('966500000105'))[0]).toMatchObject({ body: 'code 1' })
    await events.recordPersonalisation([{ eventType: 'view', itemId: 'A' }], { sessionId: 's-1', userId: null }, now)
    await events.recordSearchEvents(
      [{ eventType: 'click', eventName: 'Clicked', index: 'products_en', userToken: 'u', objectIDs: ['1'], positions: [1] }],
      now,
    )
    expect(await env.DB.prepare("SELECT count(*) AS n FROM personalisation_events WHERE session_id = 's-1'").first('n')).toBe(1)
  })
})
