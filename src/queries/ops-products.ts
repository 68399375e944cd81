/**
 * The console's products, prices and stock (docs/product.md, "The merchant console"), over worker/api/ops-products.ts.
 * A refusal arrives as a `ProductRefused` with the API's message in the staff member's language (the page's, sent as
 * `lang`), the fields it names and, for a stale save, who changed the product and when.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProductEdit, StockReason } from '../domain/product-edit'
import { currentLocale } from '../lib/i18n'
import { OpsError, type AuditEntryRow } from './ops'

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

/** What the API refused, in the staff member's language. */
export class ProductRefused extends OpsError {
  constructor(
    status: number,
    code: string,
    readonly message: string,
    issues: string[],
    readonly fields: Record<string, string>,
    readonly changedBy?: string | null,
  ) {
    super(status, code, issues)
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const joiner = path.includes('?') ? '&' : '?'
  const response = await fetch(`/api/ops${path}${joiner}lang=${currentLocale()}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = (await response.json().catch(() => ({}))) as {
    data?: T
    error?: { code?: string; message?: string; issues?: string[]; fields?: Record<string, string>; changed_by?: string | null }
  }
  if (!response.ok || answer.data === undefined) {
    const error = answer.error ?? {}
    throw new ProductRefused(response.status, error.code ?? 'internal', error.message ?? '', error.issues ?? [], error.fields ?? {}, error.changed_by)
  }
  return answer.data
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
      queryFn: () => call<{ products: OpsProductRow[]; older: number | null }>('GET', `/products${search({ ...filter })}`),
      placeholderData: keepPreviousData,
    }),
  product: (sku: string) =>
    queryOptions({
      queryKey: ['ops', 'product', sku],
      queryFn: () => call<{ product: OpsProduct; audit: AuditEntryRow[] }>('GET', `/products/${encodeURIComponent(sku)}`),
    }),
  lowStock: (region: number | undefined, offset: number) =>
    queryOptions({
      queryKey: ['ops', 'stock', region, offset],
      queryFn: () =>
        call<{ rows: LowStockRow[]; count: number; next: number | null; default_threshold: number }>('GET', `/stock${search({ region, offset })}`),
      placeholderData: keepPreviousData,
    }),
}

export function useSaveProduct(sku: string) {
  const queryClient = useQueryClient()
  return useMutation<{ product: OpsProduct }, ProductRefused, ProductEdit>({
    mutationFn: (edit) => call('POST', `/products/${encodeURIComponent(sku)}`, edit),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ops'] }),
  })
}

export interface StockChange {
  changes: ({ region_id: number; set: number } | { region_id: number; add: number })[]
  reason: StockReason
  note?: string
}

export function useChangeStock(sku: string) {
  const queryClient = useQueryClient()
  return useMutation<{ product: OpsProduct }, ProductRefused, StockChange>({
    mutationFn: (change) => call('POST', `/products/${encodeURIComponent(sku)}/stock`, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ops'] }),
  })
}
