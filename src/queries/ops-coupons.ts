/**
 * The console's coupons and gift vouchers (docs/product.md, "The merchant console"), over /api/ops/coupons* and
 * /api/ops/gift-vouchers/{voucher} (worker/api/ops-coupons.ts). A refused form arrives as an `OpsError` whose issues
 * are `field:problem`, which the form shows beside each field (src/components/ops/coupon-text.ts).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CouponForm, CouponState, CouponTerms } from '../domain/coupons'
import { ops } from './ops'

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

const path = (code: string) => `/coupons/${encodeURIComponent(code)}`

export const couponQueries = {
  list: () => queryOptions({ queryKey: ['ops', 'coupons'], queryFn: () => ops<{ coupons: OpsCoupon[] }>('GET', '/coupons') }),
  one: (code: string) => queryOptions({ queryKey: ['ops', 'coupons', code], queryFn: () => ops<OpsCouponDetail>('GET', path(code)) }),
  giftVoucher: (voucher: string) =>
    queryOptions({
      queryKey: ['ops', 'gift-voucher', voucher],
      queryFn: () => ops<GiftVoucherView>('GET', `/gift-vouchers/${encodeURIComponent(voucher)}`),
      enabled: voucher !== '',
      retry: false,
    }),
}

export function useCouponSave() {
  const queryClient = useQueryClient()
  return useMutation<{ code: string }, Error, { form: CouponForm; version?: string | null; editing: boolean }>({
    mutationFn: ({ form, version, editing }) =>
      editing ? ops('POST', path(form.code), { form, version: version ?? null }) : ops('POST', '/coupons', form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ops', 'coupons'] }),
  })
}

export function useCouponChange() {
  const queryClient = useQueryClient()
  return useMutation<{ code: string; already: boolean }, Error, { code: string; change: 'pause' | 'resume' | 'expire' }>({
    mutationFn: ({ code, change }) => ops('POST', `${path(code)}/${change}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ops', 'coupons'] }),
  })
}
