/**
 * The rows a catalogue file's products write, by table (docs/catalogue-import.md): each new or changed product's
 * columns, its categories, stock and services, with the ids they take. catalogue-sql.ts turns them into statements.
 */
import { drawingOf, productUrlKey, riyadhInstant, type CatalogueFile, type ImportedProduct, type ProductUpdate } from '../catalogue/catalogue-file'
import { appConfig, regionIds } from '../../app.config'
import type { StoreSnapshot } from './catalogue-snapshot'
import type { Row } from './sql-writers'

/** A stable hue for a product's fallback drawing, from its SKU. */
function hueOf(sku: string): number {
  let hash = 0
  for (const char of sku) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return hash % 360
}

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

/** The rows the file's products write, by table, and the products whose categories and services the file replaces. */
export interface ProductRows {
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
export interface TakenIds {
  next: StoreSnapshot['next']
  categoryIds: Map<string, number>
  feeIds: Map<string, number>
}

/** The rows of the file's products: each new one's or changed one's columns, and its categories, stock and services. */
export function productRowsOf(file: CatalogueFile, snapshot: StoreSnapshot, now: Date, ids: TakenIds): ProductRows {
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
