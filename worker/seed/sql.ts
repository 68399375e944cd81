/**
 * Turns the generated catalogue and content into SQL, with the catalogue's writers (worker/storage/sql-writers.ts).
 * Seeding is idempotent: rows are upserted by key, and stock is only inserted when missing, so re-seeding never undoes
 * orders already placed.
 */
import type { Locale } from '../../app.config'
import { chunked, literal, upsert, type Row } from '../storage/sql-writers'
import { regions } from '../storage/region-rows'
import { generateCatalogue, type CatalogueOptions } from './demo-catalogue'
import { demoReviews } from './reviews'
import { blogPosts, coupons, erpVouchers, footerContent, giftVouchers, homeContent, showrooms, staticPages } from './content'

export function seedStatements(options: CatalogueOptions = {}): string[] {
  const catalogue = generateCatalogue(options)
  const now = '2026-11-21T00:00:00+03:00'
  const documents: Row[] = (['ar', 'en'] as Locale[]).flatMap((locale) => [
    { kind: 'home', locale, body: JSON.stringify(homeContent(locale)), updated_at: now },
    { kind: 'footer', locale, body: JSON.stringify(footerContent(locale)), updated_at: now },
  ])
  const listed = new Set(catalogue.productCategories.map((row) => row.product_id))
  // Parents before children: categories are ordered top first by the generator.
  return [
    ...upsert('regions', regions as unknown as Row[], ['id']),
    ...upsert('categories', catalogue.categories as unknown as Row[], ['id'], 'update', 1),
    // A re-seed over an older catalogue may give a product the SKU or address another row still holds (a renamed line,
    // a product the new catalogue no longer has): both are unique, so whatever holds them is set aside first, in the
    // same file, and the upsert never meets an old value.
    ...(['sku', 'rewrite_url'] as const).flatMap((column) =>
      chunked(
        catalogue.products.map((product) => literal(product[column])),
        500,
        (values) =>
          `UPDATE products SET sku = 'reseed-' || entity_id, rewrite_url = 'reseed-' || entity_id WHERE ${column} IN (${values.join(', ')});`,
      ),
    ),
    ...upsert('products', catalogue.products as unknown as Row[], ['entity_id'], 'update', 20),
    ...upsert('product_categories', catalogue.productCategories, ['category_id', 'product_id'], 'ignore', 200),
    ...upsert('stock', catalogue.stock as unknown as Row[], ['product_id', 'region_id'], 'ignore', 200),
    ...upsert('product_fees', catalogue.fees as unknown as Row[], ['fee_id']),
    ...upsert('product_fee_options', catalogue.feeOptions as unknown as Row[], ['fee_option_id'], 'update', 200),
    ...upsert('content_documents', documents, ['kind', 'locale'], 'update', 1),
    ...upsert('static_pages', staticPages as unknown as Row[], ['slug']),
    ...upsert('blog_posts', blogPosts as unknown as Row[], ['slug']),
    ...upsert('showrooms', showrooms as unknown as Row[], ['id']),
    ...upsert('coupons', coupons as unknown as Row[], ['code']),
    // Vouchers keep their balance and use across re-seeds, like stock.
    ...upsert('gift_vouchers', giftVouchers as unknown as Row[], ['voucher'], 'ignore'),
    ...upsert('erp_vouchers', erpVouchers as unknown as Row[], ['voucher'], 'ignore'),
    // Reviews on listed products (docs/product.md, "Reviews"), then every product's numbers from its approved ones.
    ...upsert('reviews', demoReviews(catalogue.products.filter((p) => listed.has(p.entity_id))), ['id'], 'update', 100),
    `INSERT OR REPLACE INTO review_totals (sku, count, stars, one, two, three, four, five)
     SELECT sku, count(*), sum(stars), sum(stars = 1), sum(stars = 2), sum(stars = 3), sum(stars = 4), sum(stars = 5)
     FROM reviews WHERE status = 'approved' GROUP BY sku;`,
  ]
}
