// The console's coupons and gift vouchers (docs/product.md, "The merchant console" and "Rules"): what the console sets
// is what checkout enforces (window in Riyadh time, total and per-customer limits under concurrency, pause, expiry,
// products and categories), a refused change writes nothing, every change has its audit row.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSingleUseCoupon } from '~/storage/coupon-store'
import { call, newGuestCart, newPhone, orderBody, sellableSku, type Caller } from './commerce-helpers'
import { customerWithCart } from './order-helpers'
import { asStaff, joined, type Staff } from './staff-helpers'

let owner: Staff
let catalogue: Staff
beforeAll(async () => {
  owner = await joined('owner', 'Hala Alotaibi')
  catalogue = await joined('catalogue', 'Majed Alshehri')
})

const unique = () => crypto.randomUUID().slice(0, 8).toUpperCase()
/** Riyadh wall time `minutes` from now, as the console's form sends it ("2026-12-01T09:00"). */
const riyadhWall = (minutes: number) => new Date(Date.now() + minutes * 60_000 + 3 * 3600_000).toISOString().slice(0, 16)

const blank = {
  kind: 'fixed',
  value: '25',
  min_subtotal: '',
  starts: '',
  ends: '',
  max_uses: '',
  max_uses_per_customer: '',
  products: '',
  categories: '',
}
type Form = typeof blank & { code: string }

async function created(over: Partial<Form> = {}, by = owner): Promise<string> {
  const code = over.code ?? `C${unique()}`
  const answer = await asStaff(by, 'POST', '/coupons', { ...blank, ...over, code })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body.data.code as string
}

const auditRows = async (code: string) =>
  (
    await env.DB.prepare("SELECT action, actor_name FROM audit_log WHERE subject_kind = 'coupon' AND subject_id = ? ORDER BY id")
      .bind(code)
      .all<{ action: string; actor_name: string }>()
  ).results

const cheapSku = () => sellableSku('p.price BETWEEN 100 AND 2000 AND p.big_items = 0', 50)

async function cartWith(sku: string): Promise<Caller> {
  const cart = await newGuestCart('en')
  expect((await call(cart, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: '1101' } })).status).toBe(200)
  return cart
}

const apply = (cart: Caller, code: string) => call(cart, 'PUT', '/cart/applyCoupon', { couponCode: code })

/** A card order (no phone check needed) placed with `mobile` as its contact. */
async function place(cart: Caller, mobile?: string) {
  const body = await orderBody(cart, 'card')
  if (mobile) body.checkout.contact.mobile = mobile
  return call(cart, 'POST', '/cart/placeOrder', body)
}

