// Checkout in workerd (docs/product.md, "Checkout"): shipping methods and dates, the mobile verified by code, the
// details checked on the server, and refusals that store nothing; then the order with everything it was placed with,
// its confirmation only to its buyer, and its messages through the development outbox.
import { env } from 'cloudflare:test'
import { orderStore } from '~/storage/order-store'
import { kvCache } from '~/storage/kv-cache'
import { describe, expect, it } from 'vitest'
import {
  addressIn,
  call,
  checkoutFor,
  lastCode,
  newGuestCart,
  newPhone,
  orderBody,
  registered,
  sellableSku,
  stockOf,
  verifyMobile,
  type Caller,
} from './commerce-helpers'

async function cartWith(region = '1101', store: 'ar' | 'en' = 'en', where = 'p.entity_id > 1150') {
  const caller = await newGuestCart(store, region)
  const sku = await sellableSku(`${where} AND p.big_items = 0`, 20)
  await env.DB.prepare('INSERT OR REPLACE INTO stock (product_id, region_id, qty) SELECT entity_id, ?, 20 FROM products WHERE sku = ?')
    .bind(Number(region), sku)
    .run()
  const added = await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region } })
  expect(added.status).toBe(200)
  return { caller, sku }
}

const ordersOf = async (caller: Caller) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE quote_id = ?').bind(caller.quote).first<{ n: number }>())!.n

/** Nothing was stored: no order, the stock as it was, the cart still open. */
async function expectNothingStored(caller: Caller, sku: string, stock: number) {
  expect(await ordersOf(caller)).toBe(0)
  expect(await stockOf(sku)).toBe(stock)
  expect((await call(caller, 'GET', '/cart')).body.cart.status).toBe('active')
}

describe('shipping methods', () => {
  it('offers standard everywhere and fast only in fast-delivery cities; fast costs its fee in the totals', async () => {
    const { caller } = await cartWith('1102')
    const { body } = await call(caller, 'GET', '/cart/shipping-methods')
    const fast = body.shipping_methods.find((m: any) => m.code === 'fast')
    expect(fast).toMatchObject({ available: true, amount: 49 })
    expect(body.shipping_methods[0].dates[0]).toMatchObject({ Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), Day: expect.any(String) })
    const chosen = await call(caller, 'PUT', '/cart/shipping-method', { code: 'fast' })
    expect(chosen.body.cart).toMatchObject({ shipping_method: 'fast', totals: { delivery: 49 } })

    const abha = (await cartWith('1111')).caller
    const refused = await call(abha, 'PUT', '/cart/shipping-method', { code: 'fast' })
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('shipping_unavailable')
  })

  it('offers fast delivery sooner than standard, and refuses it in a city where it would not be', async () => {
    const { caller } = await cartWith('1101')
    const { body } = await call(caller, 'GET', '/cart/shipping-methods')
    const [standard, fast] = ['standard', 'fast'].map((code) => body.shipping_methods.find((m: any) => m.code === code))
    expect(fast.available).toBe(true)
    expect(fast.dates[0].Date < standard.dates[0].Date).toBe(true)

    // A fast-delivery city whose standard delivery is already next-day gains nothing from the fee.
    // The cities' delivery rules are kept in KV: a change to them drops that copy (frameChanged, on an import).
    await env.DB.prepare('UPDATE regions SET delivery_lead_days = 1 WHERE id = 1102').run()
    await kvCache(env.CACHE).invalidate('delivery')
    try {
      const jeddah = (await cartWith('1102')).caller
      const methods = (await call(jeddah, 'GET', '/cart/shipping-methods')).body.shipping_methods
      expect(methods.find((m: any) => m.code === 'fast')).toMatchObject({ available: false, unavailable_reason: 'not_fast_city' })
      const refused = await call(jeddah, 'PUT', '/cart/shipping-method', { code: 'fast' })
      expect(refused.status).toBe(400)
      expect(refused.body.code).toBe('shipping_unavailable')
    } finally {
      await env.DB.prepare('UPDATE regions SET delivery_lead_days = 2 WHERE id = 1102').run()
      await kvCache(env.CACHE).invalidate('delivery')
    }
  })

  it('promises 24 hours in region 1116', async () => {
    const { caller } = await cartWith('1116')
    const { body } = await call(caller, 'GET', '/cart/shipping-methods')
    expect(body.shipping_methods.find((m: any) => m.code === 'standard').within_24_hours).toBe(true)
  })
})

