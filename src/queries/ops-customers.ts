/**
 * The console's customers and abandoned carts (docs/product.md, "The merchant console"), over /api/ops/customers and
 * /api/ops/carts (worker/api/ops-customers.ts, worker/api/ops-carts.ts). A refusal arrives as an `OpsError` with the
 * API's code and issues, which the screens say in the staff member's language.
 */
import { queryOptions } from '@tanstack/react-query'
import type { AddressFields } from '../domain/checkout'
import { ops, useOpsChange } from './ops'

const inBrowser = typeof window !== 'undefined'
const query = (values: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams(Object.entries(values).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])))
  return params.size ? `?${params}` : ''
}

export interface CustomerRow {
  id: number
  firstname: string
  lastname: string
  email: string
  mobile: string
  created_at: string
}

export interface CustomerMessage {
  id: string
  channel: 'sms' | 'email' | 'whatsapp'
  template: string
  status: string
  attempts: number
  last_error: string | null
  created_at: string
  updated_at: string
  /** The order it belongs to, when it is one of an order's messages. */
  order: string | null
  resendable: boolean
  resends: number
}

export interface ShopperCart {
  quote_id: string
  lines: number
  value: number
  updated_at: string
  reminders: number
}

/** A customer's page; a closed account is only its number and when it closed. */
export type CustomerDetail =
  | { id: number; closed_at: string }
  | {
      id: number
      closed_at: null
      customer: { firstname: string; lastname: string; email: string; mobile: string; created_at: string | null }
      verified_mobiles: { mobile: string; verified_at: string }[]
      addresses: (AddressFields & { id: number; is_default: boolean })[]
      orders: { order: string; placed_at: string; status: string; payment_method: string; grand_total: number; items_qty: number }[]
      cart: ShopperCart | null
      messages: CustomerMessage[]
    }

export interface AbandonedCartRow extends ShopperCart {
  customer_id: number | null
  name: string | null
  mobile: string | null
  email: string | null
  locale: string
  age_minutes: number
  reminded_at: string | null
}

export const customerQueries = {
  search: (filter: { q?: string; before?: number }) =>
    queryOptions({
      queryKey: ['ops', 'customers', filter],
      queryFn: () => ops<{ customers: CustomerRow[]; older: number | null }>('GET', `/customers${query(filter)}`),
      enabled: inBrowser,
    }),
  customer: (id: number) =>
    queryOptions({ queryKey: ['ops', 'customer', id], queryFn: () => ops<CustomerDetail>('GET', `/customers/${id}`), enabled: inBrowser }),
  carts: (before?: string) =>
    queryOptions({
      queryKey: ['ops', 'carts', before ?? null],
      queryFn: () => ops<{ carts: AbandonedCartRow[]; reminders_per_cart: number; older: string | null }>('GET', `/carts${query({ before })}`),
      enabled: inBrowser,
    }),
}

export const useSendCode = () => useOpsChange((id: number) => ops<{ sent: true; to: string }>('POST', `/customers/${id}/code`))
export const useRemindCart = () =>
  useOpsChange((input: { quote: string; seen: number; coupon_percent?: number }) =>
    ops<{ outcome: 'sent' }>('POST', `/carts/${encodeURIComponent(input.quote)}/remind`, { seen: input.seen, coupon_percent: input.coupon_percent }),
  )
export const usePaymentLink = () =>
  useOpsChange((quote: string) => ops<{ link: string; expires_at: string }>('POST', `/carts/${encodeURIComponent(quote)}/payment-link`))
