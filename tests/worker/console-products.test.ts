// The console's products and stock (docs/product.md, "The merchant console"; docs/decisions/0030-console-edits-share-the-import.md): a save goes through
// the import's check and SQL in one batch with its audit row, the shopper's next view of the product page and of its
// category shows it, a stale save is refused with who and when and changes nothing, refused fields change nothing,
// stock edits count together and record their reason, and the low-stock list follows each product's threshold.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { riyadhMinuteOf } from '@/domain/product-edit'
import { productDetail } from '~/storage/product-store'
import { consoleProductStore } from '~/storage/console-product-store'
import worker from '../../src/worker-entry'
import { asStaff, joined, type Staff } from './staff-helpers'

const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' }

/** One view, with the Worker's background work (the cache write) finished before the next. */
async function view(path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(`https://matjar.test${path}`, { headers: { ...browser, ...headers } }), env, ctx)
  const html = await response.text()
  await waitOnExecutionContext(ctx)
  return { status: response.status, outcome: response.headers.get('x-page-cache'), html }
}

const taken: string[] = []

/** The most popular simple product with stock in Riyadh no test took yet: first on its category's page. */
async function topProduct() {
  const product = (await env.DB.prepare(
    `SELECT p.entity_id AS id, p.sku, p.rewrite_url AS url, p.name_en, p.price, c.url_key AS category
     FROM products p JOIN categories c ON c.id = p.main_category_id JOIN stock s ON s.product_id = p.entity_id AND s.region_id = 1101
     WHERE p.type_id = 'simple' AND p.parent_id IS NULL AND p.not_for_sale = 0 AND p.back_orders = 0 AND s.qty > 0
       AND p.sku NOT IN (SELECT value FROM json_each(?1))
     ORDER BY p.popularity DESC LIMIT 1`,
  )
    .bind(JSON.stringify(taken))
    .first<{ id: number; sku: string; url: string; name_en: string; price: number; category: string }>())!
  taken.push(product.sku)
  return product
}

/** The form as GET /ops/products/{sku} gives it, ready to change and send back. */
async function formOf(staff: Staff, sku: string) {
  const { body } = await asStaff(staff, 'GET', `/products/${sku}`)
  const p = body.data.product
  return {
    version: p.version as number,
    name: { ar: p.name_ar, en: p.name_en },
    description: { ar: p.description_ar, en: p.description_en },
    price: p.price as number,
    special_price: p.special_price as number | null,
    special_from: riyadhMinuteOf(p.discounted_price_from),
    special_to: riyadhMinuteOf(p.discounted_price_to),
    hidden: p.hidden === 1,
    not_for_sale: p.not_for_sale === 1,
    preorder: false,
    preorder_note: null,
    big_items: p.big_items === 1,
    fast_delivery: p.fast_delivery === 1,
    delivery_within_24_hours: p.delivery_within_24_hours === 1,
    eligible_for_tabby: p.eligible_for_tabby === 1,
    eligible_for_tamara: p.eligible_for_tamara === 1,
    images: JSON.parse(p.images) as string[],
    low_stock: p.low_stock as number | null,
  }
}

const row = (sku: string) => env.DB.prepare('SELECT * FROM products WHERE sku = ?').bind(sku).first<Record<string, unknown>>()
const auditRows = (sku: string, action: string) =>
  env.DB.prepare("SELECT * FROM audit_log WHERE subject_kind = 'product' AND subject_id = ? AND action = ? ORDER BY id").bind(sku, action).all()
const stockIn = async (sku: string, region: number) =>
  (
    await env.DB.prepare('SELECT s.qty FROM stock s JOIN products p ON p.entity_id = s.product_id WHERE p.sku = ? AND s.region_id = ?')
      .bind(sku, region)
      .first<{ qty: number }>()
  )?.qty ?? null

