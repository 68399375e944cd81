// Properties of the cart over the Direct API in workerd (issue 31, item 4): random sequences of adds, quantity
// changes, removals and the coupon, against a small reference model of what the cart must hold and cost; and random
// bodies at the cart routes, which must be refused with a 4xx and change nothing, never answered with a 5xx.
import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { appConfig } from '../../app.config'
import { pricesWithTax, type PriceFields } from '../../src/domain/pricing'
import { deliveryFee } from '../../src/domain/shipping'
import { call, newGuestCart, type Caller } from './commerce-helpers'

/** How many random sequences (and bodies) each property tries: printed in the test names. */
const runs = 100

interface Product extends PriceFields {
  sku: string
}
let products: Product[] = []
let coupon: { amount: number; min_subtotal: number }

beforeAll(async () => {
  // Four simple products with stock to spare in Riyadh, so only the cart's own rules can refuse an add.
  products = (
    await env.DB.prepare(
      `SELECT sku, price, special_price, discounted_price_from, discounted_price_to FROM products
       WHERE type_id = 'simple' AND not_for_sale = 0 AND back_orders = 0 AND big_items = 0 ORDER BY entity_id LIMIT 4`,
    ).all<Product>()
  ).results
  await env.DB.prepare(
    `INSERT OR REPLACE INTO stock (product_id, region_id, qty) SELECT entity_id, 1101, 100000 FROM products WHERE sku IN (${products.map(() => '?').join(',')})`,
  )
    .bind(...products.map((p) => p.sku))
    .run()
  coupon = (await env.DB.prepare(`SELECT amount, min_subtotal FROM coupons WHERE code = 'WELCOME10' AND kind = 'percent'`).first())!
})

type Command =
  | { op: 'add'; product: number; qty: number }
  | { op: 'update'; product: number; qty: number }
  | { op: 'remove'; product: number }
  | { op: 'coupon'; on: boolean }

// Quantities lean to the edges of the per-line limit (1, and 98-99 before an add of 1 or 2), where a rule off by one
// shows; in between, anything the schema accepts.
const max = appConfig.cart.maxQtyPerLine
const addQty = fc.oneof(fc.integer({ min: 1, max }), fc.constantFrom(1, 2))
const updateQty = fc.oneof(fc.integer({ min: 1, max }), fc.constantFrom(max - 1, max))
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), product: fc.nat(3), qty: addQty }),
  fc.record({ op: fc.constant('update' as const), product: fc.nat(3), qty: updateQty }),
  fc.record({ op: fc.constant('remove' as const), product: fc.nat(3) }),
  fc.record({ op: fc.constant('coupon' as const), on: fc.boolean() }),
)

/** The reference model: quantities by sku, whether the coupon is on, and what the totals must then be. */
class Model {
  readonly qty = new Map<string, number>()
  couponOn = false
  expectedTotals(now: Date) {
    let subtotal = 0
    let items = 0
    for (const product of products) {
      const n = this.qty.get(product.sku) ?? 0
      subtotal += pricesWithTax(product, now).price * n
      items += n
    }
    const round2 = (n: number) => Math.round(n * 100) / 100
    const couponDiscount = this.couponOn && subtotal >= coupon.min_subtotal ? (subtotal * coupon.amount) / 100 : 0
    const afterDiscounts = Math.max(0, subtotal - couponDiscount)
    const delivery = deliveryFee('standard', afterDiscounts, items > 0)
    return { subtotal: round2(subtotal), items_qty: items, coupon_discount: round2(couponDiscount), grand_total: round2(afterDiscounts + delivery) }
  }
}

type Line = { item_id: number; sku: string; qty: number }

async function apply(caller: Caller, model: Model, lines: Line[], c: Command): Promise<{ status: number }> {
  const sku = products[c.op === 'coupon' ? 0 : c.product]!.sku
  const line = lines.find((l) => l.sku === sku)
  switch (c.op) {
    case 'add': {
      const answer = await call(caller, 'POST', '/cart/add', { sku, qty: c.qty, extension_attributes: { region: '1101' } })
      const next = (line?.qty ?? 0) + c.qty
      // The rule: a line never holds more than the most one line may hold; past it the add is refused whole.
      if (next <= max) expect(answer.status).toBe(200)
      else expect(answer.status).toBeGreaterThanOrEqual(400)
      if (answer.status === 200) model.qty.set(sku, next)
      return answer
    }
    case 'update': {
      if (!line) return { status: 0 }
      const answer = await call(caller, 'PUT', '/cart/updateItem', { itemId: line.item_id, qty: c.qty })
      expect(answer.status).toBe(200)
      model.qty.set(sku, c.qty)
      return answer
    }
    case 'remove': {
      if (!line) return { status: 0 }
      const answer = await call(caller, 'DELETE', `/cart/item/${line.item_id}`)
      expect(answer.status).toBe(200)
      model.qty.delete(sku)
      return answer
    }
    case 'coupon': {
      const answer = c.on
        ? await call(caller, 'PUT', '/cart/applyCoupon', { couponCode: 'WELCOME10' })
        : await call(caller, 'DELETE', '/cart/deleteCoupon')
      // Applying may be refused (an empty cart); what was answered 200 is what the model takes.
      if (answer.status === 200) model.couponOn = c.on
      return answer
    }
  }
}

describe('the cart against a reference model', () => {
  it(`keeps its lines and totals equal to the model over ${runs} random sequences of up to 12 changes`, { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        const caller = await newGuestCart('en', '1101')
        const model = new Model()
        let lines: Line[] = []
        for (const c of commands) {
          const answer = await apply(caller, model, lines, c)
          expect(answer.status).toBeLessThan(500)
          const cart = (await call(caller, 'GET', '/cart')).body.cart
          lines = cart.cartItems
          expect(Object.fromEntries(lines.map((l) => [l.sku, l.qty]))).toEqual(Object.fromEntries(model.qty))
          expect(cart.totals).toMatchObject(model.expectedTotals(new Date()))
        }
      }),
      { numRuns: runs },
    )
  })
})

describe('random bodies at the cart routes', () => {
  const anyJson = fc.oneof(fc.jsonValue(), fc.string(), fc.dictionary(fc.string(), fc.jsonValue()))
  const routes = [
    ['POST', '/cart/add'],
    ['PUT', '/cart/updateItem'],
    ['PUT', '/cart/applyCoupon'],
    ['POST', '/cart/placeOrder'],
    ['POST', '/cart/multiplev2'],
  ] as const

  it(`refuses ${runs} random bodies at each of ${routes.length} routes with a 4xx and changes nothing`, { timeout: 240_000 }, async () => {
    const caller = await newGuestCart('en', '1101')
    await call(caller, 'POST', '/cart/add', { sku: products[0]!.sku, qty: 2, extension_attributes: { region: '1101' } })
    const before = (await call(caller, 'GET', '/cart')).body.cart
    for (const [method, path] of routes) {
      await fc.assert(
        fc.asyncProperty(anyJson, async (body) => {
          const answer = await call(caller, method, path, typeof body === 'string' ? body : JSON.stringify(body))
          expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400)
          expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500)
        }),
        { numRuns: runs },
      )
    }
    const after = (await call(caller, 'GET', '/cart')).body.cart
    expect(after.cartItems).toEqual(before.cartItems)
    expect(after.totals).toEqual(before.totals)
  })
})
