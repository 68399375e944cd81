/**
 * Turns the generated catalogue and content into SQL. Seeding is idempotent: rows are upserted by
 * key, and stock is only inserted when missing, so re-seeding never undoes orders already placed.
 */
import type { Locale } from '../../app.config'
import { generateCatalogue, type CatalogueOptions } from './demo-catalogue'
import { drawingOf, productUrlKey, riyadhInstant, type CatalogueFile, type StoreKeys } from '../catalogue/catalogue-file'
import { appConfig, regionIds } from '../../app.config'
import { blogPosts, coupons, erpVouchers, footerContent, giftVouchers, homeContent, regions, staticPages } from './content'

export type Value = string | number | null
export type Row = Record<string, Value>

export function literal(value: Value): string {
  if (value === null) return 'NULL'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`)
    return String(value)
  }
  return `'${value.replaceAll("'", "''")}'`
}

const utf8 = new TextEncoder()
/** Under D1's 100 KB per statement, with room for the statement's head and conflict clause. */
const maxStatementBytes = 90_000

/**
 * Multi-row statements keep the file small and the load fast (D1 caps one statement at 100 KB). On a conflict every
 * column but the key and `keep` is updated (an import keeps a product's creation date and popularity).
 */
export function upsert(
  table: string,
  rows: readonly Row[],
  key: string[],
  mode: 'update' | 'ignore' | 'insert' = 'update',
  chunk = 40,
  keep: readonly string[] = [],
): string[] {
  if (rows.length === 0) return []
  const columns = Object.keys(rows[0]!)
  const updates = columns.filter((c) => !key.includes(c) && !keep.includes(c)).map((c) => `${c} = excluded.${c}`)
  // 'insert': a row whose key is taken fails the statement (and with it the whole file).
  const conflict =
    mode === 'insert'
      ? ''
      : mode === 'ignore' || updates.length === 0
        ? `ON CONFLICT (${key.join(', ')}) DO NOTHING`
        : `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${updates.join(', ')}`
  const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES\n`
  const tail = `${conflict ? `\n${conflict}` : ''};`
  const statements: string[] = []
  let values: string[] = []
  let bytes = 0
  const flush = () => {
    if (values.length > 0) statements.push(`${head}${values.join(',\n')}${tail}`)
    values = []
    bytes = 0
  }
  for (const row of rows) {
    const value = `(${columns.map((c) => literal(row[c] ?? null)).join(', ')})`
    // A retailer's long descriptions fill a statement long before `chunk` rows do: bytes decide too.
    const size = utf8.encode(value).byteLength + 2
    if (values.length >= chunk || (values.length > 0 && bytes + size > maxStatementBytes)) flush()
    values.push(value)
    bytes += size
  }
  flush()
  return statements
}

export function seedStatements(options: CatalogueOptions = {}): string[] {
  const catalogue = generateCatalogue(options)
  const now = '2026-11-21T00:00:00+03:00'
  const documents: Row[] = (['ar', 'en'] as Locale[]).flatMap((locale) => [
    { kind: 'home', locale, body: JSON.stringify(homeContent(locale)), updated_at: now },
    { kind: 'footer', locale, body: JSON.stringify(footerContent(locale)), updated_at: now },
  ])
  // Parents before children: categories are ordered top first by the generator.
  return [
    ...upsert('regions', regions as unknown as Row[], ['id']),
    ...upsert('categories', catalogue.categories as unknown as Row[], ['id'], 'update', 1),
    ...upsert('products', catalogue.products as unknown as Row[], ['entity_id'], 'update', 20),
    ...upsert('product_categories', catalogue.productCategories, ['category_id', 'product_id'], 'ignore', 200),
    ...upsert('stock', catalogue.stock as unknown as Row[], ['product_id', 'region_id'], 'ignore', 200),
    ...upsert('product_fees', catalogue.fees as unknown as Row[], ['fee_id']),
    ...upsert('product_fee_options', catalogue.feeOptions as unknown as Row[], ['fee_option_id'], 'update', 200),
    ...upsert('content_documents', documents, ['kind', 'locale'], 'update', 1),
    ...upsert('static_pages', staticPages as unknown as Row[], ['slug']),
    ...upsert('blog_posts', blogPosts as unknown as Row[], ['slug']),
    ...upsert('coupons', coupons as unknown as Row[], ['code']),
    // Vouchers keep their balance and use across re-seeds, like stock.
    ...upsert('gift_vouchers', giftVouchers as unknown as Row[], ['voucher'], 'ignore'),
    ...upsert('erp_vouchers', erpVouchers as unknown as Row[], ['voucher'], 'ignore'),
  ]
}

// ---------------------------------------------------------------------------------------------------------------------
// The retailer's catalogue (docs/catalogue-import.md): upserted by SKU with the same writers as the seed.

/** What the store holds, read before an import: the ids the file's SKUs, url keys and services already have. */
export interface StoreSnapshot {
  products: Map<string, { entity_id: number; rewrite_url: string }>
  categories: Map<string, number>
  /** Services by English title. */
  fees: Map<string, number>
  next: { product: number; category: number; fee: number; feeOption: number }
}

/** The queries a snapshot is read with, in this order (by `wrangler d1 execute --json --command` or a binding). */
export const storeSnapshotQueries = [
  'SELECT sku, entity_id, rewrite_url FROM products',
  'SELECT id, url_key FROM categories',
  'SELECT fee_id, title_en FROM product_fees',
  'SELECT COALESCE(MAX(fee_option_id), 0) AS last FROM product_fee_options',
] as const

type SnapshotResults = [
  { sku: string; entity_id: number; rewrite_url: string }[],
  { id: number; url_key: string }[],
  { fee_id: number; title_en: string }[],
  { last: number }[],
]

export function storeSnapshotOf([products, categories, fees, feeOptions]: SnapshotResults): StoreSnapshot {
  const max = (values: number[], floor: number) => values.reduce((a, b) => Math.max(a, b), floor)
  return {
    products: new Map(products.map((p) => [p.sku, { entity_id: p.entity_id, rewrite_url: p.rewrite_url }])),
    categories: new Map(categories.map((c) => [c.url_key, c.id])),
    fees: new Map(fees.map((f) => [f.title_en, f.fee_id])),
    next: {
      // Product ids start at 1001 as the demo's do (worker/seed/demo-catalogue.ts); categories above Magento's root (2).
      product:
        max(
          products.map((p) => p.entity_id),
          1000,
        ) + 1,
      category:
        max(
          categories.map((c) => c.id),
          2,
        ) + 1,
      fee:
        max(
          fees.map((f) => f.fee_id),
          0,
        ) + 1,
      feeOption: (feeOptions[0]?.last ?? 0) + 1,
    },
  }
}

/** The keys validation checks the file against. */
export function storeKeysOf(snapshot: StoreSnapshot): StoreKeys {
  return {
    products: new Map([...snapshot.products].map(([sku, p]) => [sku, p.rewrite_url])),
    categories: new Set(snapshot.categories.keys()),
  }
}

/** A stable hue for a product's fallback drawing, from its SKU. */
function hueOf(sku: string): number {
  let hash = 0
  for (const char of sku) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return hash % 360
}

const idList = (ids: readonly number[]) => ids.join(', ')

/**
 * The SQL of a checked file against the store as it is: categories (parents first) and services upserted, each
 * product upserted by SKU (its creation date and popularity kept), its categories, services and stock in every region
 * replaced by the file's, and removed products deleted with their rows. Loaded as one file, which D1 applies whole or
 * not at all (docs/decisions/0018-catalogue-import.md).
 */
export function importStatements(file: CatalogueFile, snapshot: StoreSnapshot, now: Date): string[] {
  const next = { ...snapshot.next }
  const categoryIds = new Map(snapshot.categories)
  // Parents first: a category whose parent is in the file waits until the parent has its id.
  const pending = [...file.categories]
  const categoryRows: Row[] = []
  while (pending.length > 0) {
    const index = pending.findIndex((c) => !c.parent || (categoryIds.has(c.parent) && !pending.some((p) => p.url_key === c.parent)))
    const [category] = pending.splice(index === -1 ? 0 : index, 1)
    const id = categoryIds.get(category!.url_key) ?? next.category++
    categoryIds.set(category!.url_key, id)
    categoryRows.push({
      id,
      parent_id: category!.parent ? (categoryIds.get(category!.parent) ?? null) : null,
      url_key: category!.url_key,
      name_ar: category!.name.ar,
      name_en: category!.name.en,
      position: category!.position ?? 0,
      include_in_menu: category!.include_in_menu === false ? 0 : 1,
    })
  }

  const feeIds = new Map(snapshot.fees)
  const feeRows = new Map<number, Row>()
  const productRows: Row[] = []
  const productCategoryRows: Row[] = []
  const stockRows: Row[] = []
  const feeOptionRows: Row[] = []
  const flag = (value: boolean | undefined) => (value ? 1 : 0)
  for (const product of file.products) {
    const id = snapshot.products.get(product.sku)?.entity_id ?? next.product++
    const special = product.special_price ?? null
    productRows.push({
      entity_id: id,
      sku: product.sku,
      rewrite_url: productUrlKey(product),
      type_id: product.options?.length ? 'configurable' : 'simple',
      name_ar: product.name.ar,
      name_en: product.name.en,
      description_ar: product.description.ar,
      description_en: product.description.en,
      brand_ar: product.brand.ar,
      brand_en: product.brand.en,
      price: product.price,
      special_price: special,
      discounted_price_from: special !== null && product.special_from ? riyadhInstant(product.special_from, 'start') : null,
      discounted_price_to: special !== null && product.special_to ? riyadhInstant(product.special_to, 'end') : null,
      back_orders: product.preorder ? appConfig.backOrdersPreorderCode : 0,
      preorder_note_ar: product.preorder_note?.ar ?? null,
      preorder_note_en: product.preorder_note?.en ?? null,
      not_for_sale: flag(product.not_for_sale),
      fast_delivery: flag(product.fast_delivery),
      big_items: flag(product.big_items),
      delivery_within_24_hours: flag(product.delivery_within_24_hours),
      eligible_for_tabby: flag(product.eligible_for_tabby),
      eligible_for_tamara: flag(product.eligible_for_tamara),
      main_category_id: categoryIds.get(product.categories[0]!)!,
      image_kind: drawingOf(product),
      image_hue: hueOf(product.sku),
      image_count: 1,
      images: JSON.stringify(product.images ?? []),
      specifications: JSON.stringify(product.specifications ?? []),
      configurables: product.options?.length
        ? JSON.stringify(
            product.options.map((option) => ({
              attribute_code: option.code,
              label: option.label,
              options: option.values.map((label, i) => ({ value_index: i + 1, label })),
            })),
          )
        : null,
      popularity: product.popularity ?? 0,
      created_at: now.toISOString(),
    })
    for (const key of new Set(product.categories)) productCategoryRows.push({ product_id: id, category_id: categoryIds.get(key)! })
    for (const region of regionIds) stockRows.push({ product_id: id, region_id: region, qty: product.stock[String(region)] ?? 0 })
    for (const service of product.services ?? []) {
      let feeId = feeIds.get(service.title.en)
      if (feeId === undefined) {
        feeId = next.fee++
        feeIds.set(service.title.en, feeId)
      }
      feeRows.set(feeId, { fee_id: feeId, title_en: service.title.en, title_ar: service.title.ar })
      for (const [region, price] of Object.entries(service.prices)) {
        feeOptionRows.push({ fee_option_id: next.feeOption++, fee_id: feeId, product_id: id, region_id: Number(region), price })
      }
    }
  }

  const upserted = productRows.map((row) => row.entity_id as number)
  const removed = file.removals.map((sku) => snapshot.products.get(sku)!.entity_id)
  const replaced = [...upserted, ...removed]
  return [
    // The store's cities are configuration, not the file's: an import into an empty database (a retailer who never
    // seeded the demo) adds them, and never changes them.
    ...upsert('regions', regions as unknown as Row[], ['id'], 'ignore'),
    // New categories first (parents before children), so a category of the store may move under a new one.
    ...upsert(
      'categories',
      categoryRows.filter((row) => !snapshot.categories.has(row.url_key as string)),
      ['id'],
      'insert',
      1,
    ),
    ...upsert(
      'categories',
      categoryRows.filter((row) => snapshot.categories.has(row.url_key as string)),
      ['id'],
      'update',
      1,
    ),
    ...upsert(
      'product_fees',
      [...feeRows.values()].filter((row) => snapshot.fees.has(row.title_en as string)),
      ['fee_id'],
    ),
    ...upsert(
      'product_fees',
      [...feeRows.values()].filter((row) => !snapshot.fees.has(row.title_en as string)),
      ['fee_id'],
      'insert',
    ),
    // A new product's id must still be free when the file loads: taken (another import ran since the snapshot), the
    // insert fails and the whole file with it, rather than overwrite that product.
    ...upsert(
      'products',
      productRows.filter((row) => snapshot.products.has(row.sku as string)),
      ['entity_id'],
      'update',
      20,
      ['created_at', 'popularity'],
    ),
    ...upsert(
      'products',
      productRows.filter((row) => !snapshot.products.has(row.sku as string)),
      ['entity_id'],
      'insert',
      20,
    ),
    // A product's categories and services are the file's: the old rows go first.
    ...(replaced.length > 0
      ? [
          `DELETE FROM product_categories WHERE product_id IN (${idList(replaced)});`,
          `DELETE FROM product_fee_options WHERE product_id IN (${idList(replaced)});`,
        ]
      : []),
    ...(removed.length > 0
      ? [`DELETE FROM stock WHERE product_id IN (${idList(removed)});`, `DELETE FROM products WHERE entity_id IN (${idList(removed)});`]
      : []),
    ...upsert('product_categories', productCategoryRows, ['category_id', 'product_id'], 'ignore', 200),
    ...upsert('stock', stockRows, ['product_id', 'region_id'], 'update', 200),
    ...upsert('product_fee_options', feeOptionRows, ['fee_option_id'], 'insert', 200),
  ]
}
