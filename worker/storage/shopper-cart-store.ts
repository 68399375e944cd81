/**
 * Known shoppers' carts in D1 (docs/decisions/0032-abandoned-carts.md): one row per active cart of a signed-in shopper
 * or a verified mobile, kept by the cart's Durable Object, so the console lists abandoned carts in one query; the
 * reminders each got, the shoppers who opted out (by a digest of their contact), and the payment links staff made.
 */
import { auditStore, type AuditEntry } from './audit-store'

export interface ShopperCartRow {
  quote_id: string
  customer_id: number | null
  phone: string | null
  locale: string
  lines: number
  value: number
  updated_at: string
  reminders: number
  reminded_at: string | null
}

/** A listed cart with who it belongs to: the account's name, mobile and email when signed in. */
export interface AbandonedCart extends ShopperCartRow {
  firstname: string | null
  lastname: string | null
  mobile: string | null
  email: string | null
}

export interface PaymentLinkRow {
  token_hash: string
  quote_id: string
  locale: string
  created_at: string
  expires_at: string
  order_id: number | null
}

const listed = `SELECT s.*, c.firstname, c.lastname, c.mobile, c.email FROM shopper_carts s LEFT JOIN customers c ON c.id = s.customer_id`

export function shopperCartStore(db: D1Database) {
  return {
    /** The cart as it is now (its reminders count stays: at most two per cart, whatever the shopper changes). */
    async keep(row: Omit<ShopperCartRow, 'reminders' | 'reminded_at'>): Promise<void> {
      await db
        .prepare(
          `INSERT INTO shopper_carts (quote_id, customer_id, phone, locale, lines, value, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
           ON CONFLICT (quote_id) DO UPDATE SET customer_id = ?2, phone = ?3, locale = ?4, lines = ?5, value = ?6, updated_at = ?7`,
        )
        .bind(row.quote_id, row.customer_id, row.phone, row.locale, row.lines, row.value, row.updated_at)
        .run()
    },

    async drop(quoteId: string): Promise<void> {
      await db.prepare('DELETE FROM shopper_carts WHERE quote_id = ?').bind(quoteId).run()
    },

    byQuote: (quoteId: string) => db.prepare(`${listed} WHERE s.quote_id = ?`).bind(quoteId).first<AbandonedCart>(),

    /** Carts untouched since `before`, most recently left first; `older`: the last page's last `updated_at`. */
    async abandoned(before: Date, limit: number, older?: string): Promise<AbandonedCart[]> {
      const { results } = await db
        .prepare(`${listed} WHERE s.updated_at < ?1 AND (?2 IS NULL OR s.updated_at < ?2) ORDER BY s.updated_at DESC LIMIT ?3`)
        .bind(before.toISOString(), older ?? null, limit)
        .all<AbandonedCart>()
      return results
    },

    /** Carts the scheduled job reminds: abandoned, reminders left, and the first reminder `gapBefore` ago at least. */
    async due(before: Date, gapBefore: Date, max: number, limit: number): Promise<AbandonedCart[]> {
      const { results } = await db
        .prepare(
          `${listed} WHERE s.updated_at < ?1 AND s.reminders < ?3 AND (s.reminded_at IS NULL OR s.reminded_at < ?2)
           ORDER BY s.updated_at LIMIT ?4`,
        )
        .bind(before.toISOString(), gapBefore.toISOString(), max, limit)
        .all<AbandonedCart>()
      return results
    },

    /**
     * Takes the cart's next reminder: only when it has had `seen` (what the caller read, so two staff or a staff
     * member and the job racing send one) and fewer than `max`. Answers the reminder's number, or null. A staff
     * member's audit row lands in the same batch, only with the claim.
     */
    async claimReminder(quoteId: string, seen: number, max: number, now: Date, audit?: AuditEntry): Promise<number | null> {
      const [claim] = await db.batch([
        db
          .prepare('UPDATE shopper_carts SET reminders = reminders + 1, reminded_at = ?4 WHERE quote_id = ?1 AND reminders = ?2 AND reminders < ?3')
          .bind(quoteId, seen, max, now.toISOString()),
        ...(audit ? [auditStore(db).row(audit, { sql: 'changes() = 1', values: [] })] : []),
      ])
      return claim!.meta.changes === 1 ? seen + 1 : null
    },

    /** Gives a reminder back when nothing could be sent (no contact left, all opted out). */
    async releaseReminder(quoteId: string, taken: number): Promise<void> {
      await db.prepare('UPDATE shopper_carts SET reminders = reminders - 1 WHERE quote_id = ? AND reminders = ?').bind(quoteId, taken).run()
    },

    async optedOut(hashes: string[]): Promise<Set<string>> {
      if (hashes.length === 0) return new Set()
      const { results } = await db
        .prepare(`SELECT contact_hash FROM cart_reminder_optouts WHERE contact_hash IN (${hashes.map(() => '?').join(', ')})`)
        .bind(...hashes)
        .all<{ contact_hash: string }>()
      return new Set(results.map((row) => row.contact_hash))
    },

    async optOut(hashes: string[], now: Date): Promise<void> {
      await db.batch(
        hashes.map((hash) =>
          db.prepare('INSERT OR IGNORE INTO cart_reminder_optouts (contact_hash, created_at) VALUES (?, ?)').bind(hash, now.toISOString()),
        ),
      )
    },

    /** A reminder's unsubscribe link: its token's digest and the contacts (their digests) it stops. */
    async addStop(tokenHash: string, contacts: string[], now: Date): Promise<void> {
      await db
        .prepare('INSERT INTO cart_reminder_stops (token_hash, contacts, created_at) VALUES (?, ?, ?)')
        .bind(tokenHash, JSON.stringify(contacts), now.toISOString())
        .run()
    },

    async stopContacts(tokenHash: string): Promise<string[] | null> {
      const row = await db.prepare('SELECT contacts FROM cart_reminder_stops WHERE token_hash = ?').bind(tokenHash).first<{ contacts: string }>()
      return row ? (JSON.parse(row.contacts) as string[]) : null
    },

    /** A new payment link for a cart, with the staff member's audit row, in one batch. */
    async addPaymentLink(link: Omit<PaymentLinkRow, 'order_id'>, audit: AuditEntry): Promise<void> {
      await db.batch([
        db
          .prepare('INSERT INTO cart_payment_links (token_hash, quote_id, locale, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
          .bind(link.token_hash, link.quote_id, link.locale, link.created_at, link.expires_at),
        auditStore(db).row(audit),
      ])
    },

    paymentLink: (tokenHash: string) => db.prepare('SELECT * FROM cart_payment_links WHERE token_hash = ?').bind(tokenHash).first<PaymentLinkRow>(),

    async linkOrdered(tokenHash: string, orderId: number): Promise<void> {
      await db.prepare('UPDATE cart_payment_links SET order_id = ? WHERE token_hash = ? AND order_id IS NULL').bind(orderId, tokenHash).run()
    },
  }
}
