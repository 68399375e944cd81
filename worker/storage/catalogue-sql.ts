/**
 * The catalogue's SQL, written out as one D1 file that loads whole or not at all (docs/catalogue-import.md,
 * docs/decisions/0018-catalogue-import.md): the multi-row upserts and updates, what the store holds read before an
 * import, and the retailer's import turned into statements. The demo seed (worker/seed/sql.ts) writes its rows with the
 * same writers, so seeding and importing are idempotent the same way: rows are upserted by key, and stock is only
 * inserted when missing, so neither undoes orders already placed.
 */
import {
  drawingOf,
  productUrlKey,
  riyadhInstant,
  type CatalogueFile,
  type ImportedProduct,
  type OptionValues,
  type ProductUpdate,
  type StoreKeys,
} from '../catalogue/catalogue-file'
import { appConfig, regionIds } from '../../app.config'
import { regions } from './region-rows'

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
  return chunked(
    rows.map((row) => `(${columns.map((c) => literal(row[c] ?? null)).join(', ')})`),
    chunk,
    (values) => `INSERT INTO ${table} (${columns.join(', ')}) VALUES\n${values.join(',\n')}${conflict ? `\n${conflict}` : ''};`,
  )
}

/** Row values gathered into statements of at most `chunk` rows and `maxStatementBytes`. */
export function chunked(values: readonly string[], chunk: number, statement: (values: string[]) => string): string[] {
  const statements: string[] = []
  let batch: string[] = []
  let bytes = 0
  for (const value of values) {
    // A retailer's long descriptions fill a statement long before `chunk` rows do: bytes decide too.
    const size = utf8.encode(value).byteLength + 2
    if (batch.length >= chunk || (batch.length > 0 && bytes + size > maxStatementBytes)) {
      statements.push(statement(batch))
      batch = []
      bytes = 0
    }
    batch.push(value)
    bytes += size
  }
  if (batch.length > 0) statements.push(statement(batch))
  return statements
}

/**
 * Existing rows changed in some columns only (an import's update of a product): rows that set the same columns share
 * one multi-row `UPDATE ... FROM (VALUES ...)`, so a file of 10,000 price changes is a few hundred statements, not
 * 10,000. A key no row has changes nothing.
 */
export function updateColumns(table: string, key: string, rows: readonly Row[], chunk = 40): string[] {
  const byColumns = new Map<string, Row[]>()
  for (const row of rows) {
    const columns = Object.keys(row).filter((c) => c !== key)
    if (columns.length === 0) continue
    const shape = columns.join(',')
    byColumns.set(shape, [...(byColumns.get(shape) ?? []), row])
  }
  return [...byColumns].flatMap(([shape, group]) => {
    const columns = shape.split(',')
    // VALUES names its columns column1, column2...: the key first, then the columns in order.
    const sets = columns.map((c, i) => `${c} = v.column${i + 2}`).join(', ')
    return chunked(
      group.map((row) => `(${[key, ...columns].map((c) => literal(row[c] ?? null)).join(', ')})`),
      chunk,
      (values) => `UPDATE ${table} SET ${sets} FROM (VALUES\n${values.join(',\n')}) AS v WHERE ${table}.${key} = v.column1;`,
    )
  })
}

// ---------------------------------------------------------------------------------------------------------------------
// The retailer's catalogue (docs/catalogue-import.md): upserted by SKU with the same writers as the seed.

/** What the store holds, read before an import: the ids the file's SKUs, url keys and services already have. */
export interface StoreSnapshot {
  products: Map<
    string,
    {
      entity_id: number
      rewrite_url: string
      /** The category a variant of this product is filed under (a variant's own main category is its parent's). */
      main_category_id?: number
      /** A configurable product's options (the products row's JSON), null for others. */
      configurables?: string | null
      parent_id?: number | null
    }
  >
  categories: Map<string, number>
  /** Services by English title. */
  fees: Map<string, number>
  next: { product: number; category: number; fee: number; feeOption: number }
}

/** The queries a snapshot is read with, in this order (by `wrangler d1 execute --json --command` or a binding). */
export const storeSnapshotQueries = [
  'SELECT sku, entity_id, rewrite_url, main_category_id, configurables, parent_id FROM products',
  'SELECT id, url_key FROM categories',
  'SELECT fee_id, title_en FROM product_fees',
  'SELECT COALESCE(MAX(fee_option_id), 0) AS last FROM product_fee_options',
] as const

type SnapshotResults = [
  {
    sku: string
    entity_id: number
    rewrite_url: string
    main_category_id?: number
    configurables?: string | null
    parent_id?: number | null
  }[],
  { id: number; url_key: string }[],
  { fee_id: number; title_en: string }[],
  { last: number }[],
]

