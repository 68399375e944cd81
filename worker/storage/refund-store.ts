/**
 * Refunds and returns in D1 (docs/product.md, "Returns and refunds"; docs/architecture.md, "Storage owns the SQL").
 *
 * A refund is claimed by the one statement that adds it: it lands only while the order still holds that much money
 * and those units, no other refund of the order is on its way, and no refund was made with the same request key (a
 * double click, two staff at once or a retry finds the one refund). The provider is called after the claim; the
 * refund is then marked done or failed. A failed refund no longer counts against the order and can be sent again.
 *
 * A return moves requested -> accepted | refused -> received; each step lands once, with its timeline step and its
 * audit row in the same batch. Receiving puts the units taken back into the order's city's stock in that batch.
 */
import { auditStore, type AuditEntry } from './audit-store'

export type RefundMethod = 'provider' | 'bank_transfer' | 'showroom'
export type RefundStatus = 'pending' | 'done' | 'failed'

export interface RefundLine {
  sku: string
  qty: number
}

export interface RefundRow {
  id: number
  order_id: number
  request_key: string
  /** Halalas. */
  amount: number
  lines: RefundLine[]
  delivery: boolean
  reason: string
  method: RefundMethod
  status: RefundStatus
  failure: string | null
  actor: string | null
  created_at: string
  done_at: string | null
}

export interface NewRefund {
  orderId: number
  requestKey: string
  amount: number
  lines: RefundLine[]
  delivery: boolean
  reason: string
  method: RefundMethod
}

interface StoredRefund extends Omit<RefundRow, 'lines' | 'delivery'> {
  lines: string
  delivery: number
}

const parsed = (row: StoredRefund): RefundRow => ({ ...row, lines: JSON.parse(row.lines) as RefundLine[], delivery: row.delivery === 1 })

/**
 * The halalas the order `?1` took and can give back: a paid hosted payment's total, or a cash order's once it is
 * delivered (its money collected). NULL while it holds none, so every comparison with it fails.
 */
const paidHalalas = `(SELECT CAST(round(o.grand_total * 100) AS INTEGER) FROM orders o WHERE o.id = ?1 AND (
    EXISTS (SELECT 1 FROM order_payments p WHERE p.order_id = o.id AND p.payment_id IS NOT NULL)
    OR (o.payment_method = 'cashondelivery' AND EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.status = 'delivered'))))`

/** What the order's refunds hold (done, or on their way), other than refund `?2` (0 for none). */
const heldHalalas = "(SELECT coalesce(sum(amount), 0) FROM order_refunds WHERE order_id = ?1 AND status <> 'failed' AND id <> ?2)"

/** Units of `sku` the order's refunds already gave back, other than refund `?2`. */
const refundedUnits = (sku: string) => `(SELECT coalesce(sum(l.value ->> 'qty'), 0) FROM order_refunds r, json_each(r.lines) l
    WHERE r.order_id = ?1 AND r.status <> 'failed' AND r.id <> ?2 AND l.value ->> 'sku' = ${sku})`

/**
 * Whether the refund with amount `?3`, lines `?4` (JSON) and delivery flag `?5` still fits the order `?1` beside its
 * other refunds (`?2` is the refund itself when it is sent again): money left, units left of each line, the delivery
 * charge not given back twice, and nothing else of the order's on its way to the provider.
 */
const fits = `${paidHalalas} - ${heldHalalas} >= ?3
  AND NOT EXISTS (SELECT 1 FROM order_refunds WHERE order_id = ?1 AND status = 'pending' AND id <> ?2)
  AND NOT EXISTS (SELECT 1 FROM (SELECT j.value ->> 'sku' AS sku, sum(j.value ->> 'qty') AS qty FROM json_each(?4) j GROUP BY 1) asked
      WHERE asked.qty > coalesce((SELECT sum(i.qty) FROM order_items i WHERE i.order_id = ?1 AND i.parent_sku IS NULL AND i.sku = asked.sku), 0)
      - ${refundedUnits('asked.sku')})
  AND (?5 = 0 OR NOT EXISTS (SELECT 1 FROM order_refunds WHERE order_id = ?1 AND delivery = 1 AND status <> 'failed' AND id <> ?2))`

/**
 * Every statement on refunds and returns, in parts by kind: claiming and finishing a refund, reading refunds, and the
 * steps of a return. Each part is its own set of statements on `db`; none holds state.
 */
export function refundStore(db: D1Database) {
  return { ...refundClaims(db), ...refundReads(db), ...returnSteps(db) }
}

