/**
 * The retailer's import turned into statements, written out as one D1 file that loads whole or not at all
 * (docs/catalogue-import.md, docs/decisions/0018-catalogue-import.md), or as parts a queue loads one by one. Rows are
 * upserted by key (worker/storage/sql-writers.ts), and stock is only inserted when missing, so an import never undoes
 * orders already placed. What the store holds comes first (worker/storage/catalogue-snapshot.ts), the products' rows
 * from worker/storage/catalogue-product-rows.ts.
 */
import type { CatalogueFile, ProductUpdate } from '../catalogue/catalogue-file'
import type { StoreSnapshot } from './catalogue-snapshot'
import { productRowsOf, type ProductRows } from './catalogue-product-rows'
import { regions } from './region-rows'
import { chunked, literal, updateColumns, upsert, type Row } from './sql-writers'

const idList = (ids: readonly number[]) => ids.join(', ')

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
