// The seed: a believable catalogue with every state, loaded idempotently; and the footer sign-up.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { generateCatalogue } from '~/seed/demo-catalogue'
import { seedStatements } from '~/seed/sql'

const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n

describe('seed', () => {
  it('holds at least 600 products over at least 10 top categories with sub-categories', async () => {
    expect(await count('SELECT count(*) AS n FROM products')).toBeGreaterThanOrEqual(600)
    expect(await count('SELECT count(*) AS n FROM categories WHERE parent_id IS NULL')).toBeGreaterThanOrEqual(10)
    expect(await count('SELECT count(*) AS n FROM categories WHERE parent_id IS NOT NULL')).toBeGreaterThanOrEqual(20)
  })

  it('spreads every state the storefront shows', async () => {
    const states: Record<string, string> = {
      'discount in its window': "special_price IS NOT NULL AND discounted_price_to > '2026-11-21'",
      'discount outside its window': "special_price IS NOT NULL AND discounted_price_to < '2026-11-21'",
      'pre-order': 'back_orders = 101',
      'not for sale': 'not_for_sale = 1',
      'big item': 'big_items = 1',
      'fast delivery': 'fast_delivery = 1',
      '24-hour delivery': 'delivery_within_24_hours = 1',
      labels: "labels != '[]'",
      'configurable options': "type_id = 'configurable'",
      tabby: 'eligible_for_tabby = 1',
      tamara: 'eligible_for_tamara = 1',
    }
    for (const [name, where] of Object.entries(states)) {
      expect(await count(`SELECT count(*) AS n FROM products WHERE ${where}`), name).toBeGreaterThan(0)
    }
    expect(await count('SELECT count(DISTINCT product_id) AS n FROM product_fee_options'), 'fees').toBeGreaterThan(0)
    expect(await count('SELECT count(*) AS n FROM stock WHERE qty = 0 AND region_id != 1101'), 'out in some cities').toBeGreaterThan(0)
    // Big items are only ever stocked in Riyadh.
    expect(
      await count(
        'SELECT count(*) AS n FROM stock s JOIN products p ON p.entity_id = s.product_id WHERE p.big_items = 1 AND s.region_id != 1101 AND s.qty > 0',
      ),
    ).toBe(0)
  })

  it('is idempotent and never undoes stock already sold', async () => {
    const before = await count('SELECT count(*) AS n FROM products')
    await env.DB.prepare('UPDATE stock SET qty = 0 WHERE product_id = 1001 AND region_id = 1101').run()
    await env.DB.batch(seedStatements().map((sql) => env.DB.prepare(sql)))
    expect(await count('SELECT count(*) AS n FROM products')).toBe(before)
    expect(await count('SELECT qty AS n FROM stock WHERE product_id = 1001 AND region_id = 1101')).toBe(0)
  })

  it('seeds over an older catalogue whose products had each other’s SKUs and addresses', async () => {
    // As a store seeded before the catalogue renamed its lines: product 1001 holds what the seed gives 1002, and back.
    const [a, b] = (
      await env.DB.prepare('SELECT entity_id, sku, rewrite_url FROM products WHERE entity_id IN (1001, 1002) ORDER BY entity_id').all<{
        entity_id: number
        sku: string
        rewrite_url: string
      }>()
    ).results
    await env.DB.batch([
      env.DB.prepare("UPDATE products SET sku = 'swap', rewrite_url = 'swap' WHERE entity_id = 1001"),
      env.DB.prepare('UPDATE products SET sku = ?, rewrite_url = ? WHERE entity_id = 1002').bind(a!.sku, a!.rewrite_url),
      env.DB.prepare('UPDATE products SET sku = ?, rewrite_url = ? WHERE entity_id = 1001').bind(b!.sku, b!.rewrite_url),
    ])
    await env.DB.batch(seedStatements().map((sql) => env.DB.prepare(sql)))
    const after = (await env.DB.prepare('SELECT entity_id, sku, rewrite_url FROM products WHERE entity_id IN (1001, 1002) ORDER BY entity_id').all())
      .results
    expect(after).toEqual([a, b])
  })

  it('generates the same catalogue every time, and a larger one on demand', () => {
    expect(seedStatements()).toEqual(seedStatements())
    const large = generateCatalogue({ products: 3000 })
    expect(large.products.length).toBeGreaterThanOrEqual(3000)
    expect(new Set(large.products.map((p) => p.sku)).size).toBe(large.products.length)
    expect(new Set(large.products.map((p) => p.rewrite_url)).size).toBe(large.products.length)
  })
})

describe('POST /api/newsletter', () => {
  const post = (body: unknown) =>
    SELF.fetch('https://matjar.test/api/newsletter?lang=en', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('stores a valid address once, lower-cased, and answers the same for a repeat', async () => {
    expect((await post({ email: 'Shopper@Example.com' })).status).toBe(200)
    expect((await post({ email: 'shopper@example.com' })).status).toBe(200)
    expect(await count("SELECT count(*) AS n FROM newsletter_subscribers WHERE email = 'shopper@example.com'")).toBe(1)
  })

  it.each([{ email: 'not-an-email' }, { email: '' }, {}, { email: 42 }, { email: `${'a'.repeat(250)}@x.com` }])('rejects %j', async (body) => {
    const response = await post(body)
    expect(response.status).toBe(400)
    expect(((await response.json()) as any).error.message).toBe('The request is not valid. Check the data sent.')
  })
})
