// The catalogue import (docs/catalogue-import.md) against the seeded D1: the example files' SQL loads, the products
// are then read by the store's own catalogue reads and pages, a re-import updates by SKU, a removal takes a product
// off, and a file with a bad row, or SQL that fails half-way, leaves the catalogue as it was.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import categoriesCsv from '../../docs/examples/catalogue-categories.csv?raw'
import productsCsv from '../../docs/examples/catalogue.csv?raw'
import productsJson from '../../docs/examples/catalogue.json?raw'
import { readCatalogueCsv, readCatalogueJson, textCharacterProblem, type CatalogueFile } from '~/catalogue/catalogue-file'
import { isPictureAddress } from '@/domain/pictures'
import { importStatements } from '~/storage/catalogue-sql'
import { storeKeysOf, storeSnapshotOf, storeSnapshotQueries, type StoreSnapshot } from '~/storage/catalogue-snapshot'
import { allCacheKeys } from '~/storage/kv-cache'
import { productDetail, productStore } from '~/storage/product-store'
import { cartLineFor } from '~/commerce/carts'
import { sellableSku } from './commerce-helpers'

const now = new Date('2026-11-25T10:00:00Z')

async function storeSnapshot(): Promise<StoreSnapshot> {
  const answers = await env.DB.batch(storeSnapshotQueries.map((sql) => env.DB.prepare(sql)))
  return storeSnapshotOf(answers.map((answer) => answer.results) as unknown as Parameters<typeof storeSnapshotOf>[0])
}

/** What `npm run catalogue:import` does after checking: the SQL in one go, then the cached keys dropped. */
async function load(file: CatalogueFile, snapshot: StoreSnapshot): Promise<void> {
  await env.DB.batch(importStatements(file, snapshot, now).map((sql) => env.DB.prepare(sql)))
  await Promise.all(allCacheKeys().map((key) => env.CACHE.delete(key)))
}

const counts = () =>
  env.DB.prepare(
    `SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM categories) AS categories,
            (SELECT count(*) FROM stock) AS stock, (SELECT count(*) FROM product_fee_options) AS fees,
            (SELECT group_concat(price) FROM (SELECT price FROM products ORDER BY entity_id)) AS prices`,
  ).first()