describe('pickup from a showroom', () => {
  const pickupOf = async (caller: Caller) =>
    (await call(caller, 'GET', '/cart/shipping-methods')).body.shipping_methods.find((m: any) => m.code === 'pickup')

  it('is free and offered only in a city with a showroom, with its showrooms', async () => {
    const riyadh = await pickupOf((await cartWith('1101')).caller)
    expect(riyadh).toMatchObject({ available: true, amount: 0, unavailable_reason: null })
    expect(riyadh.showrooms.map((s: any) => s.id)).toEqual(['riyadh-olaya', 'riyadh-malqa', 'riyadh-rawdah'])
    const abha = (await cartWith('1111')).caller
    expect(await pickupOf(abha)).toMatchObject({ available: false, unavailable_reason: 'no_showroom', showrooms: [] })
    const refused = await call(abha, 'PUT', '/cart/shipping-method', { code: 'pickup' })
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('shipping_unavailable')
  })

  it("refuses a showroom of another city in the shopper's language, and a pickup without one; stores nothing", async () => {
    const { caller, sku } = await cartWith('1101', 'ar')
    const stock = await stockOf(sku)
    expect((await call(caller, 'PUT', '/cart/shipping-method', { code: 'pickup' })).body.cart.totals.delivery).toBe(0)
    const body = await orderBody(caller, 'card')
    // The second date stays offered across the pickup cut-off (today's first date then moves to tomorrow).
    const date = (await pickupOf(caller)).dates[1].Date
    const elsewhere = await call(caller, 'POST', '/cart/placeOrder', {
      ...body,
      checkout: { ...body.checkout, delivery_date: date, pickup_showroom: 'jeddah-tahlia' },
    })
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.body).toMatchObject({
      code: 'pickup_showroom_elsewhere',
      message: 'هذا المعرض ليس في مدينتك. اختر أحد معارض مدينتك لاستلام طلبك.',
    })
    const none = await call(caller, 'POST', '/cart/placeOrder', { ...body, checkout: { ...body.checkout, delivery_date: date } })
    expect(none.body).toMatchObject({ code: 'checkout_invalid', issues: ['pickup_showroom'] })
    await expectNothingStored(caller, sku, stock)
  })

  it('asks a pickup for no address, and keeps none; a delivery without one is refused', async () => {
    const { caller } = await cartWith('1101', 'en')
    const body = await orderBody(caller, 'card')
    const noAddress = { ...body.checkout, shipping_address: null, billing_address: null }
    const delivery = await call(caller, 'PUT', '/cart/checkout', noAddress)
    expect([delivery.status, delivery.body.issues?.[0]]).toEqual([400, 'district'])
    await call(caller, 'PUT', '/cart/shipping-method', { code: 'pickup' })
    const date = (await pickupOf(caller)).dates[1].Date
    // An address sent with a pickup anyway is not kept: the order is collected from its showroom.
    const placed = await call(caller, 'POST', '/cart/placeOrder', {
      ...body,
      checkout: { ...body.checkout, delivery_date: date, pickup_showroom: 'riyadh-malqa' },
    })
    expect(placed.status).toBe(200)
    const row = await env.DB.prepare('SELECT shipping_address, billing_address FROM orders WHERE id = ?').bind(placed.body.order_id).first()
    expect(row).toEqual({ shipping_address: null, billing_address: null })
    const seen = await call(caller, 'GET', `/cart/order/${placed.body.increment_id}`)
    expect(seen.body).toMatchObject({
      shipping_address: null,
      pickup_showroom: { id: 'riyadh-malqa', friday_opens: '16:00', phone: expect.stringMatching(/^01\d{8}$/) },
    })
  })

  it('places a pickup order naming its showroom, shown to its buyer in their language', async () => {
    const { caller } = await cartWith('1101', 'en')
    await call(caller, 'PUT', '/cart/shipping-method', { code: 'pickup' })
    const body = await orderBody(caller, 'cashondelivery')
    const date = (await pickupOf(caller)).dates[1].Date
    const placed = await call(caller, 'POST', '/cart/placeOrder', {
      ...body,
      checkout: { ...body.checkout, delivery_date: date, pickup_showroom: 'riyadh-malqa' },
    })
    expect(placed.status).toBe(200)
    const row = await env.DB.prepare('SELECT shipping_method, pickup_showroom, delivery, delivery_date FROM orders WHERE id = ?')
      .bind(placed.body.order_id)
      .first<any>()
    expect(row).toEqual({ shipping_method: 'pickup', pickup_showroom: 'riyadh-malqa', delivery: 0, delivery_date: date })
    const seen = await call(caller, 'GET', `/cart/order/${placed.body.increment_id}`)
    expect(seen.body).toMatchObject({
      shipping_method: 'pickup',
      pickup_showroom: { id: 'riyadh-malqa', name: 'Al Malqa showroom', address: expect.stringContaining('Anas Ibn Malik Road') },
    })
    // Its messages say where to collect it, not "delivery".
    const outbox = await env.DB.prepare('SELECT channel, body FROM outbox WHERE body LIKE ? ORDER BY id')
      .bind(`%${placed.body.increment_id}%`)
      .all<{ channel: string; body: string }>()
    expect(outbox.results.map((r) => r.channel)).toEqual(['sms', 'email'])
    for (const message of outbox.results) {
      expect(message.body).toMatch(/collect (it )?at Al Malqa showroom/i)
      expect(message.body).not.toMatch(/delivery/i)
    }
  })

  it('keeps no showroom on a delivered order', async () => {
    const { caller } = await cartWith('1101', 'en')
    const body = await orderBody(caller, 'cashondelivery')
    const placed = await call(caller, 'POST', '/cart/placeOrder', { ...body, checkout: { ...body.checkout, pickup_showroom: 'riyadh-olaya' } })
    expect(placed.status).toBe(200)
    const row = await env.DB.prepare('SELECT pickup_showroom FROM orders WHERE id = ?').bind(placed.body.order_id).first<any>()
    expect(row.pickup_showroom).toBeNull()
  })
})

