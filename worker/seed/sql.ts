/**
 * Turns the generated catalogue and content into SQL. Seeding is idempotent: rows are upserted by
 * key, and stock is only inserted when missing, so re-seeding never undoes orders already placed.
 */
import type { Locale } from '../../app.config'
import { generateCatalogue, type CatalogueOptions } from './demo-catalogue'
import { blogPosts, coupons, erpVouchers, footerContent, giftVouchers, homeContent, regions, staticPages } from './content'

type Value = string | number | null
type Row = Record<string, Value>

function literal(value: Value): string {
  if (value === null) return 'NULL'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`)
    return String(value)
  }
  return `'${value.replaceAll("'", "''")}'`
}

/** Multi-row statements keep the file small and the load fast (D1 caps one statement at 100 KB). */
function upsert(table: string, rows: readonly Row[], key: string[], mode: 'update' | 'ignore' = 'update', chunk = 40): string[] {
  if (rows.length === 0) return []
  const columns = Object.keys(rows[0]!)
  const updates = columns.filter((c) => !key.includes(c)).map((c) => `${c} = excluded.${c}`)
  const conflict =
    mode === 'ignore' || updates.length === 0
      ? `ON CONFLICT (${key.join(', ')}) DO NOTHING`
      : `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${updates.join(', ')}`
  const statements: string[] = []
  for (let i = 0; i < rows.length; i += chunk) {
    const values = rows
      .slice(i, i + chunk)
      .map((row) => `(${columns.map((c) => literal(row[c] ?? null)).join(', ')})`)
      .join(',\n')
    statements.push(`INSERT INTO ${table} (${columns.join(', ')}) VALUES\n${values}\n${conflict};`)
  }
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