/** A refund claimed (or claimed again) while it fits the order, and marked as its provider or staff member answered. */
function refundClaims(db: D1Database) {
  const audits = auditStore(db)
  const read = async (orderId: number, key: string) =>
    db.prepare('SELECT * FROM order_refunds WHERE order_id = ? AND request_key = ?').bind(orderId, key).first<StoredRefund>()
  return {
    /**
     * Claims a refund: answers the refund and whether this call added it, or null when it does not fit the order (more
     * than is left, a line given back already, another refund on its way). The same request key answers the refund
     * it made, whatever the amount asked now.
     */
    async claim(refund: NewRefund, now: Date, audit: AuditEntry | null): Promise<{ refund: RefundRow; fresh: boolean } | null> {
      const lines = JSON.stringify(refund.lines)
      const [added] = await db.batch([
        db
          .prepare(
            `INSERT INTO order_refunds (order_id, request_key, amount, lines, delivery, reason, method, status, actor, created_at)
             SELECT ?1, ?6, ?3, ?4, ?5, ?7, ?8, 'pending', ?9, ?10 WHERE ${fits}
             ON CONFLICT (order_id, request_key) DO NOTHING`,
          )
          .bind(
            refund.orderId,
            0,
            refund.amount,
            lines,
            refund.delivery ? 1 : 0,
            refund.requestKey,
            refund.reason,
            refund.method,
            audit?.actor.name ?? null,
            now.toISOString(),
          ),
        ...(audit ? [audits.row(audit, { sql: 'changes() = 1', values: [] })] : []),
      ])
      const row = await read(refund.orderId, refund.requestKey)
      return row ? { refund: parsed(row), fresh: added!.meta.changes === 1 } : null
    },

    /**
     * Claims a failed (or stuck pending) refund to send it again, if it still fits the order; answers whether this
     * call may send it.
     */
    async reclaim(id: number, stuckBefore: Date | null, now: Date, audit: AuditEntry | null): Promise<boolean> {
      const row = await db.prepare('SELECT * FROM order_refunds WHERE id = ?').bind(id).first<StoredRefund>()
      if (!row) return false
      const which = stuckBefore ? "(status = 'failed' OR (status = 'pending' AND created_at < ?11))" : "status = 'failed'"
      const [again] = await db.batch([
        db
          .prepare(
            `UPDATE order_refunds SET status = 'pending', failure = NULL, created_at = ?12
             WHERE id = ?2 AND ${which} AND ${fits}`,
          )
          .bind(
            row.order_id,
            id,
            row.amount,
            row.lines,
            row.delivery,
            null,
            null,
            null,
            null,
            null,
            stuckBefore?.toISOString() ?? null,
            now.toISOString(),
          ),
        ...(audit ? [audits.row(audit, { sql: 'changes() = 1', values: [] })] : []),
      ])
      return again!.meta.changes === 1
    },

    /**
     * Marks a pending refund as the provider (or the staff member, for a cash refund) answered. Done: when the order's
     * refunds now give back all it took, its timeline says "refunded", in the same batch.
     */
    async finish(id: number, outcome: { status: 'done' } | { status: 'failed'; failure: string }, now: Date): Promise<boolean> {
      const statements = [
        db
          .prepare("UPDATE order_refunds SET status = ?2, failure = ?3, done_at = ?4 WHERE id = ?1 AND status = 'pending'")
          .bind(id, outcome.status, outcome.status === 'failed' ? outcome.failure.slice(0, 500) : null, now.toISOString()),
      ]
      if (outcome.status === 'done')
        statements.push(
          db
            .prepare(
              `INSERT OR IGNORE INTO order_events (order_id, status, at, actor)
               SELECT r.order_id, 'refunded', ?2, r.actor FROM order_refunds r WHERE r.id = ?1 AND changes() = 1
               AND (SELECT sum(amount) FROM order_refunds WHERE order_id = r.order_id AND status = 'done') >=
                   (SELECT CAST(round(grand_total * 100) AS INTEGER) FROM orders WHERE id = r.order_id)`,
            )
            .bind(id, now.toISOString()),
        )
      const [marked] = await db.batch(statements)
      return marked!.meta.changes === 1
    },
  }
}

