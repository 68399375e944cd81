/**
 * The console's products and stock in D1 (docs/product.md, "The merchant console"; docs/architecture.md, "Storage owns
 * the SQL"): the product list and search, one product as its edit page reads it, the store snapshot a save is turned
 * into the import's SQL against (worker/storage/catalogue-sql.ts), the stock statements of a stock edit, and the
 * low-stock list and count.
 */
import { regionIds, type RegionId } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { normaliseSearchText } from '../../src/domain/search-text'
import { storeSnapshotOf, type StoreSnapshot } from './catalogue-snapshot'
import { upsert } from './sql-writers'

export interface ConsoleProductRow {
  entity_id: number
  sku: string
  rewrite_url: string
  name_ar: string
  name_en: string
  price: number
  special_price: number | null
  discounted_price_from: string | null
  discounted_price_to: string | null
  hidden: number
  not_for_sale: number
  type_id: string
  stock_total: number
}

export interface ConsoleProduct extends ConsoleProductRow {
  description_ar: string
  description_en: string
  back_orders: number
  preorder_note_ar: string | null
  preorder_note_en: string | null
  big_items: number
  fast_delivery: number
  delivery_within_24_hours: number
  eligible_for_tabby: number
  eligible_for_tamara: number
  images: string
  low_stock: number | null
  parent_id: number | null
  /** Variants a configurable product has: its stock is theirs, edited on each (docs/decisions/0020-variants-are-products.md). */
  variant_count: number
  version: number
  updated_at: string | null
  updated_by: string | null
  /** Units per city. */
  stock: { region_id: number; qty: number }[]
}

export interface LowStockRow {
  sku: string
  name_ar: string
  name_en: string
  region_id: number
  qty: number
  threshold: number
}

/**
 * Arabic letter forms folded in SQL as normaliseSearchText folds them in the query (src/domain/search-text.ts): a
 * staff member typing "اسطوانة" finds "أسطوانه".
 */
const foldedArabic = (column: string) =>
  `replace(replace(replace(replace(replace(replace(${column}, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي')`

/** What LIKE reads literally: % and _ in what staff typed are letters, not wildcards. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * Only products with stock of their own: a configurable product's stock is its variants' sum, so its variants are
 * listed instead; hidden, not-for-sale and pre-order products are not running out.
 */
const lowStockWhere = `s.qty <= coalesce(p.low_stock, ?1) AND p.type_id = 'simple' AND p.hidden = 0 AND p.not_for_sale = 0
  AND p.back_orders = 0 AND (?2 IS NULL OR s.region_id = ?2)`