describe('catalogue import', () => {
  it('loads the example CSV, and the store then reads its products like any other', async () => {
    const before = await storeSnapshot()
    const { file, problems } = readCatalogueCsv(productsCsv, storeKeysOf(before), categoriesCsv)
    expect(problems).toEqual([])
    await load(file, before)

    const page = await productDetail(env.DB, 'ergonomic-office-chair', 'en', 1102, { now, relatedLimit: 10 })
    expect(page?.product).toMatchObject({
      sku: 'HO-CHAIR-01',
      name: 'Ergonomic Office Chair, Mesh Back',
      price: 899,
      special_price: 749,
      discounted_price_from: '2026-11-01T00:00:00+03:00',
      discounted_price_to: '2027-01-31T23:59:00+03:00',
      in_stock: true,
      image: ['/media/product/sofa-chair-black-0.svg', '/media/product/sofa-chair-black-1.svg'],
      main_category: { url_key: 'office-chairs', name: 'Office Chairs' },
      fees: [expect.objectContaining({ title: 'Assembly', price: 59 })],
      options: [
        { code: 'color', label: 'Colour', values: [expect.objectContaining({ label: 'Black' }), expect.objectContaining({ label: 'Grey' })] },
      ],
    })
    // Its pictures are the store's drawings: the first is also what a failed picture falls back to.
    expect(page?.product.drawing).toBe('/media/product/sofa-chair-black-0.svg')
    // No picture: the generated drawing of its kind.
    const lamp = await productDetail(env.DB, 'led-desk-lamp', 'ar', 1105, { now, relatedLimit: 10 })
    expect(lamp?.product).toMatchObject({ name: 'مصباح مكتب LED قابل للطي', in_stock: false })
    expect(lamp?.product.image[0]).toMatch(/^\/media\/product\/lamp-\d+-0\.svg$/)

    // The listing index and the pages (their caches dropped with the catalogue version) show it.
    const category = await SELF.fetch('https://matjar.test/en/home-office')
    expect(category.status).toBe(200)
    const html = await category.text()
    expect(html).toContain('Foldable LED Desk Lamp')
    expect(html).toContain('Height-Adjustable Standing Desk')
    const product = await SELF.fetch('https://matjar.test/product/ergonomic-office-chair')
    const productHtml = await product.text()
    expect(productHtml).toContain('كرسي مكتب مريح، ظهر شبكي')
    // Without transformations (development), the imported picture is shown from its own address, and the CSP lets a
    // picture by https URL load.
    expect(productHtml).toContain('src="/media/product/sofa-chair-black-0.svg"')
    expect(product.headers.get('content-security-policy')).toContain("img-src 'self' data: blob: https:")

    // The embedded search follows the new catalogue version: its next query builds from D1, with the picture.
    const found = await SELF.fetch('https://matjar.test/1/indexes/*/queries', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ indexName: 'products_en', query: 'ergonomic office chair' }] }),
    })
    const { results } = (await found.json()) as { results: { hits: { sku: string; image: string[] }[] }[] }
    expect(results[0]!.hits[0]).toMatchObject({
      sku: 'HO-CHAIR-01',
      image: ['/media/product/sofa-chair-black-0.svg', '/media/product/sofa-chair-black-1.svg'],
    })
  })

  it('updates by SKU from the JSON file: the same ids, the new price and stock', async () => {
    const before = await storeSnapshot()
    const chairId = before.products.get('HO-CHAIR-01')?.entity_id
    expect(chairId).toBeDefined()
    const edited = JSON.parse(productsJson) as { products: { sku: string; price: number; stock: Record<string, number> }[] }
    edited.products[1]!.price = 139
    edited.products[1]!.stock = { 1105: 7 }
    const { file, problems } = readCatalogueJson(JSON.stringify(edited), storeKeysOf(before))
    expect(problems).toEqual([])
    await load(file, before)
    expect((await storeSnapshot()).products.get('HO-CHAIR-01')?.entity_id).toBe(chairId)
    const lamp = await productDetail(env.DB, 'led-desk-lamp', 'en', 1105, { now, relatedLimit: 10 })
    expect(lamp?.product).toMatchObject({ price: 139, in_stock: true })
    const riyadh = await productDetail(env.DB, 'led-desk-lamp', 'en', 1101, { now, relatedLimit: 10 })
    expect(riyadh?.product.in_stock).toBe(false)
    // JSON carries specifications, which CSV does not.
    const chair = await productDetail(env.DB, 'ergonomic-office-chair', 'ar', 1101, { now, relatedLimit: 10 })
    expect(chair?.product.specifications).toEqual([
      { name: 'الخامة', value: 'شبك ونايلون' },
      { name: 'الحمولة القصوى', value: '120 كجم' },
    ])
  })

  it('takes a price and stock file: the columns it has change, the rest of each product stays', async () => {
    const before = await storeSnapshot()
    const { file, problems } = readCatalogueCsv('sku,price,stock\nHO-CHAIR-01,849,1101=2|1112=6\n', storeKeysOf(before))
    expect(problems).toEqual([])
    await load(file, before)
    const chair = await productDetail(env.DB, 'ergonomic-office-chair', 'en', 1112, { now, relatedLimit: 10 })
    expect(chair?.product).toMatchObject({
      name: 'Ergonomic Office Chair, Mesh Back',
      price: 849,
      special_price: 749,
      in_stock: true,
      image: ['/media/product/sofa-chair-black-0.svg', '/media/product/sofa-chair-black-1.svg'],
      main_category: { url_key: 'office-chairs' },
      fees: [expect.objectContaining({ title: 'Assembly' })],
    })
    const jeddah = await productDetail(env.DB, 'ergonomic-office-chair', 'en', 1102, { now, relatedLimit: 10 })
    expect(jeddah?.product.in_stock).toBe(false)
  })

  it("writes a configurable product's variants as the seed does: rows of their own, sold and stocked as themselves", async () => {
    const before = await storeSnapshot()
    const chairId = before.products.get('HO-CHAIR-01')!.entity_id
    const rows = [
      'sku,name_ar,name_en,description_ar,description_en,brand_ar,brand_en,price,stock,parent_sku,variant',
      'HO-CHAIR-01-BK,كرسي مكتب مريح، أسود,"Ergonomic Office Chair, Black",وصف,A chair,إرغو,Ergo,899,1101=2|1102=0,HO-CHAIR-01,color=Black',
      'HO-CHAIR-01-GR,كرسي مكتب مريح، رمادي,"Ergonomic Office Chair, Grey",وصف,A chair,إرغو,Ergo,929,1101=0|1102=4,HO-CHAIR-01,color=رمادي',
    ]
    const { file, problems } = readCatalogueCsv(rows.join('\n') + '\n', storeKeysOf(before))
    expect(problems).toEqual([])
    await load(file, before)
    const page = await productDetail(env.DB, 'ergonomic-office-chair', 'en', 1102, { now, relatedLimit: 10 })
    expect(page?.product.variants.map((v) => [v.sku, v.price, v.in_stock])).toEqual([
      ['HO-CHAIR-01-BK', 899, false],
      ['HO-CHAIR-01-GR', 929, true],
    ])
    // The parent's stock is its variants' in each city (migration 0022), and the variants are in no listing.
    const stock = await env.DB.prepare('SELECT region_id, qty FROM stock WHERE product_id = ? AND region_id IN (1101, 1102, 1105) ORDER BY region_id')
      .bind(chairId)
      .all<{ region_id: number; qty: number }>()
    expect(stock.results).toEqual([
      { region_id: 1101, qty: 2 },
      { region_id: 1102, qty: 4 },
      { region_id: 1105, qty: 0 },
    ])
    const variantIds = [...(await storeSnapshot()).products].filter(([sku]) => sku.startsWith('HO-CHAIR-01-')).map(([, p]) => p.entity_id)
    expect(await productStore(env.DB).categoriesOf(variantIds)).toEqual([])
    // Choosing Grey sells the Grey row, under its own name and price.
    const grey = await cartLineFor(env, 'HO-CHAIR-01', 1102, [{ option_id: 'color', option_value: 2 }])
    expect(grey.line).toMatchObject({ sku: 'HO-CHAIR-01-GR', name_en: 'Ergonomic Office Chair, Grey', price: 929 })
  })

  it('loads nothing from a file with a bad row', async () => {
    const before = await counts()
    const snapshot = await storeSnapshot()
    const bad = productsCsv.replace('HO-LAMP-02,led-desk-lamp', 'HO-CHAIR-01,led-desk-lamp').replace(',149,', ',-149,')
    const { file, problems } = readCatalogueCsv(bad, storeKeysOf(snapshot), categoriesCsv)
    expect(problems.map((p) => `${p.where}: ${p.message}`)).toEqual([
      'line 3, column price: must be non-negative (was -149)',
      'line 3, column sku: SKU "HO-CHAIR-01" is listed twice (first at line 2, column sku)',
      'line 3, column url_key: url key "led-desk-lamp" belongs to the store\'s product HO-LAMP-02',
    ])
    // The command stops at the problems; were the checked rows loaded anyway, the good two would land.
    expect(file.products).toHaveLength(2)
    expect(await counts()).toEqual(before)
  })

  it('leaves the catalogue as it was when its SQL fails half-way (a new id taken since the snapshot)', async () => {
    const before = await counts()
    const stale = await storeSnapshot()
    const { file } = readCatalogueJson(
      JSON.stringify([
        { ...(JSON.parse(productsJson) as { products: object[] }).products[0], price: 1 },
        {
          sku: 'NEW-STALE-1',
          name: { ar: 'منتج جديد', en: 'New product' },
          description: { ar: 'وصف', en: 'Description' },
          brand: { ar: 'ماركة', en: 'Brand' },
          categories: ['home-office'],
          price: 10,
          stock: { 1101: 1 },
        },
      ]),
      storeKeysOf(stale),
    )
    // Another import took the next id after this snapshot was read.
    await env.DB.prepare(
      `INSERT INTO products (entity_id, sku, rewrite_url, name_ar, name_en, description_ar, description_en, brand_ar, brand_en, price,
        main_category_id, image_kind, image_hue, created_at)
       SELECT ?1, 'OTHER-1', 'other-1', 'آخر', 'Other', 'و', 'D', 'م', 'B', 5, id, 'box', 0, '2026-11-25' FROM categories WHERE url_key = 'home-office'`,
    )
      .bind(stale.next.product)
      .run()
    const after = await counts()
    await expect(load(file, stale)).rejects.toThrow(/UNIQUE constraint failed: products.entity_id/)
    expect(await counts()).toEqual(after)
    expect(after).not.toEqual(before)
    const other = await env.DB.prepare('SELECT sku FROM products WHERE entity_id = ?').bind(stale.next.product).first()
    expect(other).toEqual({ sku: 'OTHER-1' })
  })

  it('takes a product off with its stock, categories and services', async () => {
    const snapshot = await storeSnapshot()
    const chairId = snapshot.products.get('HO-CHAIR-01')!.entity_id
    const { file, problems } = readCatalogueJson(JSON.stringify([{ sku: 'HO-CHAIR-01', remove: true }]), storeKeysOf(snapshot))
    expect(problems).toEqual([])
    await load(file, snapshot)
    expect(await productDetail(env.DB, 'ergonomic-office-chair', 'en', 1101, { now, relatedLimit: 10 })).toBeNull()
    expect(await productStore(env.DB).categoriesOf([chairId])).toEqual([])
    const left = await env.DB.prepare(
      'SELECT (SELECT count(*) FROM stock WHERE product_id = ?1) + (SELECT count(*) FROM product_fee_options WHERE product_id = ?1) AS n',
    )
      .bind(chairId)
      .first<{ n: number }>()
    expect(left?.n).toBe(0)
    // Its variants went with it.
    const variants = await env.DB.prepare("SELECT count(*) AS n FROM products WHERE sku LIKE 'HO-CHAIR-01-%'").first<{ n: number }>()
    expect(variants?.n).toBe(0)
  })
})

