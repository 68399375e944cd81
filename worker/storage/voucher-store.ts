/**
 * Coupons, gift vouchers and ERP vouchers in D1 (docs/architecture.md, "Storage owns the SQL").
 * Spending happens with the order, in the order's batch (order-store.ts), never here.
 */
import type { Coupon } from '../../src/domain/cart'

export function voucherStore(db: D1Database) {
  return {
    /**
     * A coupon whose window holds `now` (open ends allowed). The window is compared as instants: it is written with
     * Riyadh's offset (2026-11-27T19:00:00+03:00), which as text would sort three hours off against UTC's `now`.
     * A time SQLite cannot read gives NULL, and the coupon is then never active.
     */
    activeCoupon: (code: string, now: Date) =>
      db
        .prepare(
          `SELECT code, kind, amount, min_subtotal FROM coupons WHERE code = ?1
           AND (active_from IS NULL OR unixepoch(active_from) <= ?2) AND (active_to IS NULL OR unixepoch(active_to) >= ?2)`,
        )
        .bind(code, Math.floor(now.getTime() / 1000))
        .first<Coupon>(),

    giftVoucher: (voucher: string) =>
      db
        .prepare('SELECT voucher, pin, balance FROM gift_vouchers WHERE voucher = ?')
        .bind(voucher)
        .first<{ voucher: string; pin: string; balance: number }>(),

    /** An ERP voucher issued to this phone (international form), and whether it is spent. */
    erpVoucherFor: async (voucher: string, phone: string) => {
      const row = await db
        .prepare('SELECT voucher, amount, used_by_quote IS NOT NULL AS spent FROM erp_vouchers WHERE voucher = ? AND phone = ?')
        .bind(voucher, phone)
        .first<{ voucher: string; amount: number; spent: number }>()
      return row && { voucher: row.voucher, amount: row.amount, spent: row.spent === 1 }
    },
  }
}