export function consoleProductStore(db: D1Database) {
  return {
    /** Products newest first, by SKU, name in either language or category; `before` is the last id of the page before. */
    async list(filter: { q?: string; category?: string; before?: number }): Promise<ConsoleProductRow[]> {
      const where: string[] = ['1']
      const values: unknown[] = []
      const q = filter.q ? normaliseSearchText(filter.q.trim()) : ''
      if (q) {
        values.push(likeText(q))
        const n = values.length
        where.push(`(p.sku LIKE ?${n} ESCAPE '\\' OR p.name_en LIKE ?${n} ESCAPE '\\' OR ${foldedArabic('p.name_ar')} LIKE ?${n} ESCAPE '\\')`)
      }
      if (filter.category) {
        values.push(filter.category)
        where.push(
          `p.entity_id IN (SELECT pc.product_id FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE c.url_key = ?${values.length})`,
        )
      }
      if (filter.before) {
        values.push(filter.before)
        where.push(`p.entity_id < ?${values.length}`)
      }
      const { results } = await db
        .prepare(
          `SELECT p.entity_id, p.sku, p.rewrite_url, p.name_ar, p.name_en, p.price, p.special_price, p.discounted_price_from,
                  p.discounted_price_to, p.hidden, p.not_for_sale, p.type_id,
                  (SELECT coalesce(sum(s.qty), 0) FROM stock s WHERE s.product_id = p.entity_id) AS stock_total
           FROM products p WHERE ${where.join(' AND ')} ORDER BY p.entity_id DESC LIMIT ${serverLimits.orders.consolePageSize}`,
        )
        .bind(...values)
        .all<ConsoleProductRow>()
      return results
    },

    /** One product as its edit page shows it, with its stock in every city; null when no product has the SKU. */
    async product(sku: string): Promise<ConsoleProduct | null> {
      const [product, stock] = await db.batch([
        db
          .prepare(
            `SELECT p.entity_id, p.sku, p.rewrite_url, p.name_ar, p.name_en, p.description_ar, p.description_en, p.price,
                    p.special_price, p.discounted_price_from, p.discounted_price_to, p.hidden, p.not_for_sale, p.type_id,
                    p.back_orders, p.preorder_note_ar, p.preorder_note_en, p.big_items, p.fast_delivery,
                    p.delivery_within_24_hours, p.eligible_for_tabby, p.eligible_for_tamara, p.images, p.low_stock,
                    p.parent_id, p.version, p.updated_at, p.updated_by,
                    (SELECT count(*) FROM products v WHERE v.parent_id = p.entity_id) AS variant_count,
                    (SELECT coalesce(sum(s.qty), 0) FROM stock s WHERE s.product_id = p.entity_id) AS stock_total
             FROM products p WHERE p.sku = ?1`,
          )
          .bind(sku),
        db.prepare('SELECT s.region_id, s.qty FROM stock s JOIN products p ON p.entity_id = s.product_id WHERE p.sku = ?1').bind(sku),
      ])
      const row = product!.results[0] as Omit<ConsoleProduct, 'stock'> | undefined
      if (!row) return null
      const held = new Map((stock!.results as { region_id: number; qty: number }[]).map((s) => [s.region_id, s.qty]))
      return { ...row, stock: regionIds.map((region_id) => ({ region_id, qty: held.get(region_id) ?? 0 })) }
    },

    /**
     * The store as the import reads it (catalogue-snapshot.ts `storeSnapshotQueries`), narrowed to the one product a save
     * changes: a save never adds a product, a category or a service, so the rest of the catalogue is not read.
     */
    async snapshotFor(sku: string): Promise<StoreSnapshot> {
      const answers = await db.batch([
        db.prepare('SELECT sku, entity_id, rewrite_url, main_category_id, configurables, parent_id FROM products WHERE sku = ?1').bind(sku),
        db.prepare('SELECT id, url_key FROM categories'),
        db.prepare('SELECT fee_id, title_en FROM product_fees'),
        db.prepare('SELECT COALESCE(MAX(fee_option_id), 0) AS last FROM product_fee_options'),
      ])
      return storeSnapshotOf(answers.map((answer) => answer.results) as unknown as Parameters<typeof storeSnapshotOf>[0])
    },

    /**
     * A stock edit's statements for one city, for the edit's own batch: `set` writes the count as an import does
     * (the import's stock writer); `add` moves the stock by a number of units relative to what it is when the batch
     * runs, so two edits at once both count, and one that would take it below zero fails the batch (stock's CHECK).
     */
    stockChange(productId: number, regionId: RegionId, change: { set: number } | { add: number }): D1PreparedStatement[] {
      if ('set' in change) {
        return upsert('stock', [{ product_id: productId, region_id: regionId, qty: change.set }], ['product_id', 'region_id']).map((sql) =>
          db.prepare(sql),
        )
      }
      return [
        db
          .prepare('INSERT INTO stock (product_id, region_id, qty) VALUES (?1, ?2, 0) ON CONFLICT (product_id, region_id) DO NOTHING')
          .bind(productId, regionId),
        db.prepare('UPDATE stock SET qty = qty + ?3 WHERE product_id = ?1 AND region_id = ?2').bind(productId, regionId, change.add),
      ]
    },

    /** Stock at or below its threshold (the product's, else `lowStockDefault`), lowest first, in one city or all. */
    async lowStock(filter: { region?: RegionId; offset: number }): Promise<LowStockRow[]> {
      const { results } = await db
        .prepare(
          `SELECT p.sku, p.name_ar, p.name_en, s.region_id, s.qty, coalesce(p.low_stock, ?1) AS threshold
           FROM stock s JOIN products p ON p.entity_id = s.product_id
           WHERE ${lowStockWhere}
           ORDER BY s.qty, p.entity_id, s.region_id LIMIT ?3 OFFSET ?4`,
        )
        .bind(serverLimits.orders.lowStockDefault, filter.region ?? null, serverLimits.orders.consolePageSize, filter.offset)
        .all<LowStockRow>()
      return results
    },

    /** How many (product, city) pairs are low: the owner's numbers screen shows it. */
    async lowStockCount(region?: RegionId): Promise<number> {
      const row = await db
        .prepare(`SELECT count(*) AS n FROM stock s JOIN products p ON p.entity_id = s.product_id WHERE ${lowStockWhere}`)
        .bind(serverLimits.orders.lowStockDefault, region ?? null)
        .first<{ n: number }>()
      return row?.n ?? 0
    },
  }
}
