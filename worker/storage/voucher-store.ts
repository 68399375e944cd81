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

/**
 * The coupon's row while checkout may use it at ?2 (seconds): not paused, its window holding that instant (open ends
 * allowed). The window is compared as instants: it is written with Riyadh's offset (2026-11-27T19:00:00+03:00), which as
 * text would sort three hours off against UTC's `now`; a time SQLite cannot read gives NULL, and the coupon is then never
 * offered. A coupon kept to categories covers those under them too: the tree is walked here. One statement for applying
 * the coupon and for the order's batch that checks it again.
 */
const offeredCoupon = `SELECT code, kind, amount, min_subtotal, product_skus, for_customer_id, for_phone,
    CASE WHEN category_keys IS NULL THEN NULL ELSE (
      WITH RECURSIVE under(id, url_key) AS (
        SELECT id, url_key FROM categories WHERE url_key IN (SELECT value FROM json_each(coupons.category_keys))
        UNION SELECT c.id, c.url_key FROM categories c JOIN under ON c.parent_id = under.id)
      SELECT json_group_array(url_key) FROM under) END AS category_tree
  FROM coupons WHERE code = ?1 AND paused = 0
  AND (active_from IS NULL OR unixepoch(active_from) <= ?2) AND (active_to IS NULL OR unixepoch(active_to) >= ?2)`

/**
 * The word the order's batch aborts with when its coupon is no longer offered as shown (`stillOffered`): a malformed
 * JSON path, so SQLite's error names it (the stock check's `json('unsellable')` reads only "malformed JSON").
 */
export const couponRefused = 'coupon_not_as_shown'

export function voucherStore(db: D1Database) {
  return {
    /** A coupon checkout may use at `now` (`offeredCoupon`), with whom it was minted for (if anyone). */
    async activeCoupon(code: string, now: Date): Promise<ActiveCoupon | null> {
      const row = await db
        .prepare(offeredCoupon)
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

    /**
     * For the order's batch (order-store.ts): aborts it, with `couponRefused` in the error, unless the coupon is still
     * offered at `now`, on the terms the shopper was shown (the cart's copy), to this buyer (the customer it was minted
     * for, or its phone, verified). Checked in the batch that counts the use, so placing an order reads nothing about
     * the coupon first (docs/architecture.md, "Trips to storage"); `activeCoupon` says why only after a refusal.
     */
    stillOffered: (shown: Coupon, buyer: { customerId: number | null; phone: string; phoneVerified: boolean }, now: Date) =>
      db
        .prepare(
          `SELECT CASE WHEN NOT EXISTS (
             SELECT 1 FROM (${offeredCoupon}) o
             WHERE o.kind = ?3 AND o.amount = ?4 AND o.min_subtotal = ?5 AND o.product_skus IS ?6 AND o.category_tree IS ?7
               AND ((o.for_customer_id IS NULL AND o.for_phone IS NULL) OR o.for_customer_id = ?8 OR (o.for_phone = ?9 AND ?10 = 1))
           ) THEN json_extract('{}', '${couponRefused}') END`,
        )
        .bind(
          shown.code,
          Math.floor(now.getTime() / 1000),
          shown.kind,
          shown.amount,
          shown.min_subtotal,
          shown.skus ? JSON.stringify(shown.skus) : null,
          shown.category_keys ? JSON.stringify(shown.category_keys) : null,
          buyer.customerId,
          buyer.phone,
          buyer.phoneVerified ? 1 : 0,
        ),

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
