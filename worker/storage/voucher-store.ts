/**
 * Coupons, gift vouchers and ERP vouchers in D1 (docs/architecture.md, "Storage owns the SQL").
 * Spending happens with the order, in the order's batch (order-store.ts), never here.
 */
import type { Coupon } from '../../src/domain/cart'

/** A coupon checkout may use now, and the one shopper it was minted for (createSingleUseCoupon), if any. */
export interface ActiveCoupon {
  coupon: Coupon
  for_customer_id: number | null
  for_phone: string | null
}

/** Whether this shopper may spend a coupon minted for one: the signed-in customer, or a phone verified for the cart. */
export function mayUseCoupon(active: ActiveCoupon, customerId: number | null, verifiedPhones: string[]): boolean {
  if (active.for_customer_id === null && active.for_phone === null) return true
  return (customerId !== null && customerId === active.for_customer_id) || (active.for_phone !== null && verifiedPhones.includes(active.for_phone))
}

export function voucherStore(db: D1Database) {
  return {
    /**
     * A coupon whose window holds `now` (open ends allowed) and that is not paused, with whom it was minted for (if
     * anyone). The window is compared as instants: it is written with Riyadh's offset (2026-11-27T19:00:00+03:00),
     * which as text would sort three hours off against UTC's `now`. A time SQLite cannot read gives NULL, and the
     * coupon is then never active. A coupon kept to categories covers those under them too: the tree is walked here.
     */
    async activeCoupon(code: string, now: Date): Promise<ActiveCoupon | null> {
      const row = await db
        .prepare(
          `SELECT code, kind, amount, min_subtotal, product_skus, for_customer_id, for_phone,
             CASE WHEN category_keys IS NULL THEN NULL ELSE (
               WITH RECURSIVE under(id, url_key) AS (
                 SELECT id, url_key FROM categories WHERE url_key IN (SELECT value FROM json_each(coupons.category_keys))
                 UNION SELECT c.id, c.url_key FROM categories c JOIN under ON c.parent_id = under.id)
               SELECT json_group_array(url_key) FROM under) END AS category_tree
           FROM coupons WHERE code = ?1 AND paused = 0
           AND (active_from IS NULL OR unixepoch(active_from) <= ?2) AND (active_to IS NULL OR unixepoch(active_to) >= ?2)`,
        )
        .bind(code, Math.floor(now.getTime() / 1000))
        .first<{
          code: string
          kind: Coupon['kind']
          amount: number
          min_subtotal: number
          product_skus: string | null
          category_tree: string | null
          for_customer_id: number | null
          for_phone: string | null
        }>()
      if (!row) return null
      const skus = row.product_skus ? (JSON.parse(row.product_skus) as string[]) : null
      const categories = row.category_tree ? (JSON.parse(row.category_tree) as string[]) : null
      return {
        coupon: {
          code: row.code,
          kind: row.kind,
          amount: row.amount,
          min_subtotal: row.min_subtotal,
          // Restricted coupons only carry their lists, so an unrestricted one stays as it always was on the cart.
          ...(skus || categories ? { skus, category_keys: categories ?? null } : {}),
        },
        for_customer_id: row.for_customer_id,
        for_phone: row.for_phone,
      }
    },

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