describe('creating and editing coupons', () => {
  it('creates a coupon in upper case, refuses the same code in any case, and audits the one that landed', async () => {
    const code = await created({ code: `new${unique()}`.toLowerCase(), kind: 'percent', value: '15' }, catalogue)
    expect(code).toBe(code.toUpperCase())
    const again = await asStaff(owner, 'POST', '/coupons', { ...blank, code: code.toLowerCase() })
    expect(again.status).toBe(409)
    expect(again.body.error.issues).toEqual(['code:taken'])
    expect(await auditRows(code)).toEqual([{ action: 'coupon.create', actor_name: 'Majed Alshehri' }])
    const listed = await asStaff(owner, 'GET', '/coupons')
    expect(listed.body.data.coupons.find((c: { code: string }) => c.code === code)).toMatchObject({ kind: 'percent', amount: 15, state: 'active' })
  })

  it('names every refused field, and writes nothing', async () => {
    const code = `BAD${unique()}`
    const refused = await asStaff(owner, 'POST', '/coupons', {
      ...blank,
      code,
      value: '12.345',
      min_subtotal: 'ten',
      starts: riyadhWall(60),
      ends: riyadhWall(30),
      max_uses: '0',
      products: 'NO-SUCH-SKU',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error.issues).toEqual(['value:amount', 'min_subtotal:minimum', 'ends:window', 'max_uses:limit'])
    const unknown = await asStaff(owner, 'POST', '/coupons', { ...blank, code, products: 'NO-SUCH-SKU' })
    expect(unknown.body.error.issues).toEqual(['products:unknown', 'NO-SUCH-SKU'])
    expect(await env.DB.prepare('SELECT count(*) AS n FROM coupons WHERE code = ?').bind(code).first('n')).toBe(0)
    expect(await auditRows(code)).toEqual([])
  })

  it('keeps money exact to the halala', async () => {
    const code = await created({ value: '19.99', min_subtotal: '100.10' })
    const detail = await asStaff(owner, 'GET', `/coupons/${code}`)
    expect(detail.body.data.coupon).toMatchObject({ amount: 19.99, min_subtotal: 100.1 })
  })

  it("refuses a save made on an older version, leaving the other staff member's save and one audit row", async () => {
    const code = await created({ value: '10' })
    const read = (await asStaff(owner, 'GET', `/coupons/${code}`)).body.data.coupon
    const first = await asStaff(catalogue, 'POST', `/coupons/${code}`, { form: { ...blank, code, value: '20' }, version: read.updated_at })
    expect(first.status).toBe(200)
    const second = await asStaff(owner, 'POST', `/coupons/${code}`, { form: { ...blank, code, value: '30' }, version: read.updated_at })
    expect(second.status).toBe(409)
    expect(second.body.error.issues).toEqual(['stale'])
    expect((await asStaff(owner, 'GET', `/coupons/${code}`)).body.data.coupon.amount).toBe(20)
    expect((await auditRows(code)).map((r) => r.action)).toEqual(['coupon.create', 'coupon.edit'])
  })

  it('pauses once, resumes, and expires now; a repeated click writes nothing', async () => {
    const code = await created()
    expect((await asStaff(owner, 'POST', `/coupons/${code}/pause`)).body.data.already).toBe(false)
    expect((await asStaff(owner, 'POST', `/coupons/${code}/pause`)).body.data.already).toBe(true)
    expect((await asStaff(owner, 'GET', `/coupons/${code}`)).body.data.coupon.state).toBe('paused')
    expect((await asStaff(owner, 'POST', `/coupons/${code}/resume`)).body.data.already).toBe(false)
    expect((await asStaff(owner, 'POST', `/coupons/${code}/expire`)).body.data.already).toBe(false)
    expect((await asStaff(owner, 'POST', `/coupons/${code}/expire`)).body.data.already).toBe(true)
    expect((await asStaff(owner, 'GET', `/coupons/${code}`)).body.data.coupon.state).toBe('expired')
    expect((await auditRows(code)).map((r) => r.action)).toEqual(['coupon.create', 'coupon.pause', 'coupon.resume', 'coupon.expire'])
  })
})

describe('what the console sets, checkout enforces', () => {
  it('opens and closes the window at its Riyadh minutes', async () => {
    const sku = await cheapSku()
    const opened = await created({ starts: riyadhWall(-1), ends: riyadhWall(60) })
    const notYet = await created({ starts: riyadhWall(2) })
    const closed = await created({ starts: riyadhWall(-60), ends: riyadhWall(-1) })
    expect((await apply(await cartWith(sku), opened)).status).toBe(200)
    expect((await apply(await cartWith(sku), notYet)).status).toBe(400)
    expect((await apply(await cartWith(sku), closed)).body.code).toBe('coupon_invalid')
  })

  it('refuses a paused or expired coupon, at applying and at placing', async () => {
    const sku = await cheapSku()
    const paused = await created()
    const expired = await created()
    const [first, second] = [await cartWith(sku), await cartWith(sku)]
    expect((await apply(first, paused)).status).toBe(200)
    expect((await apply(second, expired)).status).toBe(200)
    await asStaff(owner, 'POST', `/coupons/${paused}/pause`)
    await asStaff(owner, 'POST', `/coupons/${expired}/expire`)
    expect((await apply(await cartWith(sku), paused)).status).toBe(400)
    for (const cart of [first, second]) {
      const placed = await place(cart)
      expect(placed.status).toBe(409)
      expect(placed.body.code).toBe('coupon_invalid')
    }
  })

  it('lets one of two orders at once take the last use', async () => {
    const sku = await cheapSku()
    const code = await created({ max_uses: '1' })
    const carts = [await cartWith(sku), await cartWith(sku)]
    for (const cart of carts) expect((await apply(cart, code)).status).toBe(200)
    const placed = await Promise.all(carts.map((cart) => place(cart)))
    expect(placed.map((p) => p.status).sort()).toEqual([200, 409])
    expect(placed.find((p) => p.status === 409)!.body.code).toBe('coupon_used_up')
  })

  it('lets one customer use it as often as it allows, even two orders at once, and others still can', async () => {
    const sku = await cheapSku()
    const code = await created({ max_uses_per_customer: '1' })
    const mobile = newPhone().local
    const carts = [await cartWith(sku), await cartWith(sku), await cartWith(sku)]
    for (const cart of carts) expect((await apply(cart, code)).status).toBe(200)
    const placed = await Promise.all(carts.slice(0, 2).map((cart) => place(cart, mobile)))
    expect(placed.map((p) => p.status).sort()).toEqual([200, 409])
    const refused = placed.find((p) => p.status === 409)!
    expect(refused.body.code).toBe('coupon_customer_limit')
    expect(refused.body.message).toContain(code)
    expect((await place(carts[2]!, newPhone().local)).status).toBe(200)
    const detail = (await asStaff(owner, 'GET', `/coupons/${code}`)).body.data
    expect(detail.orders).toBe(2)
    expect(detail.uses).toHaveLength(2)
    expect(detail.revenue).toBe(detail.uses.reduce((sum: number, use: { grand_total: number }) => sum + use.grand_total, 0))
    expect(detail.uses[0].customer_name).toBe('Sara Al-Qahtani')
    // The catalogue role manages coupons but may not read customers: the orders are shown, not who placed them.
    const asCatalogue = (await asStaff(catalogue, 'GET', `/coupons/${code}`)).body.data
    expect(asCatalogue.uses[0]).toMatchObject({ customer_name: null, email: null })
  })

  it('discounts only the products and categories it is kept to', async () => {
    const a = await sellableSku('p.price BETWEEN 300 AND 2000 AND p.big_items = 0', 50)
    const b = await sellableSku(
      `p.price BETWEEN 300 AND 2000 AND p.big_items = 0 AND p.main_category_id <> (SELECT main_category_id FROM products WHERE sku = '${a}')`,
      50,
    )
    const { category } = (await env.DB.prepare(
      'SELECT c.url_key AS category FROM products p JOIN categories c ON c.id = p.main_category_id WHERE p.sku = ?',
    )
      .bind(b)
      .first<{ category: string }>())!
    const bySku = await created({ kind: 'percent', value: '10', products: a })
    const byCategory = await created({ kind: 'percent', value: '10', categories: category })
    const cart = await cartWith(a)
    await call(cart, 'POST', '/cart/add', { sku: b, qty: 1, extension_attributes: { region: '1101' } })
    const lines = (await call(cart, 'GET', '/cart')).body.cart.cartItems as { sku: string; row_total: number }[]
    const rowOf = (sku: string) => lines.find((l) => l.sku === sku)!.row_total
    const withSku = await apply(cart, bySku)
    expect(withSku.body.cart.totals.coupon_discount).toBeCloseTo(rowOf(a) / 10, 2)
    const withCategory = await apply(cart, byCategory)
    expect(withCategory.body.cart.totals.coupon_discount).toBeCloseTo(rowOf(b) / 10, 2)
  })

  it('asks the shopper to look again when the terms changed after applying, and then places it', async () => {
    const sku = await cheapSku()
    const code = await created({ value: '10' })
    const cart = await cartWith(sku)
    await apply(cart, code)
    const read = (await asStaff(owner, 'GET', `/coupons/${code}`)).body.data.coupon
    await asStaff(owner, 'POST', `/coupons/${code}`, { form: { ...blank, code, value: '30' }, version: read.updated_at })
    const first = await place(cart)
    expect(first.status).toBe(409)
    expect(first.body.code).toBe('coupon_changed')
    expect((await call(cart, 'GET', '/cart')).body.cart.totals.coupon_discount).toBe(30)
    expect((await place(cart)).status).toBe(200)
  })
})

describe('a one-use coupon minted for one shopper', () => {
  it('is used once, by that customer only', async () => {
    const { me } = await customerWithCart('1 = 1')
    const customerId = (await env.DB.prepare('SELECT customer_id FROM customer_quotes WHERE quote_id = ?')
      .bind(me.quote)
      .first<number>('customer_id'))!
    const code = await createSingleUseCoupon(env, {
      customerId,
      kind: 'fixed',
      amount: 20,
      days: 3,
      prefix: 'BACK',
      by: { actor: { kind: 'token', id: null, name: 'abandoned carts', role: 'owner' }, requestId: 'test', at: new Date() },
    })
    expect(code).toMatch(/^BACK[A-Z2-9]{8}$/)
    expect((await apply(await cartWith(await cheapSku()), code)).status).toBe(400)
    expect((await apply(me, code)).status).toBe(200)
    expect(await auditRows(code)).toEqual([{ action: 'coupon.mint', actor_name: 'abandoned carts' }])
    const listed = (await asStaff(owner, 'GET', '/coupons')).body.data.coupons as { code: string }[]
    expect(listed.some((c) => c.code === code)).toBe(false)
  })
})

describe('gift vouchers', () => {
  it("shows a voucher's balance and the orders that spent from it, to a role that reads orders", async () => {
    const found = await asStaff(owner, 'GET', '/gift-vouchers/gift-7q4m-9xk2')
    expect(found.status).toBe(200)
    expect(found.body.data).toMatchObject({ voucher: 'GIFT-7Q4M-9XK2' })
    expect(Number.isInteger(found.body.data.balance)).toBe(true)
    expect(Array.isArray(found.body.data.spends)).toBe(true)
    expect((await asStaff(catalogue, 'GET', '/gift-vouchers/GIFT-7Q4M-9XK2')).status).toBe(403)
    expect((await asStaff(owner, 'GET', '/gift-vouchers/GIFT-NONE-NONE')).status).toBe(404)
  })
})
