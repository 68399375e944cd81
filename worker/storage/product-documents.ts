/**
 * Products in the product's 'Product' shape, as the Direct API's product calls return them
 * and as the search index stores them: names in one language, stock per region keyed by region id.
 */
import { appConfig, type Locale } from '../../app.config'
import { productPictures } from '../../src/domain/product'
import { pricesWithTax, type PricesWithTax } from '../../src/domain/pricing'
import type { ProductRow } from '../../src/domain/catalogue'

export interface ProductDocument {
  objectID: string
  entity_id: number
  sku: string
  name: string
  rewrite_url: string
  type_id: string
  image: string[]
  small_image: string
  image_url: string
  brand: string
  option_text_brand: string
  prices_with_tax: PricesWithTax
  discounted_price_from: string | null
  discounted_price_to: string | null
  back_orders: number
  preorder_note: string | null
  not_for_sale: [boolean]
  fast_delivery: boolean
  big_items: boolean
  delivery_within_24_hours: boolean
  eligible_for_tabby: boolean
  eligible_for_tamara: boolean
  show_outofstock: boolean
  stock: { [region: string]: number | boolean; is_in_stock: boolean }
  stock_region_ids: number[]
  _category_: { main_category: { category_id: number; name: string } }
  popularity: number
}

/**
 * The products columns a document is made from: not the descriptions, specifications, labels,
 * messages or options (the product page reads those itself), which would make reading the whole
 * catalogue for the search indexes several times heavier.
 */
const documentColumns = [
  'entity_id',
  'sku',
  'rewrite_url',
  'type_id',
  'name_ar',
  'name_en',
  'brand_ar',
  'brand_en',
  'price',
  'special_price',
  'discounted_price_from',
  'discounted_price_to',
  'back_orders',
  'preorder_note_ar',
  'preorder_note_en',
  'not_for_sale',
  'fast_delivery',
  'big_items',
  'delivery_within_24_hours',
  'eligible_for_tabby',
  'eligible_for_tamara',
  'show_outofstock',
  'main_category_id',
  'image_kind',
  'image_hue',
  'image_count',
  'images',
  'popularity',
  'created_at',
] as const satisfies readonly (keyof ProductRow)[]

/** A products row's document columns (the seed's ProductRow is the table's one shape) with its category names and stock. */
export type DocumentRow = Pick<ProductRow, (typeof documentColumns)[number]> & {
  category_ar: string
  category_en: string
  /** JSON object region id -> quantity. */
  stock: string | null
}

const selectDocuments = `SELECT ${documentColumns.map((column) => `p.${column}`).join(', ')}, c.name_ar AS category_ar, c.name_en AS category_en,
  (SELECT json_group_object(s.region_id, s.qty) FROM stock s WHERE s.product_id = p.entity_id) AS stock
  FROM products p JOIN categories c ON c.id = p.main_category_id`

export function toDocument(row: DocumentRow, locale: Locale, now: Date): ProductDocument {
  const stock = JSON.parse(row.stock ?? '{}') as Record<string, number>
  const inStockRegions = Object.entries(stock)
    .filter(([, qty]) => qty > 0)
    .map(([region]) => Number(region))
  const images = productPictures(row)
  const brand = locale === 'ar' ? row.brand_ar : row.brand_en
  return {
    objectID: String(row.entity_id),
    entity_id: row.entity_id,
    sku: row.sku,
    name: locale === 'ar' ? row.name_ar : row.name_en,
    rewrite_url: row.rewrite_url,
    type_id: row.type_id,
    image: images,
    small_image: images[0]!,
    image_url: images[0]!,
    brand,
    option_text_brand: brand,
    prices_with_tax: pricesWithTax(row, now),
    discounted_price_from: row.discounted_price_from,
    discounted_price_to: row.discounted_price_to,
    back_orders: row.back_orders,
    preorder_note: locale === 'ar' ? row.preorder_note_ar : row.preorder_note_en,
    not_for_sale: [row.not_for_sale === 1],
    fast_delivery: row.fast_delivery === 1,
    big_items: row.big_items === 1,
    delivery_within_24_hours: row.delivery_within_24_hours === 1,
    eligible_for_tabby: row.eligible_for_tabby === 1,
    eligible_for_tamara: row.eligible_for_tamara === 1,
    show_outofstock: row.show_outofstock === 1,
    stock: { ...stock, is_in_stock: inStockRegions.length > 0 || row.back_orders === appConfig.backOrdersPreorderCode },
    stock_region_ids: inStockRegions,
    _category_: { main_category: { category_id: row.main_category_id, name: locale === 'ar' ? row.category_ar : row.category_en } },
    popularity: row.popularity,
  }
}

export async function documentsBySkus(db: D1Database, skus: string[], locale: Locale, now = new Date()): Promise<ProductDocument[]> {
  if (skus.length === 0) return []
  const { results } = await db
    .prepare(`${selectDocuments} WHERE p.sku IN (SELECT value FROM json_each(?)) AND p.hidden = 0`)
    .bind(JSON.stringify(skus))
    .all<DocumentRow>()
  const bySku = new Map(results.map((r) => [r.sku, toDocument(r, locale, now)]))
  return skus.flatMap((sku) => bySku.get(sku) ?? [])
}

/** Document rows by entity id (the embedded search service's page of hits); a product that is gone has none. */
export async function documentRowsByIds(db: D1Database, ids: readonly number[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return []
  const { results } = await db
    .prepare(`${selectDocuments} WHERE p.entity_id IN (SELECT value FROM json_each(?)) AND p.hidden = 0`)
    .bind(JSON.stringify(ids))
    .all<DocumentRow>()
  return results
}

/**
 * One page of every product's row, in entity id order after `afterId`: the search indexes read the catalogue this way.
 * A variant is found through its parent, never on its own (docs/decisions/0020-variants-are-products.md).
 */
export async function documentRowsPage(db: D1Database, afterId: number, limit: number): Promise<DocumentRow[]> {
  const { results } = await db
    .prepare(`${selectDocuments} WHERE p.entity_id > ? AND p.parent_id IS NULL AND p.hidden = 0 ORDER BY p.entity_id LIMIT ?`)
    .bind(afterId, limit)
    .all<DocumentRow>()
  return results
}

/** Every product's row (run through wrangler by search:push). */
export const allDocumentRowsSql = `${selectDocuments} WHERE p.parent_id IS NULL AND p.hidden = 0 ORDER BY p.entity_id`

/** Products related to a sku: the same sub-category, most popular first. */
export async function relatedDocuments(db: D1Database, sku: string, limit: number, locale: Locale, now = new Date()) {
  const { results } = await db
    .prepare(
      `${selectDocuments} WHERE p.main_category_id = (SELECT main_category_id FROM products WHERE sku = ?1) AND p.sku != ?1 AND p.parent_id IS NULL AND p.hidden = 0
       ORDER BY p.popularity DESC LIMIT ?2`,
    )
    .bind(sku, limit)
    .all<DocumentRow>()
  return results.map((r) => toDocument(r, locale, now))
}
