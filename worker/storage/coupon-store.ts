/**
 * The console's coupons in D1 (docs/product.md, "The merchant console"; docs/architecture.md, "Storage owns the SQL"):
 * the list with each coupon's uses, one coupon with its orders and their revenue, and every change in one batch with
 * its audit row (worker/storage/audit-store.ts), which lands only when the change did. Checkout reads a coupon through
 * voucher-store.ts `activeCoupon`; its uses are written by the order's batch (order-store.ts).
 */
import type { CouponState, CouponTerms } from '../../src/domain/coupons'
import { auditStore, type AuditEntry } from './audit-store'

export interface CouponRow extends CouponTerms {
  paused: boolean
  for_customer_id: number | null
  for_phone: string | null
  uses: number
  /** The coupon's version for the edit form: a save made on an older one is refused. */
  updated_at: string | null
}

export interface CouponListRow extends CouponRow {
  state: CouponState
}

export interface CouponUse {
  order: string
  placed_at: string
  status: string
  /** Halalas, VAT included. */
  grand_total: number
  customer_name: string | null
  email: string
}

type StoredCoupon = Omit<CouponRow, 'paused' | 'product_skus' | 'category_keys'> & {
  paused: number
  product_skus: string | null
  category_keys: string | null
}

const columns = `code, kind, amount, min_subtotal, active_from, active_to, max_uses, max_uses_per_customer, product_skus,
  category_keys, paused, for_customer_id, for_phone, updated_at, (SELECT count(*) FROM coupon_uses u WHERE u.code = coupons.code) AS uses`

const fromStored = (row: StoredCoupon): CouponRow => ({
  ...row,
  paused: row.paused === 1,
  product_skus: row.product_skus ? (JSON.parse(row.product_skus) as string[]) : null,
  category_keys: row.category_keys ? (JSON.parse(row.category_keys) as string[]) : null,
})

const listJson = (list: string[] | null) => (list ? JSON.stringify(list) : null)

/** An instant as the coupons table writes it: Riyadh's wall time with its offset (Riyadh keeps UTC+3 all year). */
export const riyadhStamp = (at: Date) => `${new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 19)}+03:00`

/**
 * Every statement on the console's coupons, in parts by kind: the reads and the changes. Each part is its own set of
 * statements on `db`; none holds state.
 */
export function couponStore(db: D1Database) {
  return { ...couponReads(db), ...couponChanges(db) }
}

