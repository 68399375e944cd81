/**
 * What the store holds, read before an import (docs/catalogue-import.md): the ids the file's SKUs, url keys, categories
 * and services already have, and the keys the file is validated against.
 */
import type { OptionValues, StoreKeys } from '../catalogue/catalogue-file'

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
        // Value indexes are 1, 2, 3... in order (productColumns in catalogue-product-rows.ts, worker/seed/demo-catalogue.ts).
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
