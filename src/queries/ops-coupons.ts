/**
 * The console's coupons and gift vouchers (docs/product.md, "The merchant console"), over /api/ops/coupons* and
 * /api/ops/gift-vouchers/{voucher} (worker/api/ops-coupons.ts). A refused form arrives as an `OpsError` whose issues
 * are `field:problem`, which the form shows beside each field (src/components/ops/coupon-text.ts).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CouponForm, CouponState, CouponTerms } from '../domain/coupons'
import { OpsError } from './ops'

export interface OpsCoupon extends CouponTerms {
  paused: boolean
  for_customer_id: number | null
  for_phone: string | null
  uses: number
  updated_at: string | null
  state: CouponState
}

export interface OpsCouponDetail {
  coupon: OpsCoupon
  orders: number
  /** Halalas, VAT included. */
  revenue: number
  /** Who bought is null for a role that may not read orders. */
  uses: { order: string; placed_at: string; status: string; grand_total: number; customer_name: string | null; email: string | null }[]
}

export interface GiftVoucherView {
  voucher: string
  /** Halalas. */
  balance: number
  spends: { order: string; placed_at: string; status: string; amount: number }[]
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/ops${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = (await response.json().catch(() => ({}))) as { data?: T; error?: { code?: string; issues?: string[] } }
  if (!response.ok || answer.data === undefined) throw new OpsError(response.status, answer.error?.code ?? 'internal', answer.error?.issues ?? [])
  return answer.data
}

const path = (code: string) => `/coupons/${encodeURIComponent(code)}`

export const couponQueries = {
  list: () => queryOptions({ queryKey: ['ops', 'coupons'], queryFn: () => call<{ coupons: OpsCoupon[] }>('GET', '/coupons') }),
  one: (code: string) => queryOptions({ queryKey: ['ops', 'coupons', code], queryFn: () => call<OpsCouponDetail>('GET', path(code)) }),
  giftVoucher: (voucher: string) =>
    queryOptions({
      queryKey: ['ops', 'gift-voucher', voucher],
      queryFn: () => call<GiftVoucherView>('GET', `/gift-vouchers/${encodeURIComponent(voucher)}`),
      enabled: voucher !== '',
      retry: false,
    }),
}

export function useCouponSave() {
  const queryClient = useQueryClient()
  return useMutation<{ code: string }, Error, { form: CouponForm; version?: string | null; editing: boolean }>({
    mutationFn: ({ form, version, editing }) =>
      editing ? call('POST', path(form.code), { form, version: version ?? null }) : call('POST', '/coupons', form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ops', 'coupons'] }),
  })
}

export function useCouponChange() {
  const queryClient = useQueryClient()
  return useMutation<{ code: string; already: boolean }, Error, { code: string; change: 'pause' | 'resume' | 'expire' }>({
    mutationFn: ({ code, change }) => call('POST', `${path(code)}/${change}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ops', 'coupons'] }),
  })
}