/** The console's reads: the list, one coupon and the orders that used it, unknown targets and a gift voucher's spends. */
function couponReads(db: D1Database) {
  return {
    /** The console's list: coupons staff made or seeded, newest first; those minted for one shopper are not listed. */
    async list(limit: number): Promise<CouponRow[]> {
      const { results } = await db
        .prepare(
          `SELECT ${columns} FROM coupons WHERE for_customer_id IS NULL AND for_phone IS NULL
           ORDER BY coalesce(created_at, '') DESC, code LIMIT ?`,
        )
        .bind(limit)
        .all<StoredCoupon>()
      return results.map(fromStored)
    },

    async get(code: string): Promise<CouponRow | null> {
      const row = await db.prepare(`SELECT ${columns} FROM coupons WHERE code = ?`).bind(code).first<StoredCoupon>()
      return row && fromStored(row)
    },

    /** The orders that used the coupon, newest first, and the revenue of all of them (halalas, VAT included). */
    async uses(code: string, limit: number): Promise<{ uses: CouponUse[]; revenue: number; orders: number }> {
      const [list, sum] = await db.batch([
        db
          .prepare(
            `SELECT o.increment_id AS "order", o.created_at AS placed_at, o.status, CAST(round(o.grand_total * 100) AS INTEGER) AS grand_total,
               o.customer_name, o.email
             FROM coupon_uses u JOIN orders o ON o.quote_id = u.quote_id WHERE u.code = ?1 ORDER BY o.id DESC LIMIT ?2`,
          )
          .bind(code, limit),
        // A cancelled order gives its use back (order-store.ts `cancelOpen`), so every use counted here is a sale.
        db
          .prepare(
            `SELECT count(*) AS orders, coalesce(sum(CAST(round(o.grand_total * 100) AS INTEGER)), 0) AS revenue
             FROM coupon_uses u JOIN orders o ON o.quote_id = u.quote_id WHERE u.code = ?1 AND o.status <> 'canceled'`,
          )
          .bind(code),
      ])
      const totals = sum!.results[0] as { orders: number; revenue: number }
      return { uses: list!.results as unknown as CouponUse[], ...totals }
    },

    /** Which of these SKUs and category url keys are not in the catalogue. */
    async unknownTargets(skus: string[], categoryKeys: string[]): Promise<{ skus: string[]; categories: string[] }> {
      const [products, categories] = await db.batch([
        db.prepare('SELECT value FROM json_each(?) WHERE value NOT IN (SELECT sku FROM products)').bind(JSON.stringify(skus)),
        db.prepare('SELECT value FROM json_each(?) WHERE value NOT IN (SELECT url_key FROM categories)').bind(JSON.stringify(categoryKeys)),
      ])
      const values = (result: D1Result | undefined) => (result?.results ?? []).map((row) => (row as { value: string }).value)
      return { skus: values(products), categories: values(categories) }
    },

    /** A gift voucher's balance and the orders that spent from it, newest first (balance and amounts in halalas). */
    async giftVoucher(voucher: string, limit: number) {
      const [found, spends] = await db.batch([
        db.prepare('SELECT voucher, CAST(round(balance * 100) AS INTEGER) AS balance FROM gift_vouchers WHERE voucher = ?').bind(voucher),
        db
          .prepare(
            `SELECT o.increment_id AS "order", o.created_at AS placed_at, o.status, CAST(round(s.amount * 100) AS INTEGER) AS amount
             FROM gift_voucher_spends s JOIN orders o ON o.quote_id = s.quote_id WHERE s.voucher = ?1 ORDER BY o.id DESC LIMIT ?2`,
          )
          .bind(voucher, limit),
      ])
      const row = found!.results[0] as { voucher: string; balance: number } | undefined
      if (!row) return null
      return { ...row, spends: spends!.results as { order: string; placed_at: string; status: string; amount: number }[] }
    },
  }
}