describe('verifying the mobile', () => {
  it('sends a code, refuses a wrong one, and marks the number verified for the cart', async () => {
    const { caller } = await cartWith()
    const phone = newPhone()
    expect((await call(caller, 'POST', '/cart/telephone', { mobilenumber: '0521234567' })).status).toBe(400)
    expect((await call(caller, 'POST', '/cart/telephone', { mobilenumber: phone.local })).body.success).toBe(true)
    const code = await lastCode(phone.international)
    const wrong = await call(caller, 'POST', '/cart/verify-mobile', { mobilenumber: phone.local, otpcode: code === '000000' ? '111111' : '000000' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.code).toBe('otp_invalid')
    // Arabic-Indic digits are folded.
    const typed = code.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!)
    const right = await call(caller, 'POST', '/cart/verify-mobile', { mobilenumber: phone.local, otpcode: typed })
    expect(right.status).toBe(200)
    expect(right.body.mobiles).toEqual({ [phone.local]: 'verified' })
    expect((await call(caller, 'GET', '/cart')).body.cart.mobiles).toEqual({ [phone.local]: 'verified' })
    // Single use.
    expect((await call(caller, 'POST', '/cart/verify-mobile', { mobilenumber: phone.local, otpcode: code })).status).toBe(400)
  })
})

