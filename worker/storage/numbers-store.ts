/**
 * The console's numbers in D1 (docs/product.md, "The merchant console"; docs/architecture.md, "Storage owns the SQL"):
 * the orders of a period grouped by Riyadh day, payment method and city in one read over the `orders_by_created`
 * index, and the counts of what needs someone's attention.
 */
import type { SalesGroup } from '../../src/domain/numbers'
import { deadNotRetried } from './message-store'

export interface Attention {
  /** Invoices and credit notes ZATCA has not been told of yet. */
  unreported_invoices: number
  /** An order's messages a provider refused for good, or that ran out of tries, not yet sent again. */
  dead_messages: number
}

export function numbersStore(db: D1Database) {
  return {
    /** Sales (orders neither cancelled nor awaiting payment) placed at or after `from`, grouped. */
    async sales(from: Date): Promise<SalesGroup[]> {
      const { results } = await db
        .prepare(
          // Riyadh keeps UTC+3 all year; created_at is an ISO instant, which SQLite's datetime reads as it is.
          `SELECT substr(datetime(created_at, '+3 hours'), 1, 10) AS day, payment_method AS method, region_id,
             count(*) AS orders, sum(CAST(round(grand_total * 100) AS INTEGER)) AS total, sum(CAST(round(vat * 100) AS INTEGER)) AS vat
           FROM orders WHERE created_at >= ?1 AND status IN ('processing', 'complete')
           GROUP BY day, method, region_id`,
        )
        .bind(from.toISOString())
        .all<SalesGroup>()
      return results
    },

    async attention(): Promise<Attention> {
      const row = await db
        .prepare(
          `SELECT (SELECT count(*) FROM invoices WHERE reported_at IS NULL) AS unreported_invoices,
                  (SELECT count(*) FROM message_deliveries m WHERE ${deadNotRetried}) AS dead_messages`,
        )
        .first<Attention>()
      return row!
    },
  }
}