/** A window around now in Riyadh time (`YYYY-MM-DD HH:MM`), as the form sends it. */
const riyadh = (offsetMs: number) => new Date(Date.now() + offsetMs + 3 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')

describe('a product saved from the console', () => {
  it('goes through the import, with its audit row, and the next view of its page and category shows the sale price', async () => {
    const staff = await joined('catalogue', 'Noura Alqahtani')
    const product = await topProduct()
    // Both pages cached before the change.
    await view(`/en/product/${product.url}`)
    expect((await view(`/en/product/${product.url}`)).outcome).toBe('hit')
    await view(`/en/${product.category}`)
    const listing = await view(`/en/${product.category}`)
    expect(listing.outcome).toBe('hit')
    expect(listing.html).toContain(product.name_en)

    const form = await formOf(staff, product.sku)
    const saved = await asStaff(staff, 'POST', `/products/${product.sku}`, {
      ...form,
      price: 24680,
      special_price: 13579,
      special_from: riyadh(-3600_000),
      special_to: riyadh(2 * 86400_000),
    })
    expect(saved.status).toBe(200)
    expect(saved.body.data.product).toMatchObject({ price: 24680, special_price: 13579, version: form.version + 1, updated_by: 'Noura Alqahtani' })

    const page = await view(`/en/product/${product.url}`)
    expect(page.outcome).toBe('miss')
    expect(page.html).toContain('13,579')
    const category = await view(`/en/${product.category}`)
    expect(category.outcome).toBe('miss')
    expect(category.html).toContain('13,579')

    const [audit] = (await auditRows(product.sku, 'product.edit')).results as { actor_name: string; before_json: string; after_json: string }[]
    expect(audit!.actor_name).toBe('Noura Alqahtani')
    expect(JSON.parse(audit!.before_json)).toMatchObject({ price: product.price })
    expect(JSON.parse(audit!.after_json)).toMatchObject({ price: 24680, special_price: 13579 })
  })

  it('refuses a stale save (another staff member saved first) with who and when, and changes nothing', async () => {
    const first = await joined('catalogue', 'Faisal Alotaibi')
    const second = await joined('owner', 'Hessa Aldosari')
    const product = await topProduct()
    const [a, b] = [await formOf(first, product.sku), await formOf(second, product.sku)]
    expect((await asStaff(first, 'POST', `/products/${product.sku}`, { ...a, price: 999 })).status).toBe(200)
    const after = await row(product.sku)
    const audits = (await auditRows(product.sku, 'product.edit')).results.length

    const refused = await asStaff(second, 'POST', `/products/${product.sku}?lang=en`, { ...b, price: 555 })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatchObject({ code: 'product_changed', changed_by: 'Faisal Alotaibi', changed_at: after!.updated_at })
    expect(refused.body.error.message).toMatch(/^Faisal Alotaibi changed this product at .+, after you opened it/)
    const arabic = await asStaff(second, 'POST', `/products/${product.sku}?lang=ar`, { ...b, price: 555 })
    expect(arabic.body.error.message).toMatch(/^عدّل Faisal Alotaibi هذا المنتج/)
    expect(await row(product.sku)).toEqual(after)
    expect((await auditRows(product.sku, 'product.edit')).results.length).toBe(audits)
  })

  it('lets only one of two saves of the same version land when they run at once (the version check in the batch)', async () => {
    const [one, two] = [await joined('catalogue', 'One'), await joined('catalogue', 'Two')]
    const product = await topProduct()
    const form = await formOf(one, product.sku)
    const answers = await Promise.all([
      asStaff(one, 'POST', `/products/${product.sku}`, { ...form, price: 1001 }),
      asStaff(two, 'POST', `/products/${product.sku}`, { ...form, price: 1002 }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const landed = answers.find((answer) => answer.status === 200)!.body.data.product
    expect(await row(product.sku)).toMatchObject({ price: landed.price, version: form.version + 1 })
  })

  it('refuses bad fields in the staff member`s language and changes nothing', async () => {
    const staff = await joined('catalogue')
    const product = await topProduct()
    const form = await formOf(staff, product.sku)
    const before = await row(product.sku)
    const bad = {
      ...form,
      name: { ar: 'Latin only', en: form.name.en },
      special_price: form.price + 1,
      special_from: '2026-12-05 10:00',
      special_to: '2026-12-01 10:00',
      images: ['http://127.0.0.1/x.png'],
    }
    const ar = await asStaff(staff, 'POST', `/products/${product.sku}?lang=ar`, bad)
    expect(ar.status).toBe(400)
    expect(ar.body.error.fields).toEqual({
      name_ar: 'اكتب الاسم أو الوصف العربي بحروف عربية.',
      special_price: 'يجب أن يكون سعر التخفيض أقل من السعر.',
      special_to: 'يجب أن ينتهي التخفيض بعد بدايته.',
      images: expect.stringContaining('عنوان صورة غير مقبول'),
    })
    const en = await asStaff(staff, 'POST', `/products/${product.sku}?lang=en`, bad)
    expect(en.body.error.fields.special_price).toBe('The sale price must be below the price.')
    // What only the import's check knows: a direction control inside a name.
    const hidden = await asStaff(staff, 'POST', `/products/${product.sku}?lang=en`, { ...form, name: { ...form.name, en: 'Charger \u202Egnp.exe' } })
    expect(hidden.status).toBe(400)
    expect(hidden.body.error.issues[0]).toContain('name.en: holds an invisible direction control (U+202E)')
    // Not even the shape: a price as text.
    expect((await asStaff(staff, 'POST', `/products/${product.sku}`, { ...form, price: '10' })).status).toBe(400)
    expect(await row(product.sku)).toEqual(before)
    expect((await auditRows(product.sku, 'product.edit')).results).toEqual([])
  })

  it('hides a product: its page is gone and its category no longer lists it', async () => {
    const staff = await joined('catalogue')
    const product = await topProduct()
    await view(`/en/${product.category}`)
    const form = await formOf(staff, product.sku)
    expect((await asStaff(staff, 'POST', `/products/${product.sku}`, { ...form, hidden: true })).status).toBe(200)
    expect((await view(`/en/product/${product.url}`)).status).toBe(404)
    expect((await view(`/en/${product.category}`)).html).not.toContain(`/product/${product.url}"`)
    const list = await asStaff(staff, 'GET', `/products?q=${product.sku}`)
    expect(list.body.data.products[0]).toMatchObject({ sku: product.sku, hidden: 1 })
    expect((await asStaff(staff, 'POST', `/products/${product.sku}`, { ...form, version: form.version + 1, hidden: false })).status).toBe(200)
    expect((await view(`/en/product/${product.url}`)).status).toBe(200)
  })

  it('finds products by SKU, by an Arabic name typed with other letter forms, and by category', async () => {
    const staff = await joined('catalogue')
    const product = await topProduct()
    await env.DB.prepare("UPDATE products SET name_ar = 'أسطوانة تجريبية إضافية' WHERE sku = ?").bind(product.sku).run()
    const byName = await asStaff(staff, 'GET', `/products?q=${encodeURIComponent('اسطوانه تجريبيه')}`)
    expect(byName.body.data.products.map((p: { sku: string }) => p.sku)).toEqual([product.sku])
    const bySku = await asStaff(staff, 'GET', `/products?q=${product.sku.toLowerCase()}`)
    expect(bySku.body.data.products[0].sku).toBe(product.sku)
    const byCategory = await asStaff(staff, 'GET', `/products?category=${product.category}&q=${product.sku}`)
    expect(byCategory.body.data.products.map((p: { sku: string }) => p.sku)).toEqual([product.sku])
    expect((await asStaff(staff, 'GET', `/products?category=no-such-category`)).body.data.products).toEqual([])
  })
})

describe('a stock edit from the console', () => {
  it('counts two edits made at once, records the reason, and a city that had none sells it on the next view', async () => {
    const staff = await joined('catalogue', 'Saad Almutairi')
    const product = await topProduct()
    await env.DB.prepare('UPDATE stock SET qty = 0 WHERE product_id = ? AND region_id = 1102').bind(product.id).run()
    const jeddah = { cookie: 'region_id=1102' }
    await view(`/en/product/${product.url}`, jeddah)
    expect((await view(`/en/product/${product.url}`, jeddah)).html).toContain('Out of stock')

    const answers = await Promise.all([
      asStaff(staff, 'POST', `/products/${product.sku}/stock`, { changes: [{ region_id: 1102, add: 3 }], reason: 'transfer', note: 'from Riyadh' }),
      asStaff(staff, 'POST', `/products/${product.sku}/stock`, { changes: [{ region_id: 1102, add: 4 }], reason: 'count' }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(await stockIn(product.sku, 1102)).toBe(7)
    const page = await view(`/en/product/${product.url}`, jeddah)
    expect(page.outcome).toBe('miss')
    expect(page.html).not.toContain('Out of stock')
    expect((await productDetail(env.DB, product.url, 'en', 1102, { now: new Date(), relatedLimit: 1 }))?.product.in_stock).toBe(true)

    const audits = (await auditRows(product.sku, 'stock.change')).results as { actor_name: string; before_json: string; after_json: string }[]
    expect(audits.map((a) => JSON.parse(a.after_json))).toEqual(
      expect.arrayContaining([
        { changes: [{ region_id: 1102, add: 3 }], reason: 'transfer', note: 'from Riyadh' },
        { changes: [{ region_id: 1102, add: 4 }], reason: 'count' },
      ]),
    )
    expect(audits[0]!.actor_name).toBe('Saad Almutairi')

    // A count sets the city's stock as an import does.
    expect((await asStaff(staff, 'POST', `/products/${product.sku}/stock`, { changes: [{ region_id: 1102, set: 2 }], reason: 'count' })).status).toBe(
      200,
    )
    expect(await stockIn(product.sku, 1102)).toBe(2)
  })

  it('refuses to take away more than a city holds, or without a reason, and changes nothing', async () => {
    const staff = await joined('catalogue')
    const product = await topProduct()
    await env.DB.prepare('UPDATE stock SET qty = 2 WHERE product_id = ? AND region_id = 1101').bind(product.id).run()
    const audits = (await auditRows(product.sku, 'stock.change')).results.length
    const short = await asStaff(staff, 'POST', `/products/${product.sku}/stock?lang=en`, {
      changes: [
        { region_id: 1102, add: 5 },
        { region_id: 1101, add: -3 },
      ],
      reason: 'damage',
    })
    expect(short.status).toBe(409)
    expect(short.body.error).toMatchObject({ code: 'stock_short', region_id: 1101, message: 'You cannot take away more than the city holds.' })
    expect((await asStaff(staff, 'POST', `/products/${product.sku}/stock`, { changes: [{ region_id: 1101, add: -1 }] })).status).toBe(400)
    expect((await asStaff(staff, 'POST', `/products/${product.sku}/stock`, { changes: [{ region_id: 9999, add: 1 }], reason: 'count' })).status).toBe(
      400,
    )
    expect(await stockIn(product.sku, 1101)).toBe(2)
    expect((await auditRows(product.sku, 'stock.change')).results.length).toBe(audits)
  })

  it('lists low stock per city against each product`s threshold or the store`s, and counts it', async () => {
    const staff = await joined('catalogue')
    const product = await topProduct()
    const store = consoleProductStore(env.DB)
    const countBefore = await store.lowStockCount(1112)
    // 8 units in Tabuk: not low by the store's default (5), low once the product's own threshold is 10.
    await env.DB.prepare('UPDATE stock SET qty = 8 WHERE product_id = ? AND region_id = 1112').bind(product.id).run()
    /** Every page of the city's list, as the screen's "more" walks it. */
    const listed = async () => {
      const rows: { sku: string }[] = []
      for (let offset: number | null = 0; offset !== null;) {
        const { body } = await asStaff(staff, 'GET', `/stock?region=1112&offset=${offset}`)
        rows.push(...body.data.rows)
        offset = body.data.next
      }
      return rows
    }
    expect((await listed()).some((r) => r.sku === product.sku)).toBe(false)
    const form = await formOf(staff, product.sku)
    expect((await asStaff(staff, 'POST', `/products/${product.sku}`, { ...form, low_stock: 10 })).status).toBe(200)
    expect(await listed()).toContainEqual({
      sku: product.sku,
      name_ar: expect.any(String),
      name_en: product.name_en,
      region_id: 1112,
      qty: 8,
      threshold: 10,
    })
    expect((await asStaff(staff, 'GET', '/stock?region=1112')).body.data.count).toBe(countBefore + 1)
    expect(await store.lowStockCount(1112)).toBe(countBefore + 1)
  })
})
