// A configurable product's stock follows its variants' as they sell (docs/decisions/0020-variants-are-products.md): the
// last variant sold in a city sells the parent out there, on its page, its card and the listings' city filter, and
// the cached pages showing it are purged (docs/decisions/0010-edge-page-cache.md).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import worker from '../../src/worker-entry'
import { brandSlug } from '../../src/domain/listing'
import { call, newGuestCart, orderBody } from './commerce-helpers'

const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36', cookie: 'region_id=1101' }

async function view(path: string) {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(`https://matjar.test${path}`, { headers: browser }), env, ctx)
  const html = await response.text()
  await waitOnExecutionContext(ctx)
  return { outcome: response.headers.get('x-page-cache'), html }
}

const stockOf = async (productId: number, region: number) =>
  (await env.DB.prepare('SELECT qty FROM stock WHERE product_id = ? AND region_id = ?').bind(productId, region).first<{ qty: number }>())?.qty

describe("a configurable product's stock", () => {
  it("is its variants', city by city, and the last variant sold in a city sells it out there, pages purged", async () => {
    const parent = (await env.DB.prepare(
      `SELECT p.entity_id AS id, p.rewrite_url AS url, p.brand_en AS brand, c.url_key AS category FROM products p
       JOIN product_categories pc ON pc.product_id = p.entity_id JOIN categories c ON c.id = pc.category_id
       WHERE p.type_id = 'configurable' AND p.back_orders = 0 AND p.not_for_sale = 0 AND p.big_items = 0
         AND EXISTS (SELECT 1 FROM products v WHERE v.parent_id = p.entity_id)
       ORDER BY p.entity_id LIMIT 1`,
    ).first<{ id: number; url: string; brand: string; category: string }>())!
    const variants = (
      await env.DB.prepare('SELECT entity_id AS id, sku FROM products WHERE parent_id = ? ORDER BY entity_id')
        .bind(parent.id)
        .all<{ id: number; sku: string }>()
    ).results
    // Every variant sold out in Riyadh but the last, which has one left; Jeddah keeps two of the first.
    await env.DB.batch([
      ...variants.map((v, i) =>
        env.DB.prepare('UPDATE stock SET qty = ? WHERE product_id = ? AND region_id = 1101').bind(i === variants.length - 1 ? 1 : 0, v.id),
      ),
      ...variants.map((v, i) => env.DB.prepare('UPDATE stock SET qty = ? WHERE product_id = ? AND region_id = 1102').bind(i === 0 ? 2 : 0, v.id)),
    ])
    expect(await stockOf(parent.id, 1101)).toBe(1)
    expect(await stockOf(parent.id, 1102)).toBe(2)

    const listing = `/en/${parent.category}?city=1&brand=${brandSlug(parent.brand)}`
    await view(`/en/product/${parent.url}`)
    await view(listing)
    expect((await view(`/en/product/${parent.url}`)).outcome).toBe('hit')
    const before = await view(listing)
    expect(before.outcome).toBe('hit')
    expect(before.html).toContain(`/en/product/${parent.url}`)

    // The last one in Riyadh is sold.
    const cart = await newGuestCart('en')
    const last = variants.at(-1)!
    expect((await call(cart, 'POST', '/cart/add', { sku: last.sku, qty: 1, extension_attributes: { region: '1101' } })).status).toBe(200)
    expect((await call(cart, 'POST', '/cart/placeOrder', await orderBody(cart, 'card'))).status).toBe(200)

    // The parent is sold out in Riyadh, still in stock in Jeddah, and was not itself sold.
    expect(await stockOf(parent.id, 1101)).toBe(0)
    expect(await stockOf(parent.id, 1102)).toBe(2)
    const page = await view(`/en/product/${parent.url}`)
    expect(page.outcome).toBe('miss')
    expect(page.html).toContain('Out of stock')
    const after = await view(listing)
    expect(after.outcome).toBe('miss')
    expect(after.html).not.toContain(`/en/product/${parent.url}`)
  })
})

describe("a variant's stock write", () => {
  it("reads its siblings' rows in the city, not the city's whole stock (migration 0042)", async () => {
    const variant = (await env.DB.prepare(
      `SELECT entity_id AS id FROM products WHERE parent_id IS NOT NULL AND EXISTS (SELECT 1 FROM stock s WHERE s.product_id = products.entity_id AND s.region_id = 1101) LIMIT 1`,
    ).first<{ id: number }>())!
    const cityRows = (await env.DB.prepare('SELECT count(*) AS n FROM stock WHERE region_id = 1101').first<{ n: number }>())!.n
    // Counts, not times: D1 reports the rows each statement read, its triggers' included. Before, the parent's sum read
    // every stock row of the city (about 650 at the seeded size, 100,000 at 100,000 products).
    const update = await env.DB.prepare('UPDATE stock SET qty = qty + 1 WHERE product_id = ? AND region_id = 1101').bind(variant.id).run()
    expect(cityRows).toBeGreaterThan(400)
    expect(update.meta.rows_read).toBeLessThan(40)
    const removed = await env.DB.prepare('DELETE FROM stock WHERE product_id = ? AND region_id = 1101').bind(variant.id).run()
    expect(removed.meta.rows_read).toBeLessThan(40)
    const added = await env.DB.prepare('INSERT INTO stock (product_id, region_id, qty) VALUES (?, 1101, 3)').bind(variant.id).run()
    expect(added.meta.rows_read).toBeLessThan(40)
  })
})