describe('placing with details', () => {
  it('refuses cash on delivery without a verified phone, storing nothing', async () => {
    const { caller, sku } = await cartWith()
    const stock = await stockOf(sku)
    const refused = await call(caller, 'POST', '/cart/placeOrder', {
      checkout: await checkoutFor(caller),
      paymentMethod: { method: 'cashondelivery' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 'phone_unverified', message: 'Verify your mobile number to pay cash on delivery.' })
    await expectNothingStored(caller, sku, stock)
  })

  it('refuses a verified phone that is not the one on the order', async () => {
    const { caller, sku } = await cartWith()
    const stock = await stockOf(sku)
    await verifyMobile(caller, newPhone().local)
    const refused = await call(caller, 'POST', '/cart/placeOrder', {
      checkout: await checkoutFor(caller),
      paymentMethod: { method: 'cashondelivery' },
    })
    expect(refused.body.code).toBe('phone_unverified')
    await expectNothingStored(caller, sku, stock)
  })

  it.each([
    ['building', { building: '123' }, 'The building number is 4 digits.'],
    ['postalCode', { postalCode: '1332' }, 'The postal code is 5 digits.'],
    ['shortAddress', { shortAddress: 'RR12' }, 'The short address is 4 letters and 4 digits, like RRRD2929.'],
    ['district', { district: ' ' }, 'Enter the district.'],
    ['regionId', { regionId: '1102' }, 'Orders are delivered to the city chosen for your cart.'],
  ])("refuses an address with a bad %s, in the shopper's language, storing nothing", async (field, change, message) => {
    const { caller, sku } = await cartWith()
    const stock = await stockOf(sku)
    const body = await orderBody(caller, 'card')
    body.checkout.shipping_address = { ...body.checkout.shipping_address, ...change }
    const refused = await call(caller, 'POST', '/cart/placeOrder', body)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 'checkout_invalid', message, issues: [field] })
    await expectNothingStored(caller, sku, stock)
    expect((await call(caller, 'GET', '/cart')).body.cart.checkout).toBeNull()
  })

  it('refuses a date the city does not offer, a bad contact, and answers in Arabic on an Arabic handshake', async () => {
    const { caller, sku } = await cartWith('1101', 'ar')
    const stock = await stockOf(sku)
    const body = await orderBody(caller, 'card')
    const late = await call(caller, 'POST', '/cart/placeOrder', { ...body, checkout: { ...body.checkout, delivery_date: '2020-01-01' } })
    expect(late.body).toMatchObject({ code: 'checkout_invalid', issues: ['delivery_date'], message: 'اختر أحد مواعيد التوصيل المعروضة.' })
    const contact = { name: 'ab', email: 'x@', mobile: '12345' }
    const bad = await call(caller, 'POST', '/cart/placeOrder', { ...body, checkout: { ...body.checkout, contact } })
    expect(bad.body.issues).toEqual(['name', 'email', 'mobile'])
    expect(
      (await call(caller, 'POST', '/cart/placeOrder', { ...body, checkout: { ...body.checkout, shipping_address: { regionId: '1101' } } })).status,
    ).toBe(400)
    await expectNothingStored(caller, sku, stock)
  })

  it('stores the contact, verified phone, addresses, date, method and totals; confirms to its buyer only; sends SMS and email', async () => {
    const { caller, sku } = await cartWith('1102', 'ar')
    await call(caller, 'PUT', '/cart/shipping-method', { code: 'fast' })
    const methods = (await call(caller, 'GET', '/cart/shipping-methods')).body.shipping_methods
    const phone = newPhone()
    await verifyMobile(caller, phone.local)
    const checkout = {
      contact: { name: 'سارة  القحطاني', email: 'Sara@Example.com', mobile: `+966 ${phone.local.slice(1)}` },
      shipping_address: { ...addressIn(1102), building: '٨٢٢٨', shortAddress: 'jesa ٣٠٣٠', note: 'اتصل قبل الوصول' },
      billing_address: { ...addressIn(1101), street: 'Olaya Street' },
      delivery_date: methods.find((m: any) => m.code === 'fast').dates[1].Date,
    }
    const placed = await call(caller, 'POST', '/cart/placeOrder', { checkout, paymentMethod: { method: 'cashondelivery' } })
    expect(placed.status).toBe(200)
    expect(placed.body.status).toBe('processing')
    const row = await env.DB.prepare('SELECT * FROM orders WHERE id = ?').bind(placed.body.order_id).first<any>()
    expect(row).toMatchObject({
      customer_name: 'سارة القحطاني',
      email: 'sara@example.com',
      phone: phone.international,
      phone_verified: 1,
      delivery_date: checkout.delivery_date,
      shipping_method: 'fast',
      delivery: 49,
      region_id: 1102,
      locale: 'ar',
    })
    expect(JSON.parse(row.shipping_address)).toMatchObject({ regionId: 1102, building: '8228', shortAddress: 'JESA3030', note: 'اتصل قبل الوصول' })
    expect(JSON.parse(row.billing_address)).toMatchObject({ regionId: 1101, street: 'Olaya Street' })
    expect(JSON.parse(row.totals)).toMatchObject({ delivery: 49, grand_total: row.grand_total })

    const confirmation = await call(caller, 'GET', `/cart/order/${placed.body.increment_id}`)
    expect(confirmation.body).toMatchObject({
      increment_id: placed.body.increment_id,
      contact: { name: 'سارة القحطاني', mobile: phone.local },
      shipping_address: { building: '8228' },
      delivery_date: checkout.delivery_date,
      lines: [expect.objectContaining({ sku, qty: 1 })],
      timeline: [expect.objectContaining({ status: 'placed' })],
    })
    const stranger = await newGuestCart()
    expect((await call(stranger, 'GET', `/cart/order/${placed.body.increment_id}`)).status).toBe(404)

    const outbox = await env.DB.prepare('SELECT channel, recipient, body FROM outbox WHERE body LIKE ? ORDER BY id')
      .bind(`%${placed.body.increment_id}%`)
      .all<any>()
    expect(outbox.results).toEqual([
      // A cash order is received until the store confirms it (issue 42, item 2).
      expect.objectContaining({ channel: 'sms', recipient: phone.international, body: expect.stringContaining('استلمنا طلبك') }),
      expect.objectContaining({ channel: 'email', recipient: 'sara@example.com', body: expect.stringContaining('شكرًا لطلبك') }),
    ])
    // Nobody verified the address: the email carries no word the buyer wrote, not even the name (issue 43, M2).
    expect(outbox.results[1].body).not.toContain('سارة')
    for (const message of outbox.results) expect(message.body).not.toContain('تم تأكيد')
  })

  it("a customer's registered mobile is verified already, and a phone verified once stays verified for them", async () => {
    const caller = { ...(await newGuestCart()) }
    const { email, phone } = await registered(caller)
    const login = await call(caller, 'POST', '/customer/login', { username: email, password: 'Secret123', recaptchaToken: 'ok' })
    const mage = login.body.token
    const customerCart = async () => {
      const created = await call({ ...caller, mage }, 'GET', '/cart/create')
      const cart: Caller = { ...caller, mage, quote: created.body.quoteId, region: '1101' }
      await call(cart, 'POST', '/cart/add', {
        sku: await sellableSku('p.entity_id > 1160 AND p.big_items = 0', 20),
        qty: 1,
        extension_attributes: { region: '1101' },
      })
      return cart
    }
    const first = await customerCart()
    const own = await checkoutFor(first, phone.local)
    const firstOrder = await call(first, 'POST', '/cart/placeOrder', { checkout: own, paymentMethod: { method: 'cashondelivery' } })
    expect(firstOrder.status).toBe(200)
    // The operator confirms it: an account holds at most two unconfirmed cash orders (docs/decisions/0007).
    expect(await orderStore(env.DB).confirmCash(firstOrder.body.order_id, new Date())).toBe(true)

    const second = await customerCart()
    const other = newPhone()
    await verifyMobile(second, other.local)
    expect(
      (
        await call(second, 'POST', '/cart/placeOrder', {
          checkout: await checkoutFor(second, other.local),
          paymentMethod: { method: 'cashondelivery' },
        })
      ).status,
    ).toBe(200)
    // A new cart of the same customer: the number verified on the last one needs no new code.
    const third = await customerCart()
    expect(
      (
        await call(third, 'POST', '/cart/placeOrder', {
          checkout: await checkoutFor(third, other.local),
          paymentMethod: { method: 'cashondelivery' },
        })
      ).status,
    ).toBe(200)
  })
})