/** The changes, each in one batch with its audit row: a coupon created, its terms changed, paused or resumed, ended now. */
function couponChanges(db: D1Database) {
  const audit = (entry: AuditEntry) => auditStore(db).row(entry, { sql: 'changes() = 1', values: [] })
  return {
    /** Answers false when the code is taken (in any case): nothing is written then. */
    async create(terms: CouponTerms, entry: AuditEntry, mintedFor: { customerId: number | null; phone: string | null } | null = null) {
      const at = entry.at.toISOString()
      try {
        await db.batch([
          db
            .prepare(
              `INSERT INTO coupons (code, kind, amount, min_subtotal, active_from, active_to, max_uses, max_uses_per_customer, product_skus,
                 category_keys, for_customer_id, for_phone, created_at, updated_at)
               VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13)`,
            )
            .bind(
              terms.code,
              terms.kind,
              terms.amount,
              terms.min_subtotal,
              terms.active_from,
              terms.active_to,
              terms.max_uses,
              terms.max_uses_per_customer,
              listJson(terms.product_skus),
              listJson(terms.category_keys),
              mintedFor?.customerId ?? null,
              mintedFor?.phone ?? null,
              at,
            ),
          audit(entry),
        ])
        return true
      } catch (error) {
        if (/UNIQUE constraint failed: coupons\.code/.test(String((error as Error)?.message ?? error))) return false
        throw error
      }
    },

    /**
     * Changes a coupon's terms (its code stays), only from the version the staff member read: a second staff member's
     * save on an older version changes nothing. Answers whether this call changed it.
     */
    async update(terms: CouponTerms, version: string | null, entry: AuditEntry): Promise<boolean> {
      const [changed] = await db.batch([
        db
          .prepare(
            `UPDATE coupons SET kind = ?2, amount = ?3, min_subtotal = ?4, active_from = ?5, active_to = ?6, max_uses = ?7,
               max_uses_per_customer = ?8, product_skus = ?9, category_keys = ?10, updated_at = ?11
             WHERE code = ?1 AND updated_at IS ?12`,
          )
          .bind(
            terms.code,
            terms.kind,
            terms.amount,
            terms.min_subtotal,
            terms.active_from,
            terms.active_to,
            terms.max_uses,
            terms.max_uses_per_customer,
            listJson(terms.product_skus),
            listJson(terms.category_keys),
            entry.at.toISOString(),
            version,
          ),
        audit(entry),
      ])
      return changed!.meta.changes === 1
    },

    /** Pauses or resumes, once: answers whether this call changed it (a repeated click writes nothing). */
    async setPaused(code: string, paused: boolean, entry: AuditEntry): Promise<boolean> {
      const [changed] = await db.batch([
        db
          .prepare('UPDATE coupons SET paused = ?2, updated_at = ?3 WHERE code = ?1 AND paused <> ?2')
          .bind(code, paused ? 1 : 0, entry.at.toISOString()),
        audit(entry),
      ])
      return changed!.meta.changes === 1
    },

    /** Ends the window now (a scheduled coupon's start too); answers false when it had ended already. */
    async expireNow(code: string, entry: AuditEntry): Promise<boolean> {
      // The window's end is inclusive and kept to the second: a second before now, so an order in this same second is
      // already refused.
      const now = riyadhStamp(new Date(entry.at.getTime() - 1000))
      const [changed] = await db.batch([
        db
          .prepare(
            `UPDATE coupons SET active_to = ?2, updated_at = ?3,
               active_from = CASE WHEN unixepoch(active_from) > unixepoch(?2) THEN ?2 ELSE active_from END
             WHERE code = ?1 AND (active_to IS NULL OR unixepoch(active_to) > unixepoch(?2))`,
          )
          .bind(code, now, entry.at.toISOString()),
        audit(entry),
      ])
      return changed!.meta.changes === 1
    },
  }
}

/** Unambiguous letters and digits (no 0/O, 1/I) for a code read aloud or typed from a message. */
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/**
 * Mints a one-use coupon for one shopper (abandoned-cart reminders, docs/product.md "Rules"): spent once, only by that
 * customer (signed in) or that phone (verified for the cart), from now for `days` days. Answers the code. Written with
 * an audit row naming `by` (a job's or a staff member's entry), as every coupon change is.
 */
export async function createSingleUseCoupon(
  env: { DB: D1Database },
  coupon: {
    /** The shopper: a customer id, a phone in the international form (9665...), or both. */
    customerId?: number | null
    phone?: string | null
    kind: 'percent' | 'fixed'
    /** A whole percent, or SAR. */
    amount: number
    minSubtotal?: number
    days: number
    /** The start of the code, e.g. "BACK"; eight random letters and digits follow. */
    prefix?: string
    by: Omit<AuditEntry, 'action' | 'subject' | 'after'>
  },
): Promise<string> {
  if (!coupon.customerId && !coupon.phone) throw new Error('a one-use coupon is minted for a customer or a phone')
  const random = crypto.getRandomValues(new Uint8Array(8))
  const code = `${coupon.prefix ?? 'ONE'}${[...random].map((byte) => codeAlphabet[byte % codeAlphabet.length]).join('')}`
  const now = coupon.by.at
  const terms: CouponTerms = {
    code,
    kind: coupon.kind,
    amount: coupon.amount,
    min_subtotal: coupon.minSubtotal ?? 0,
    active_from: riyadhStamp(now),
    active_to: riyadhStamp(new Date(now.getTime() + coupon.days * 86_400_000)),
    max_uses: 1,
    max_uses_per_customer: 1,
    product_skus: null,
    category_keys: null,
  }
  const entry = { ...coupon.by, action: 'coupon.mint', subject: { kind: 'coupon', id: code }, after: terms }
  if (!(await couponStore(env.DB).create(terms, entry, { customerId: coupon.customerId ?? null, phone: coupon.phone ?? null }))) {
    throw new Error('minted coupon code taken')
  }
  return code
}