export function storeSnapshotOf([products, categories, fees, feeOptions]: SnapshotResults): StoreSnapshot {
  const max = (values: number[], floor: number) => values.reduce((a, b) => Math.max(a, b), floor)
  return {
    products: new Map(
      products.map((p) => [
        p.sku,
        {
          entity_id: p.entity_id,
          rewrite_url: p.rewrite_url,
          main_category_id: p.main_category_id,
          configurables: p.configurables,
          parent_id: p.parent_id,
        },
      ]),
    ),
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
  const configurables = new Map<string, OptionValues[]>()
  const variants = new Set<string>()
  for (const [sku, product] of snapshot.products) {
    if (product.parent_id) variants.add(sku)
    if (!product.configurables) continue
    const stored = JSON.parse(product.configurables) as {
      attribute_code: string
      options: { value_index: number; label: { ar: string; en: string } }[]
    }[]
    configurables.set(
      sku,
      stored.map((option) => ({
        code: option.attribute_code,
        // Value indexes are 1, 2, 3... in order (productColumns below, worker/seed/demo-catalogue.ts).
        values: [...option.options].sort((a, b) => a.value_index - b.value_index).map((value) => value.label),
      })),
    )
  }
  return {
    products: new Map([...snapshot.products].map(([sku, p]) => [sku, p.rewrite_url])),
    categories: new Set(snapshot.categories.keys()),
    configurables,
    variants,
  }
}

/** A stable hue for a product's fallback drawing, from its SKU. */
function hueOf(sku: string): number {
  let hash = 0
  for (const char of sku) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return hash % 360
}

const idList = (ids: readonly number[]) => ids.join(', ')

/** What a new product has where its row says nothing. */
const newProductDefaults: Row = {
  type_id: 'simple',
  special_price: null,
  discounted_price_from: null,
  discounted_price_to: null,
  back_orders: 0,
  preorder_note_ar: null,
  preorder_note_en: null,
  not_for_sale: 0,
  fast_delivery: 0,
  big_items: 0,
  delivery_within_24_hours: 0,
  eligible_for_tabby: 0,
  eligible_for_tamara: 0,
  image_count: 1,
  images: '[]',
  specifications: '[]',
  configurables: null,
  parent_id: null,
  variant_values: null,
  hidden: 0,
  low_stock: null,
}

const flags = [
  'not_for_sale',
  'fast_delivery',
  'big_items',
  'delivery_within_24_hours',
  'eligible_for_tabby',
  'eligible_for_tamara',
  'hidden',
] as const

/** The products columns a row sets: only those of the fields it gives (a new product's others are the defaults). */
function productColumns(product: ProductUpdate, categoryIds: ReadonlyMap<string, number>): Row {
  const row: Row = {}
  if (product.url_key) row.rewrite_url = product.url_key
  for (const field of ['name', 'description', 'brand'] as const) {
    const text = product[field]
    if (text) Object.assign(row, { [`${field}_ar`]: text.ar, [`${field}_en`]: text.en })
  }
  if (product.price !== undefined) row.price = product.price
  if (product.special_price !== undefined) row.special_price = product.special_price
  // A window without its special price means nothing (docs/product.md, "Rules"): clearing the price clears it too.
  if (product.special_from !== undefined || product.special_price === null)
    row.discounted_price_from = product.special_price !== null && product.special_from ? riyadhInstant(product.special_from, 'start') : null
  if (product.special_to !== undefined || product.special_price === null)
    row.discounted_price_to = product.special_price !== null && product.special_to ? riyadhInstant(product.special_to, 'end') : null
  if (product.preorder !== undefined) row.back_orders = product.preorder ? appConfig.backOrdersPreorderCode : 0
  if (product.preorder_note) Object.assign(row, { preorder_note_ar: product.preorder_note.ar, preorder_note_en: product.preorder_note.en })
  for (const flag of flags) if (product[flag] !== undefined) row[flag] = product[flag] ? 1 : 0
  if (product.categories) row.main_category_id = categoryIds.get(product.categories[0]!)!
  if (product.drawing) row.image_kind = product.drawing
  if (product.images) row.images = JSON.stringify(product.images)
  if (product.specifications) row.specifications = JSON.stringify(product.specifications)
  if (product.options) {
    row.type_id = product.options.length > 0 ? 'configurable' : 'simple'
    row.configurables =
      product.options.length > 0
        ? JSON.stringify(
            product.options.map((option) => ({
              attribute_code: option.code,
              label: option.label,
              options: option.values.map((label, i) => ({ value_index: i + 1, label })),
            })),
          )
        : null
  }
  if (product.low_stock !== undefined) row.low_stock = product.low_stock
  if (product.popularity !== undefined) row.popularity = product.popularity
  return row
}

/**
 * The file's categories as rows, parents first: a category whose parent is in the file waits until the parent has its
 * id. A new category takes the next free id (`next`), and every id is kept in `categoryIds` for the products.
 */
function categoryRowsOf(categories: CatalogueFile['categories'], categoryIds: Map<string, number>, next: { category: number }): Row[] {
  const pending = [...categories]
  const rows: Row[] = []
  while (pending.length > 0) {
    const index = pending.findIndex((c) => !c.parent || (categoryIds.has(c.parent) && !pending.some((p) => p.url_key === c.parent)))
    const [category] = pending.splice(index === -1 ? 0 : index, 1)
    const id = categoryIds.get(category!.url_key) ?? next.category++
    categoryIds.set(category!.url_key, id)
    rows.push({
      id,
      parent_id: category!.parent ? (categoryIds.get(category!.parent) ?? null) : null,
      url_key: category!.url_key,
      name_ar: category!.name.ar,
      name_en: category!.name.en,
      position: category!.position ?? 0,
      include_in_menu: category!.include_in_menu === false ? 0 : 1,
    })
  }
  return rows
}

/**
 * The SQL of a checked file against the store as it is: categories (parents first) and services upserted, each
 * product upserted by SKU (its creation date and popularity kept), its categories, services and stock in every region
 * replaced by the file's, and removed products deleted with their rows (a configurable product with its variants).
 * A variant is written as the seed writes one: its parent's id, the option values it stands for and its parent's main
 * category (docs/decisions/0020-variants-are-products.md). Loaded as one file, which D1 applies whole or not at all
 * (docs/decisions/0018-catalogue-import.md).
 */
/**
 * A console save of one product (docs/decisions/0030-console-edits-share-the-import.md): who saves it and the version
 * they edited. Its products row then moves to the next version only if it is still at that one (the trigger of
 * migration 0032 refuses the batch otherwise); an import moves every product it changes on by one, edited by nobody.
 */
export interface ConsoleSave {
  by: string
  version: number
}

export function importStatements(file: CatalogueFile, snapshot: StoreSnapshot, now: Date, save?: ConsoleSave): string[] {
  return statementsOf(file, snapshot, now, save).statements
}

/**
 * The same statements in parts of about `productsPerChunk` products each, for a load in the background that applies
 * one part per D1 batch (worker/catalogue/import-jobs.ts, docs/decisions/0033-catalogue-import-in-the-console.md).
 * Each part is what `importStatements` writes for its products, against the store as the parts before it leave it:
 * the ids, categories and services those took are carried on, so the parts together write what the one file would.
 * The categories and the removals go with the first part; a configurable product and its variants of the file always
 * share a part (a variant names its parent's id and main category, and a new parent opens on its first variant).
 * `rows`: the products a part writes or removes, for the load's progress.
 */
export function importChunks(
  file: CatalogueFile,
  snapshot: StoreSnapshot,
  now: Date,
  productsPerChunk: number,
): { statements: string[]; rows: number }[] {
  const families = new Map<string, ProductUpdate[]>()
  const parentOf = new Map(file.variants.map((variant) => [variant.sku, variant.parent_sku]))
  for (const product of file.products) {
    const family = parentOf.get(product.sku) ?? product.sku
    families.set(family, [...(families.get(family) ?? []), product])
  }
  const parts: ProductUpdate[][] = [[]]
  for (const family of families.values()) {
    if (parts.at(-1)!.length > 0 && parts.at(-1)!.length + family.length > productsPerChunk) parts.push([])
    parts.at(-1)!.push(...family)
  }
  let store = snapshot
  return parts.map((products, index) => {
    const skus = new Set(products.map((product) => product.sku))
    const part: CatalogueFile = {
      categories: index === 0 ? file.categories : [],
      products,
      removals: index === 0 ? file.removals : [],
      variants: file.variants.filter((variant) => skus.has(variant.sku)),
    }
    const { statements, after } = statementsOf(part, store, now)
    store = after
    return { statements, rows: products.length + part.removals.length }
  })
}

/** The rows the file's products write, by table, and the products whose categories and services the file replaces. */
interface ProductRows {
  newProductRows: Row[]
  productUpdates: Row[]
  productCategoryRows: Row[]
  stockRows: Row[]
  /** A variant's stock, written after every other row (productRowsOf says why). */
  variantStockRows: Row[]
  feeRows: Map<number, Row>
  feeOptionRows: Row[]
  /** Products whose categories and services the file names: their old rows go. */
  newCategoriesOf: number[]
  newServicesOf: number[]
}

/** The ids a pass takes as it goes: the next free ones, and the categories' and services' by key (both filled in). */
interface TakenIds {
  next: StoreSnapshot['next']
  categoryIds: Map<string, number>
  feeIds: Map<string, number>
}

/** A file's statements against the store, in parts by kind, and the store as they leave it (`importChunks` goes on from it). */
function statementsOf(file: CatalogueFile, snapshot: StoreSnapshot, now: Date, save?: ConsoleSave): { statements: string[]; after: StoreSnapshot } {
  const next = { ...snapshot.next }
  const categoryIds = new Map(snapshot.categories)
  const categoryRows = categoryRowsOf(file.categories, categoryIds, next)

  const feeIds = new Map(snapshot.fees)
  const rows = productRowsOf(file, snapshot, now, { next, categoryIds, feeIds })
  const removed = removedIdsOf(file.removals, snapshot)
  const stamps = versionStamps(
    rows.productUpdates.map((row) => row.entity_id as number),
    now,
    save,
  )
  const statements = fileStatements(snapshot, categoryRows, rows, removed, stamps, save)
  // The store as these statements leave it, for the part after them (`importChunks`): only what a later part reads.
  const products = new Map(snapshot.products)
  for (const id of removed) for (const [sku, p] of products) if (p.entity_id === id) products.delete(sku)
  for (const row of rows.newProductRows)
    products.set(row.sku as string, { entity_id: row.entity_id as number, rewrite_url: row.rewrite_url as string })
  return { statements, after: { products, categories: categoryIds, fees: feeIds, next } }
}

/** The rows of the file's products: each new one's or changed one's columns, and its categories, stock and services. */
function productRowsOf(file: CatalogueFile, snapshot: StoreSnapshot, now: Date, ids: TakenIds): ProductRows {
  const { next, categoryIds } = ids
  const rows: ProductRows = {
    newProductRows: [],
    productUpdates: [],
    productCategoryRows: [],
    stockRows: [],
    variantStockRows: [],
    feeRows: new Map<number, Row>(),
    feeOptionRows: [],
    newCategoriesOf: [],
    newServicesOf: [],
  }
  // Ids first, so a variant listed before its parent names it (docs/decisions/0020-variants-are-products.md).
  const idOf = new Map(file.products.map((product) => [product.sku, snapshot.products.get(product.sku)?.entity_id ?? next.product++]))
  const variantOf = new Map(file.variants.map((variant) => [variant.sku, variant]))
  const fileProducts = new Map(file.products.map((product) => [product.sku, product]))
  /** The variant a new parent's page opens on: its first in the file. */
  const openingOf = new Map<string, Record<string, number>>()
  for (const variant of file.variants) if (!openingOf.has(variant.parent_sku)) openingOf.set(variant.parent_sku, variant.values)
  for (const product of file.products) {
    const existing = snapshot.products.get(product.sku)
    const id = idOf.get(product.sku)!
    const columns = productColumns(product, categoryIds)
    const variant = variantOf.get(product.sku)
    if (variant) {
      const parentRow = fileProducts.get(variant.parent_sku)
      const parentCategory = parentRow?.categories
        ? categoryIds.get(parentRow.categories[0]!)
        : snapshot.products.get(variant.parent_sku)?.main_category_id
      Object.assign(columns, {
        parent_id: idOf.get(variant.parent_sku) ?? snapshot.products.get(variant.parent_sku)!.entity_id,
        variant_values: JSON.stringify(variant.values),
        type_id: 'simple',
        configurables: null,
        ...(parentCategory === undefined ? {} : { main_category_id: parentCategory }),
      })
    } else if (!existing && openingOf.has(product.sku)) {
      columns.variant_values = JSON.stringify(openingOf.get(product.sku))
    }
    if (existing) {
      rows.productUpdates.push({ entity_id: id, ...columns })
    } else {
      rows.newProductRows.push({
        entity_id: id,
        sku: product.sku,
        rewrite_url: productUrlKey(product as ImportedProduct),
        ...newProductDefaults,
        image_kind: drawingOf(product),
        image_hue: hueOf(product.sku),
        ...columns,
        popularity: product.popularity ?? 0,
        created_at: now.toISOString(),
      })
    }
    if (product.categories) {
      rows.newCategoriesOf.push(id)
      for (const key of new Set(product.categories)) rows.productCategoryRows.push({ product_id: id, category_id: categoryIds.get(key)! })
    }
    if (product.stock) {
      // A variant's stock goes in after every other row: its parent's is then the sum of its variants'
      // (worker/storage/migrations/0022_parent_stock_follows_variants.sql), whatever the parent's own row said.
      const stock = variant ? rows.variantStockRows : rows.stockRows
      for (const region of regionIds) stock.push({ product_id: id, region_id: region, qty: product.stock[String(region)] ?? 0 })
    }
    if (product.services) serviceRowsOf(product.services, id, rows, ids)
  }
  return rows
}

/** A product's services: a service keeps its id by English title (a new one takes the next), priced in each region. */
function serviceRowsOf(services: NonNullable<ProductUpdate['services']>, id: number, rows: ProductRows, { next, feeIds }: TakenIds) {
  rows.newServicesOf.push(id)
  for (const service of services) {
    let feeId = feeIds.get(service.title.en)
    if (feeId === undefined) {
      feeId = next.fee++
      feeIds.set(service.title.en, feeId)
    }
    rows.feeRows.set(feeId, { fee_id: feeId, title_en: service.title.en, title_ar: service.title.ar })
    for (const [region, price] of Object.entries(service.prices)) {
      rows.feeOptionRows.push({ fee_option_id: next.feeOption++, fee_id: feeId, product_id: id, region_id: Number(region), price })
    }
  }
}

/** The products the file removes: a configurable product goes with its variants, which are nothing without it (docs/catalogue-import.md). */
function removedIdsOf(removals: readonly string[], snapshot: StoreSnapshot): number[] {
  const removedSkus = removals.map((sku) => snapshot.products.get(sku)!.entity_id)
  return [...removedSkus, ...[...snapshot.products.values()].filter((p) => p.parent_id && removedSkus.includes(p.parent_id)).map((p) => p.entity_id)]
}

/**
 * The version a console save names (docs/decisions/0030-console-edits-share-the-import.md): an import's change makes a
 * form opened before it stale, and a save whose version moved since fails the whole batch.
 */
function versionStamps(updatedIds: readonly number[], now: Date, save?: ConsoleSave): string[] {
  return save
    ? updatedIds.map(
        (id) =>
          `UPDATE products SET version = ${literal(save.version + 1)}, updated_at = ${literal(now.toISOString())}, updated_by = ${literal(save.by)} WHERE entity_id = ${literal(id)};`,
      )
    : chunked(
        updatedIds.map(String),
        500,
        (ids) =>
          `UPDATE products SET version = version + 1, updated_at = ${literal(now.toISOString())}, updated_by = NULL WHERE entity_id IN (${ids.join(', ')});`,
      )
}

/** The file's statements in the order they load: the store's cities, categories and services, then the products and their rows. */
function fileStatements(
  snapshot: StoreSnapshot,
  categoryRows: readonly Row[],
  rows: ProductRows,
  removed: readonly number[],
  stamps: readonly string[],
  save?: ConsoleSave,
): string[] {
  const { newProductRows, productUpdates, productCategoryRows, stockRows, variantStockRows, feeRows, feeOptionRows, newCategoriesOf, newServicesOf } =
    rows
  return [
    ...(save ? stamps : []),
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
    ...upsert('products', newProductRows, ['entity_id'], 'insert', 20),
    // A product the store has changes only in what its row names; its id, creation date, labels and messages stay.
    ...updateColumns('products', 'entity_id', productUpdates, 20),
    ...(save ? [] : stamps),
    // Categories and services a row names are the product's all: the old rows go first (and a removed product's).
    ...([...newCategoriesOf, ...removed].length > 0
      ? [`DELETE FROM product_categories WHERE product_id IN (${idList([...newCategoriesOf, ...removed])});`]
      : []),
    ...([...newServicesOf, ...removed].length > 0
      ? [`DELETE FROM product_fee_options WHERE product_id IN (${idList([...newServicesOf, ...removed])});`]
      : []),
    ...(removed.length > 0
      ? [`DELETE FROM stock WHERE product_id IN (${idList(removed)});`, `DELETE FROM products WHERE entity_id IN (${idList(removed)});`]
      : []),
    ...upsert('product_categories', productCategoryRows, ['category_id', 'product_id'], 'ignore', 200),
    ...upsert('stock', stockRows, ['product_id', 'region_id'], 'update', 200),
    ...upsert('stock', variantStockRows, ['product_id', 'region_id'], 'update', 200),
    ...upsert('product_fee_options', feeOptionRows, ['fee_option_id'], 'insert', 200),
  ]
}