describe('what an order records', () => {
  // Found by npm run load's books: order_items kept the catalogue price of a product on sale, so an order's lines
  // added up to more than its subtotal (4,449 charged for a MacBook whose line said 5,239).
  it('keeps each line at the price the shopper paid, so the lines add up to the subtotal', async () => {
    const sku = await sellableSku('p.big_items = 0 AND p.entity_id > 1200', 20)
    // On sale, with no end: 100 riyals off.
    await env.DB.prepare('UPDATE products SET special_price = price - 100, discounted_price_from = NULL, discounted_price_to = NULL WHERE sku = ?')
      .bind(sku)
      .run()
    const caller = await newGuestCart('en', '1101')
    expect((await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })).status).toBe(200)
    const line = (await call(caller, 'GET', '/cart')).body.cart.cartItems[0]
    expect(line.price_incl_tax).toBeLessThan(line.originalPrice)
    const placed = await call(caller, 'POST', '/cart/placeOrder', await orderBody(caller, 'card'))
    expect(placed.status).toBe(200)
    const order = await env.DB.prepare('SELECT subtotal FROM orders WHERE id = ?').bind(placed.body.order_id).first<{ subtotal: number }>()
    const items = await env.DB.prepare('SELECT sku, price, row_total FROM order_items WHERE order_id = ?').bind(placed.body.order_id).all<any>()
    expect(items.results).toEqual([{ sku, price: line.price_incl_tax, row_total: line.price_incl_tax }])
    expect(order!.subtotal).toBe(line.price_incl_tax)
  })
})