describe('what a catalogue file may hold (issue 43)', () => {
  const item = {
    sku: 'HOSTILE-1',
    name: { ar: 'شاحن', en: 'Charger' },
    description: { ar: 'وصف', en: 'A charger' },
    brand: { ar: 'ماركة', en: 'Brand' },
    categories: ['home-office'],
    price: 10,
    stock: { 1101: 1 },
  }

  it('holds the seed to the same rules: every picture it stores passes, no text of its holds a refused character', async () => {
    const rows = await env.DB.prepare('SELECT sku, images, name_ar, name_en, description_ar, description_en, brand_ar, brand_en FROM products').all<
      Record<string, string>
    >()
    expect(rows.results.length).toBeGreaterThan(600)
    const refused = rows.results.flatMap((row) => [
      ...(JSON.parse(row.images ?? '[]') as string[]).filter((picture) => !isPictureAddress(picture)).map((picture) => `${row.sku} ${picture}`),
      ...['name_ar', 'name_en', 'brand_ar', 'brand_en', 'description_ar', 'description_en']
        .map((field) => [field, textCharacterProblem(row[field]!, field.startsWith('description') ? 'several' : 'one')])
        .filter(([, problem]) => problem)
        .map(([field, problem]) => `${row.sku} ${field} ${problem}`),
    ])
    expect(refused).toEqual([])
  })

  it('M3: refuses pictures that are calls of the store or private addresses, and loads nothing', async () => {
    const before = await counts()
    const snapshot = await storeSnapshot()
    const images = ['/api/cart/clearCart', '/api/ops/orders', '/cdn-cgi/image/width=320/http://127.0.0.1:8787/', 'https://169.254.169.254/x']
    const { problems } = readCatalogueJson(JSON.stringify([{ ...item, images }]), storeKeysOf(snapshot))
    expect(problems.map((p) => p.where)).toEqual(images.map((_, i) => `products[0].images[${i}]`))
    expect(await counts()).toEqual(before)
  })

  it('L4 and L5: refuses NUL and the characters that hide or reorder text, by line and column, and loads nothing', async () => {
    const before = await counts()
    const snapshot = await storeSnapshot()
    const header = 'sku,name_ar,name_en,description_ar,description_en,brand_ar,brand_en,categories,price,stock'
    const rows = [
      'HOSTILE-1,شاحن,Char\u0000ger,وصف,A charger,ماركة,Brand,home-office,10,1101=1',
      'HOSTILE-2,شاحن,Charger \u202Egnp.exe,وصف,A charger,ماركة,Brand\u200B,home-office,10,1101=1',
    ]
    const { problems } = readCatalogueCsv([header, ...rows].join('\n'), storeKeysOf(snapshot))
    expect(problems.map((p) => `${p.where}: ${p.message}`)).toEqual([
      'line 2, column name_en: holds a control character (U+0000) at character 5: remove it',
      'line 3, column brand_en: holds an invisible zero-width character (U+200B) at character 6: remove it',
      'line 3, column name_en: holds an invisible direction control (U+202E) at character 9, which reorders the text around it: remove it',
    ])
    expect(await counts()).toEqual(before)
  })

  it('M3: never shows a stored picture that breaks the rule, on the page, in the cart or in search', async () => {
    const sku = await sellableSku('p.parent_id IS NULL', 5)
    const product = await env.DB.prepare('SELECT sku, rewrite_url, name_en FROM products WHERE sku = ?')
      .bind(sku)
      .first<{ sku: string; rewrite_url: string; name_en: string }>()
    // As an import before the rule stored them (or anything else that writes D1 directly).
    const stored = ['/api/cart/clearCart', 'https://169.254.169.254/latest/meta-data/', '/media/product/lamp-40-1.svg']
    await env.DB.prepare('UPDATE products SET images = ? WHERE sku = ?').bind(JSON.stringify(stored), product!.sku).run()
    await Promise.all(allCacheKeys().map((key) => env.CACHE.delete(key)))

    const detail = await productDetail(env.DB, product!.rewrite_url, 'en', 1101, { now, relatedLimit: 10 })
    expect(detail?.product.image).toEqual(['/media/product/lamp-40-1.svg'])
    const page = await (await SELF.fetch(`https://matjar.test/en/product/${product!.rewrite_url}`)).text()
    expect(page).toContain('/media/product/lamp-40-1.svg')
    expect(page).not.toContain('clearCart')
    expect(page).not.toContain('169.254')
    const { line } = await cartLineFor(env, product!.sku, 1101, undefined)
    expect(line.image).toBe('/media/product/lamp-40-1.svg')
    const found = await SELF.fetch('https://matjar.test/1/indexes/*/queries', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ indexName: 'products_en', query: product!.name_en }] }),
    })
    const { results } = (await found.json()) as { results: { hits: { sku: string; image: string[] }[] }[] }
    expect(results[0]!.hits.find((hit) => hit.sku === product!.sku)?.image).toEqual(['/media/product/lamp-40-1.svg'])

    // With none left, the product shows its generated drawings.
    await env.DB.prepare('UPDATE products SET images = ? WHERE sku = ?')
      .bind(JSON.stringify(stored.slice(0, 2)), product!.sku)
      .run()
    const drawn = await productDetail(env.DB, product!.rewrite_url, 'en', 1101, { now, relatedLimit: 10 })
    expect(drawn?.product.image[0]).toMatch(/^\/media\/product\/[a-z]+-\d+-0\.svg$/)
  })
})
