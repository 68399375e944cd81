/**
 * A shopper's personal data as the PDPL asks (docs/product.md, "Your data"; docs/decisions/0028-personal-data-kept.md):
 * the record of each cookie choice, the data requests sent from the privacy page, what an account's export reads
 * beyond its orders, and the one batch that closes an account.
 */
import { auditStore, type AuditEntry } from './audit-store'
import { keysOf } from './review-picture-store'
import type { DataRequestKind } from '../../src/domain/data-requests'

export interface ConsentRecord {
  choices: Record<string, boolean>
  version: string
  locale: string
  created_at: string
}

export interface DataRequest {
  id: number
  email: string
  kind: DataRequestKind
  message: string
  locale: string
  status: 'open' | 'answered'
  created_at: string
  answered_at: string | null
}

/** Who an account is, as the rows that name it spell it: its id, its mobile (966...) and its email (lower case). */
export interface AccountIdentity {
  id: number
  mobile: string
  email: string
}

export function privacyStore(db: D1Database) {
  return {
    async recordConsent(record: { customerId: number | null; choices: Record<string, boolean>; version: string; locale: string }, now: Date) {
      await db
        .prepare('INSERT INTO consent_records (customer_id, choices, version, locale, created_at) VALUES (?, ?, ?, ?, ?)')
        .bind(record.customerId, JSON.stringify(record.choices), record.version, record.locale, now.toISOString())
        .run()
    },

    async consentsOf(customerId: number): Promise<ConsentRecord[]> {
      const { results } = await db
        .prepare('SELECT choices, version, locale, created_at FROM consent_records WHERE customer_id = ? ORDER BY id')
        .bind(customerId)
        .all<Omit<ConsentRecord, 'choices'> & { choices: string }>()
      return results.map((row) => ({ ...row, choices: JSON.parse(row.choices) as Record<string, boolean> }))
    },

    async addDataRequest(request: { email: string; kind: DataRequestKind; message: string; locale: string }, now: Date): Promise<number> {
      const row = await db
        .prepare('INSERT INTO data_requests (email, kind, message, locale, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id')
        .bind(request.email, request.kind, request.message, request.locale, now.toISOString())
        .first<{ id: number }>()
      return row!.id
    },

    /** Open requests first, oldest first (they wait longest), then the answered ones, newest first. */
    async dataRequests(limit: number): Promise<DataRequest[]> {
      const { results } = await db
        .prepare(
          `SELECT id, email, kind, message, locale, status, created_at, answered_at FROM data_requests
           ORDER BY status = 'answered', CASE WHEN status = 'open' THEN created_at END, created_at DESC LIMIT ?`,
        )
        .bind(limit)
        .all<DataRequest>()
      return results
    },

    /** Marks a request answered, once, with its audit row in the same batch; false when none is open with that id. */
    async answerDataRequest(id: number, now: Date, audit: AuditEntry): Promise<boolean> {
      const [answered] = await db.batch([
        db.prepare("UPDATE data_requests SET status = 'answered', answered_at = ? WHERE id = ? AND status = 'open'").bind(now.toISOString(), id),
        auditStore(db).row(audit, { sql: 'changes() = 1', values: [] }),
      ])
      return answered!.meta.changes === 1
    },

    /** The messages sent to an account's mobile and email: which, when and how they ended; never their text. */
    async messagesTo(recipients: string[]) {
      const marks = recipients.map(() => '?').join(', ')
      const { results } = await db
        .prepare(`SELECT channel, template, status, created_at FROM message_deliveries WHERE recipient IN (${marks}) ORDER BY created_at`)
        .bind(...recipients)
        .all<{ channel: string; template: string; status: string; created_at: string }>()
      return results
    },

    async newsletterSince(email: string): Promise<string | null> {
      const row = await db.prepare('SELECT created_at FROM newsletter_subscribers WHERE email = ?').bind(email).first<{ created_at: string }>()
      return row?.created_at ?? null
    },

    async verifiedPhones(customerId: number) {
      const { results } = await db
        .prepare('SELECT phone, verified_at FROM customer_phones WHERE customer_id = ? ORDER BY verified_at')
        .bind(customerId)
        .all<{ phone: string; verified_at: string }>()
      return results
    },

    async favourites(customerId: number) {
      const { results } = await db
        .prepare('SELECT sku, added_at FROM customer_wishlist WHERE customer_id = ? ORDER BY id')
        .bind(customerId)
        .all<{ sku: string; added_at: string }>()
      return results
    },

    async accountCreatedAt(customerId: number): Promise<string | null> {
      return (await db.prepare('SELECT created_at FROM customers WHERE id = ?').bind(customerId).first<{ created_at: string }>())?.created_at ?? null
    },

    /** How many of the account's orders are still on their way (not delivered, not cancelled). */
    async openOrders(customerId: number): Promise<number> {
      const row = await db
        .prepare("SELECT count(*) AS n FROM orders WHERE customer_id = ? AND status NOT IN ('complete', 'canceled')")
        .bind(customerId)
        .first<{ n: number }>()
      return row!.n
    },

    /**
     * Closes an account in one batch (docs/decisions/0028-personal-data-kept.md, "Closing an account"): its orders
     * keep the tax record and lose the buyer, everything hung on the account goes, and the account last. The orders
     * are stripped only if none is still on its way (checked again here, in the batch, against a race with a new
     * order): a refusal changes nothing and answers `closed: false`. The account's review pictures' rows go in the batch
     * and their keys come back, for the caller to remove from R2 once it has committed (docs/decisions/0034-reviews.md,
     * "Pictures").
     */
    async closeAccount(who: AccountIdentity): Promise<{ closed: boolean; pictureKeys: string[] }> {
      const { id, mobile, email } = who
      const stillOpen = "NOT EXISTS (SELECT 1 FROM orders WHERE customer_id = ?1 AND status NOT IN ('complete', 'canceled'))"
      const results = await db.batch([
        db.prepare(`UPDATE order_returns SET note = '' WHERE order_id IN (SELECT id FROM orders WHERE customer_id = ?1) AND ${stillOpen}`).bind(id),
        db
          .prepare(
            `UPDATE orders SET customer_id = NULL, customer_name = NULL, email = '', phone = NULL, shipping_address = NULL, billing_address = NULL, business = NULL
             WHERE customer_id = ?1 AND ${stillOpen}`,
          )
          .bind(id),
        // From here on, a refusal above left the account's orders in place: each statement below waits for that.
        // The pictures go with the link to their author, before the reviews below lose it.
        db
          .prepare(
            `DELETE FROM review_pictures WHERE review_id IN (SELECT id FROM reviews WHERE customer_id = ?1)
             AND NOT EXISTS (SELECT 1 FROM orders WHERE customer_id = ?1) RETURNING key`,
          )
          .bind(id),
        ...[
          'DELETE FROM customer_tokens WHERE customer_id = ?1',
          'DELETE FROM customer_quotes WHERE customer_id = ?1',
          'DELETE FROM customer_wishlist WHERE customer_id = ?1',
          'DELETE FROM customer_addresses WHERE customer_id = ?1',
          'DELETE FROM customer_phones WHERE customer_id = ?1',
          'DELETE FROM password_resets WHERE customer_id = ?1',
          'DELETE FROM otp_codes WHERE phone IN (?2, ?3)',
          'DELETE FROM phone_verifications WHERE phone = ?2',
          'DELETE FROM newsletter_subscribers WHERE email = ?3',
          'DELETE FROM personalisation_events WHERE user_id = ?1',
          'DELETE FROM outbox WHERE recipient IN (?2, ?3)',
          "UPDATE message_deliveries SET recipient = '' WHERE recipient IN (?2, ?3)",
          'UPDATE consent_records SET customer_id = NULL WHERE customer_id = ?1',
          'DELETE FROM shopper_carts WHERE customer_id = ?1',
          'DELETE FROM stock_alerts WHERE customer_id = ?1 OR contact IN (?2, ?3)',
          'DELETE FROM message_channels WHERE phone = ?2',
          // A review stays (other shoppers read it) without the name of whoever wrote it, the link to them, or their pictures.
          "UPDATE reviews SET customer_id = NULL, author = '' WHERE customer_id = ?1",
          // Only the number and the moment, so the console says the account was closed (docs/decisions/0032-abandoned-carts.md).
          "INSERT OR IGNORE INTO closed_accounts (customer_id, closed_at) SELECT ?1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE EXISTS (SELECT 1 FROM customers WHERE id = ?1)",
          'DELETE FROM customers WHERE id = ?1',
        ].map((sql) => {
          // D1 wants exactly as many values as the statement's highest ?n.
          const values = [id, mobile, email].slice(0, Math.max(...[...sql.matchAll(/\?(\d)/g)].map((match) => Number(match[1]))))
          return db.prepare(`${sql} AND NOT EXISTS (SELECT 1 FROM orders WHERE customer_id = ?1)`).bind(...values)
        }),
      ])
      return { closed: (results.at(-1)?.meta.changes ?? 0) === 1, pictureKeys: keysOf(results[2]) }
    },
  }
}
