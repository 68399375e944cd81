/**
 * A product saved from the console, and a city's stock changed from it (docs/product.md, "The merchant console";
 * docs/decisions/0030-console-edits-share-the-import.md). A save is the import of one row: the same check
 * (readCatalogueJson) and the same SQL (importStatements), with the version it edited, in one D1 batch with its audit
 * row; then the product's pages, its categories' listings and search results are marked changed (productsChanged), so
 * the shopper's next view shows it.
 */
import { appConfig, type RegionId } from '../../app.config'
import type { ProductEdit, StockReason } from '../../src/domain/product-edit'
import { auditStore, type AuditEntry } from '../storage/audit-store'
import { importStatements } from '../storage/catalogue-sql'
import { storeKeysOf } from '../storage/catalogue-snapshot'
import { consoleProductStore, type ConsoleProduct } from '../storage/console-product-store'
import { readCatalogueJson, type ImportProblem } from './catalogue-file'
import { productsChanged } from './page-purge'

export type SaveOutcome =
  | { kind: 'saved'; product: ConsoleProduct }
  | { kind: 'stale'; by: string | null; at: string | null; version: number }
  | { kind: 'refused'; problems: ImportProblem[] }
  | { kind: 'not_found' }

/** The editable part of a product as the audit trail keeps it, before and after. */
export function editableOf(product: ConsoleProduct): Omit<ProductEdit, 'version'> {
  return {
    name: { ar: product.name_ar, en: product.name_en },
    description: { ar: product.description_ar, en: product.description_en },
    price: product.price,
    special_price: product.special_price,
    special_from: product.discounted_price_from,
    special_to: product.discounted_price_to,
    hidden: product.hidden === 1,
    not_for_sale: product.not_for_sale === 1,
    preorder: product.back_orders === appConfig.backOrdersPreorderCode,
    preorder_note: product.preorder_note_ar !== null ? { ar: product.preorder_note_ar, en: product.preorder_note_en ?? '' } : null,
    big_items: product.big_items === 1,
    fast_delivery: product.fast_delivery === 1,
    delivery_within_24_hours: product.delivery_within_24_hours === 1,
    eligible_for_tabby: product.eligible_for_tabby === 1,
    eligible_for_tamara: product.eligible_for_tamara === 1,
    images: JSON.parse(product.images) as string[],
    low_stock: product.low_stock,
  }
}

/** The edit as a catalogue file's product (docs/catalogue-import.md, "JSON"): every field it edits, given. */
function fileItem(sku: string, edit: ProductEdit): Record<string, unknown> {
  const { version: _version, preorder_note, ...fields } = edit
  // An empty note is no note: the import keeps a product's note when its row gives none.
  const note = preorder_note && (preorder_note.ar.trim() || preorder_note.en.trim()) ? { preorder_note } : {}
  return { sku, ...fields, ...note }
}

const isStale = (error: unknown) => String(error).includes('stale product version')

export async function saveProduct(env: Env, sku: string, edit: ProductEdit, audit: AuditEntry): Promise<SaveOutcome> {
  const store = consoleProductStore(env.DB)
  const before = await store.product(sku)
  if (!before) return { kind: 'not_found' }
  const stale = (): SaveOutcome & { kind: 'stale' } => ({ kind: 'stale', by: before.updated_by, at: before.updated_at, version: before.version })
  if (before.version !== edit.version) return stale()
  const snapshot = await store.snapshotFor(sku)
  const { file, problems } = readCatalogueJson(JSON.stringify({ products: [fileItem(sku, edit)] }), storeKeysOf(snapshot))
  if (problems.length > 0) return { kind: 'refused', problems }
  const statements = importStatements(file, snapshot, audit.at, { by: audit.actor.name, version: edit.version }).map((sql) => env.DB.prepare(sql))
  const entry: AuditEntry = {
    ...audit,
    before: editableOf(before),
    after: { ...editableOf({ ...before, ...rowOf(edit) }) },
  }
  try {
    await env.DB.batch([...statements, auditStore(env.DB).row(entry)])
  } catch (error) {
    // Another save landed between the read and this batch: the trigger refused the whole of this one.
    if (!isStale(error)) throw error
    const now = await store.product(sku)
    return { kind: 'stale', by: now?.updated_by ?? null, at: now?.updated_at ?? null, version: now?.version ?? before.version }
  }
  await productsChanged(env, [before.entity_id])
  return { kind: 'saved', product: (await store.product(sku))! }
}