/** Refunds read: an order's, one by id, those owed a credit note and those the job sends (again). */
function refundReads(db: D1Database) {
  return {
    async forOrder(orderId: number): Promise<RefundRow[]> {
      const { results } = await db.prepare('SELECT * FROM order_refunds WHERE order_id = ? ORDER BY id').bind(orderId).all<StoredRefund>()
      return results.map(parsed)
    },
    byId: async (id: number) => {
      const row = await db.prepare('SELECT * FROM order_refunds WHERE id = ?').bind(id).first<StoredRefund>()
      return row ? parsed(row) : null
    },

    /**
     * Done refunds of invoiced orders that have no credit note yet: one whose note failed to issue, or a refund made
     * before its order's invoice was issued. The job issues their notes (worker/commerce/credit-notes.ts).
     */
    async withoutCreditNote(limit: number): Promise<RefundRow[]> {
      const { results } = await db
        .prepare(
          `SELECT f.* FROM order_refunds f
           WHERE f.status = 'done'
           AND EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = f.order_id AND i.kind = 'invoice')
           AND NOT EXISTS (SELECT 1 FROM invoices n WHERE n.refund_id = f.id)
           ORDER BY f.id LIMIT ?`,
        )
        .bind(limit)
        .all<StoredRefund>()
      return results.map(parsed)
    },

    /**
     * Refunds the job sends (again): cancellations' that failed, any pending since before `stuckBefore` (a Worker that
     * stopped between the claim and the answer; a cash refund's record is finished as the staff member asked), and cancelled orders whose payment nothing has given
     * back yet. A staff member's refund that failed waits in the console's queue for them to send again.
     */
    async owed(stuckBefore: Date, limit: number): Promise<{ refunds: number[]; cancelledOrders: number[] }> {
      const [refunds, cancelled] = await db.batch([
        db
          .prepare(
            `SELECT id FROM order_refunds
             WHERE (method = 'provider' AND status = 'failed' AND request_key = 'cancel') OR (status = 'pending' AND created_at < ?1)
             ORDER BY id LIMIT ?2`,
          )
          .bind(stuckBefore.toISOString(), limit),
        db
          .prepare(
            `SELECT p.order_id FROM order_payments p JOIN orders o ON o.id = p.order_id
             WHERE o.status = 'canceled' AND p.payment_id IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = p.order_id AND (r.request_key = 'cancel' OR r.status = 'pending'))
             AND (SELECT coalesce(sum(amount), 0) FROM order_refunds r WHERE r.order_id = p.order_id AND r.status = 'done')
                 < CAST(round(o.grand_total * 100) AS INTEGER)
             ORDER BY p.order_id LIMIT ?1`,
          )
          .bind(limit),
      ])
      return {
        refunds: (refunds!.results as { id: number }[]).map((row) => row.id),
        cancelledOrders: (cancelled!.results as { order_id: number }[]).map((row) => row.order_id),
      }
    },
  }
}

/** The steps of a return: its answer, and its parcel received with the units put back in stock. */
function returnSteps(db: D1Database) {
  const audits = auditStore(db)
  return {
    /** The return's answer: accepted or refused (with the reason its buyer reads), once, from 'requested'. */
    async decideReturn(orderId: number, decision: 'accepted' | 'refused', answer: string, now: Date, audit: AuditEntry | null): Promise<boolean> {
      const [decided] = await db.batch([
        db.prepare("UPDATE order_returns SET status = ?2, answer = ?3 WHERE order_id = ?1 AND status = 'requested'").bind(orderId, decision, answer),
        db
          .prepare('INSERT OR IGNORE INTO order_events (order_id, status, at, actor) SELECT ?1, ?2, ?3, ?4 WHERE changes() = 1')
          .bind(orderId, `return_${decision}`, now.toISOString(), audit?.actor.name ?? null),
        ...(audit ? [audits.row(audit, { sql: 'changes() = 1', values: [] })] : []),
      ])
      return decided!.meta.changes === 1
    },

    /**
     * The parcel is back: the units received (each at most what the order holds) go back to the order's city's stock,
     * and the return and its timeline step land, once, from 'accepted', all in one batch.
     */
    async receiveReturn(orderId: number, lines: RefundLine[], now: Date, audit: AuditEntry | null): Promise<boolean> {
      const accepted = "EXISTS (SELECT 1 FROM order_returns WHERE order_id = ?1 AND status = 'accepted')"
      const results = await db.batch([
        // A unit back in a city where the product had no stock row yet starts one.
        db
          .prepare(
            `INSERT INTO stock (product_id, region_id, qty)
             SELECT i.product_id, o.region_id, sum(j.value ->> 'qty') FROM json_each(?2) j
             JOIN (SELECT sku, min(product_id) AS product_id FROM order_items WHERE order_id = ?1 AND parent_sku IS NULL GROUP BY sku) i
               ON i.sku = j.value ->> 'sku'
             JOIN orders o ON o.id = ?1
             WHERE i.product_id IS NOT NULL AND ${accepted} GROUP BY i.product_id
             ON CONFLICT (product_id, region_id) DO UPDATE SET qty = qty + excluded.qty`,
          )
          .bind(orderId, JSON.stringify(lines)),
        db
          .prepare(`INSERT OR IGNORE INTO order_events (order_id, status, at, actor) SELECT ?1, 'return_received', ?2, ?3 WHERE ${accepted}`)
          .bind(orderId, now.toISOString(), audit?.actor.name ?? null),
        ...(audit ? [audits.row(audit, { sql: 'changes() = 1', values: [] })] : []),
        db
          .prepare("UPDATE order_returns SET status = 'received', received_lines = ?2 WHERE order_id = ?1 AND status = 'accepted'")
          .bind(orderId, JSON.stringify(lines)),
      ])
      return results.at(-1)!.meta.changes === 1
    },
  }
}
