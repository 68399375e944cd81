/** Product reads for cards and listings, in the page's language and for the shopper's region. */
import type { Locale } from '../../app.config'
import { productImagePath, type ProductSummary } from '../../src/lib/product'
import type { ProductRow } from '../seed/catalogue'

type SummaryRecord = Pick<
  ProductRow,
  | 'entity_id' | 'sku' | 'rewrite_url' | 'type_id' | 'name_ar' | 'name_en' | 'brand_ar' | 'brand_en' | 'image_kind'
  | 'image_hue' | 'image_count' | 'price' | 'special_price' | 'discounted_price_from' | 'discounted_price_to'
  | 'back_orders' | 'not_for_sale'
> & { qty: number | null }

const summaryColumns = `p.entity_id, p.sku, p.rewrite_url, p.type_id, p.name_ar, p.name_en, p.brand_ar, p.brand_en,
  p.image_kind, p.image_hue, p.image_count, p.price, p.special_price, p.discounted_price_from, p.discounted_price_to,
  p.back_orders, p.not_for_sale, s.qty`

function toSummary(r: SummaryRecord, locale: Locale): ProductSummary {
  return {
    entity_id: r.entity_id,
    sku: r.sku,
    rewrite_url: r.rewrite_url,
    type_id: r.type_id,
    name: locale === 'ar' ? r.name_ar : r.name_en,
    brand: locale === 'ar' ? r.brand_ar : r.brand_en,
    image: Array.from({ length: r.image_count }, (_, view) => productImagePath(r.image_kind, r.image_hue, view)),
    price: r.price,
    special_price: r.special_price,
    discounted_price_from: r.discounted_price_from,
    discounted_price_to: r.discounted_price_to,
    back_orders: r.back_orders,
    not_for_sale: r.not_for_sale === 1,
    in_stock: (r.qty ?? 0) > 0,
  }
}

export function productStore(db: D1Database) {
  return {
    /**
     * A plain name/brand match in both languages, most popular first. An interim search for the
     * /search page until the search service (Algolia-compatible, Arabic-aware) replaces it.
     */
    async searchByText(text: string, locale: Locale, regionId: number, limit: number) {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      const { results } = await db
        .prepare(
          `SELECT ${summaryColumns} FROM products p
           LEFT JOIN stock s ON s.product_id = p.entity_id AND s.region_id = ?2
           WHERE p.name_ar LIKE ?1 ESCAPE '\\' OR p.name_en LIKE ?1 ESCAPE '\\' OR p.brand_en LIKE ?1 ESCAPE '\\' OR p.brand_ar LIKE ?1 ESCAPE '\\'
           ORDER BY p.popularity DESC LIMIT ?3`,
        )
        .bind(pattern, regionId, limit)
        .all<SummaryRecord>()
      return results.map((r) => toSummary(r, locale))
    },

    /** Products of a category (and its sub-categories), most popular first. */
    async listByCategory(categoryId: number, locale: Locale, regionId: number, limit: number, offset = 0) {
      const [rows, count] = await db.batch([
        db
          .prepare(
            `SELECT ${summaryColumns} FROM product_categories pc
             JOIN products p ON p.entity_id = pc.product_id
             LEFT JOIN stock s ON s.product_id = p.entity_id AND s.region_id = ?2
             WHERE pc.category_id = ?1 ORDER BY p.popularity DESC, p.entity_id LIMIT ?3 OFFSET ?4`,
          )
          .bind(categoryId, regionId, limit, offset),
        db.prepare('SELECT count(*) AS total FROM product_categories WHERE category_id = ?').bind(categoryId),
      ])
      return {
        products: (rows!.results as SummaryRecord[]).map((r) => toSummary(r, locale)),
        total: (count!.results[0] as { total: number }).total,
      }
    },
  }
}

export interface ProductDetail extends ProductSummary {
  description: string
  specifications: { name: string; value: string }[]
  main_category: { url_key: string; name: string }
}

/** One product by its rewrite_url, with what the product page shows. */
export async function productDetail(db: D1Database, rewriteUrl: string, locale: Locale, regionId: number): Promise<ProductDetail | null> {
  const row = await db
    .prepare(
      `SELECT ${summaryColumns}, p.description_ar, p.description_en, p.specifications, c.url_key AS category_url_key,
              c.name_ar AS category_name_ar, c.name_en AS category_name_en
       FROM products p JOIN categories c ON c.id = p.main_category_id
       LEFT JOIN stock s ON s.product_id = p.entity_id AND s.region_id = ?2
       WHERE p.rewrite_url = ?1`,
    )
    .bind(rewriteUrl, regionId)
    .first<SummaryRecord & Record<'description_ar' | 'description_en' | 'specifications' | 'category_url_key' | 'category_name_ar' | 'category_name_en', string>>()
  if (!row) return null
  const specs = JSON.parse(row.specifications) as { name: Record<Locale, string>; value: Record<Locale, string> }[]
  return {
    ...toSummary(row, locale),
    description: locale === 'ar' ? row.description_ar : row.description_en,
    specifications: specs.map((s) => ({ name: s.name[locale], value: s.value[locale] })),
    main_category: { url_key: row.category_url_key, name: locale === 'ar' ? row.category_name_ar : row.category_name_en },
  }
}