/** The edit in the columns' shape, for the audit's "after" (the windows as the import stores them). */
function rowOf(edit: ProductEdit): Partial<ConsoleProduct> {
  const instant = (value: string | null) => (value ? `${value.replace(' ', 'T')}:00+03:00` : null)
  return {
    name_ar: edit.name.ar.trim(),
    name_en: edit.name.en.trim(),
    description_ar: edit.description.ar.trim(),
    description_en: edit.description.en.trim(),
    price: edit.price,
    special_price: edit.special_price,
    discounted_price_from: edit.special_price === null ? null : instant(edit.special_from),
    discounted_price_to: edit.special_price === null ? null : instant(edit.special_to),
    hidden: edit.hidden ? 1 : 0,
    not_for_sale: edit.not_for_sale ? 1 : 0,
    back_orders: edit.preorder ? appConfig.backOrdersPreorderCode : 0,
    big_items: edit.big_items ? 1 : 0,
    fast_delivery: edit.fast_delivery ? 1 : 0,
    delivery_within_24_hours: edit.delivery_within_24_hours ? 1 : 0,
    eligible_for_tabby: edit.eligible_for_tabby ? 1 : 0,
    eligible_for_tamara: edit.eligible_for_tamara ? 1 : 0,
    images: JSON.stringify(edit.images),
    low_stock: edit.low_stock,
  }
}

export interface StockEdit {
  changes: ({ region_id: RegionId; set: number } | { region_id: RegionId; add: number })[]
  reason: StockReason
  note?: string
}

export type StockOutcome =
  { kind: 'saved'; product: ConsoleProduct } | { kind: 'short'; region_id: number } | { kind: 'follows_variants' } | { kind: 'not_found' }

/**
 * A stock edit: each city's change and the audit row (reason, note, the counts before) in one batch. A configurable
 * product's stock is its variants' sum (migration 0022), so it is edited on each variant instead.
 */
export async function changeStock(env: Env, sku: string, edit: StockEdit, audit: AuditEntry): Promise<StockOutcome> {
  const store = consoleProductStore(env.DB)
  const before = await store.product(sku)
  if (!before) return { kind: 'not_found' }
  if (before.variant_count > 0) return { kind: 'follows_variants' }
  const seen = new Map(before.stock.map((s) => [s.region_id, s.qty]))
  const entry: AuditEntry = {
    ...audit,
    before: Object.fromEntries(edit.changes.map((change) => [change.region_id, seen.get(change.region_id) ?? 0])),
    after: { changes: edit.changes, reason: edit.reason, ...(edit.note ? { note: edit.note } : {}) },
  }
  try {
    await env.DB.batch([
      ...edit.changes.flatMap((change) =>
        store.stockChange(before.entity_id, change.region_id, 'set' in change ? { set: change.set } : { add: change.add }),
      ),
      auditStore(env.DB).row(entry),
    ])
  } catch (error) {
    // stock.qty >= 0 refused a subtraction of more than the city holds (counted when the batch ran).
    if (!String(error).includes('CHECK constraint failed')) throw error
    const short = edit.changes.find((change) => 'add' in change && (seen.get(change.region_id) ?? 0) + change.add < 0) ?? edit.changes[0]!
    return { kind: 'short', region_id: short.region_id }
  }
  await productsChanged(env, [before.entity_id])
  return { kind: 'saved', product: (await store.product(sku))! }
}