describe('after the order', () => {
  it('a guest finds an order by its number and the mobile it was placed with only, with one answer for every miss, and limited', async () => {
    const { caller } = await cartWith()
    const body = await orderBody(caller, 'cashondelivery')
    const placed = await call(caller, 'POST', '/cart/placeOrder', body)
    const mobile = body.checkout.contact.mobile
    const stranger = await newGuestCart()
    const found = await call(stranger, 'POST', '/orders/lookup', {
      increment: placed.body.increment_id.toLowerCase(),
      mobilenumber: `+966${mobile.slice(1)}`,
    })
    expect(found.status).toBe(200)
    expect(found.body).toMatchObject({ increment_id: placed.body.increment_id, timeline: [expect.objectContaining({ status: 'placed' })] })
    const misses = [
      { increment: placed.body.increment_id, mobilenumber: newPhone().local },
      { increment: 'MJ00000000', mobilenumber: mobile },
      { increment: 'nonsense', mobilenumber: 'x' },
    ]
    for (const miss of misses) {
      const answer = await call(stranger, 'POST', '/orders/lookup', miss)
      expect(answer.status).toBe(404)
      expect(answer.body.message).toBe('The order was not found')
    }
    // A card order's phone was never verified: it is found by the mobile it was placed with all the same, as its
    // email promises (tests/worker/guest-lookup.test.ts covers card, Tabby and Tamara paid).
    const { caller: cardBuyer } = await cartWith()
    const cardBody = await orderBody(cardBuyer, 'card')
    const card = await call(cardBuyer, 'POST', '/cart/placeOrder', cardBody)
    expect(
      (await call(stranger, 'POST', '/orders/lookup', { increment: card.body.increment_id, mobilenumber: cardBody.checkout.contact.mobile })).status,
    ).toBe(200)
    let status = 0
    for (let i = 0; i < 25 && status !== 429; i++) status = (await call(stranger, 'POST', '/orders/lookup', misses[1])).status
    expect(status).toBe(429)
  })

  it("a customer sees their orders and addresses, never another customer's", async () => {
    const caller = await newGuestCart()
    const { email, phone } = await registered(caller)
    const mage = (await call(caller, 'POST', '/customer/login', { username: email, password: 'Secret123', recaptchaToken: 'ok' })).body.token
    const me: Caller = { ...caller, mage, quote: (await call({ ...caller, mage }, 'GET', '/cart/create')).body.quoteId, region: '1101' }
    await call(me, 'POST', '/cart/add', {
      sku: await sellableSku('p.entity_id > 1170 AND p.big_items = 0', 20),
      qty: 2,
      extension_attributes: { region: '1101' },
    })
    const placed = await call(me, 'POST', '/cart/placeOrder', {
      checkout: await checkoutFor(me, phone.local),
      paymentMethod: { method: 'cashondelivery' },
    })
    expect(placed.status).toBe(200)

    const list = await call(me, 'GET', '/customer/orders')
    expect(list.body.orders).toEqual([expect.objectContaining({ increment_id: placed.body.increment_id, status: 'processing', items_qty: 2 })])
    expect((await call(me, 'GET', `/customer/orders/${placed.body.increment_id}`)).body.lines[0].qty).toBe(2)
    // The order's address was saved, as the default.
    const saved = await call(me, 'GET', '/customer/addresses')
    expect(saved.body.addresses).toEqual([expect.objectContaining({ is_default: true, address: expect.objectContaining({ building: '8228' }) })])

    const added = await call(me, 'POST', '/customer/addresses', { address: { ...addressIn(1102), building: '١٢٣٤' }, isDefault: true })
    expect(added.body.addresses.map((a: any) => [a.address.building, a.is_default])).toEqual([
      ['1234', true],
      ['8228', false],
    ])
    const bad = await call(me, 'POST', '/customer/addresses', { address: { ...addressIn(1102), postalCode: '12' } })
    expect(bad.body).toMatchObject({ code: 'checkout_invalid', issues: ['postalCode'] })
    const edited = await call(me, 'PUT', `/customer/addresses/${added.body.id}`, { address: { ...addressIn(1102), street: 'Tahlia Street' } })
    expect(edited.body.addresses[0].address.street).toBe('Tahlia Street')

    // Someone else: no orders, and none of these addresses to read, change or delete.
    const other = await registered(caller)
    const theirMage = (await call(caller, 'POST', '/customer/login', { username: other.email, password: 'Secret123', recaptchaToken: 'ok' })).body
      .token
    const them: Caller = { ...caller, mage: theirMage }
    expect((await call(them, 'GET', '/customer/orders')).body.orders).toEqual([])
    expect((await call(them, 'GET', `/customer/orders/${placed.body.increment_id}`)).status).toBe(404)
    expect((await call(them, 'PUT', `/customer/addresses/${added.body.id}`, { address: addressIn(1101) })).status).toBe(404)
    expect((await call(them, 'DELETE', `/customer/addresses/${added.body.id}`)).status).toBe(404)
    expect((await call({ ...caller, mage: undefined }, 'GET', '/customer/orders')).status).toBe(401)

    // Deleting the default makes the other one the default.
    const left = await call(me, 'DELETE', `/customer/addresses/${added.body.id}`)
    expect(left.body.addresses).toEqual([expect.objectContaining({ is_default: true, address: expect.objectContaining({ building: '8228' }) })])
  })
})
