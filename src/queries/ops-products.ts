/**
 * The console's products, prices and stock (docs/product.md, "The merchant console"), over worker/api/ops-products.ts.
 * A refusal arrives as an `OpsError` whose `refusal` has the API's message in the staff member's language, the fields
 * it names and, for a stale save, who changed the product.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { ProductEdit, StockReason } from '../domain/product-edit'
import { ops, useOpsChange, type AuditEntryRow } from './ops'

export interface OpsProductRow {
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

export interface OpsProduct extends OpsProductRow {
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
  variant_count: number
  version: number
  updated_at: string | null
  updated_by: string | null
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

export interface ProductFilter {
  q?: string
  category?: string
  before?: number
}

const search = (values: Record<string, string | number | undefined>) => {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== '') query.set(name, String(value))
  return query.size ? `?${query}` : ''
}

export const productQueries = {
  list: (filter: ProductFilter) =>
    queryOptions({
      queryKey: ['ops', 'products', filter],
      queryFn: () => ops<{ products: OpsProductRow[]; older: number | null }>('GET', `/products${search({ ...filter })}`),
      placeholderData: keepPreviousData,
    }),
  product: (sku: string) =>
    queryOptions({
      queryKey: ['ops', 'product', sku],
      queryFn: () => ops<{ product: OpsProduct; audit: AuditEntryRow[] }>('GET', `/products/${encodeURIComponent(sku)}`),
    }),
  lowStock: (region: number | undefined, offset: number) =>
    queryOptions({
      queryKey: ['ops', 'stock', region, offset],
      queryFn: () =>
        ops<{ rows: LowStockRow[]; count: number; next: number | null; default_threshold: number }>('GET', `/stock${search({ region, offset })}`),
      placeholderData: keepPreviousData,
    }),
}

export const useSaveProduct = (sku: string) =>
  useOpsChange((edit: ProductEdit) => ops<{ product: OpsProduct }>('POST', `/products/${encodeURIComponent(sku)}`, edit))

export interface StockChange {
  changes: ({ region_id: number; set: number } | { region_id: number; add: number })[]
  reason: StockReason
  note?: string
}

export const useChangeStock = (sku: string) =>
  useOpsChange((change: StockChange) => ops<{ product: OpsProduct }>('POST', `/products/${encodeURIComponent(sku)}/stock`, change))
