/**
 * A generated catalogue as the rows D1 answers for the search indexes (product, category names,
 * stock as JSON), without D1: for tests and benches that exercise the search code in Node. Listings
 * only, as D1's `allDocumentRowsSql` (worker/storage/product-documents.ts): a variant is not found on its own.
 */
import type { DocumentRow } from '../storage/product-documents'
import type { Catalogue } from './demo-catalogue'

export function documentRowsOf(catalogue: Catalogue): DocumentRow[] {
  const categories = new Map(catalogue.categories.map((c) => [c.id, c]))
  const stock = new Map<number, Record<number, number>>()
  for (const s of catalogue.stock) stock.set(s.product_id, { ...stock.get(s.product_id), [s.region_id]: s.qty })
  return catalogue.products
    .filter((p) => p.parent_id === null)
    .map((p) => {
      const category = categories.get(p.main_category_id)!
      return { ...p, category_ar: category.name_ar, category_en: category.name_en, stock: JSON.stringify(stock.get(p.entity_id) ?? {}) }
    })
}
