/**
 * The record of each message sent to a shopper (docs/decisions/0017-messages-through-a-queue.md), keyed by its
 * idempotency key: claimed before it is queued or written to the outbox, claimed again by the queue's consumer before
 * each attempt, and marked with how it ended. A key already sent, or being sent right now, is never sent again.
 */
import { auditStore, type AuditEntry } from './audit-store'

export type DeliveryStatus = 'queued' | 'sending' | 'retrying' | 'sent' | 'dead' | 'expired' | 'outbox'

export interface DeliveryRow {
  id: string
  channel: 'sms' | 'email'
  recipient: string
  template: string
  status: DeliveryStatus
  attempts: number
  provider: string | null
  provider_message_id: string | null
  last_error: string | null
}

interface NewDelivery {
  key: string
  channel: 'sms' | 'email'
  recipient: string
  template: string
}

/** What an order's message is recorded with, so it can be sent again as it was (JSON of its rendered content). */
interface KeptWords {
  content?: string
  locale?: string
  /** A staff member's resend: its audit row lands in the claim's batch, only when the claim does. */
  audit?: AuditEntry
}

/** A message kept to be sent again: its record and its rendered content. */
export interface KeptMessage extends DeliveryRow {
  content: string | null
  locale: string | null
  created_at: string
}

/** How a message ended: these statuses are final, and a redelivery of one is acknowledged without sending. */
export const finalStatuses: readonly DeliveryStatus[] = ['sent', 'dead', 'expired', 'outbox']

/** An order's message (its words kept) that failed for good, never sent again: a row `m` of message_deliveries. */
export const deadNotRetried = `m.status = 'dead' AND m.content IS NOT NULL AND m.id NOT LIKE '%-again-%'
  AND NOT EXISTS (SELECT 1 FROM message_deliveries a WHERE a.id >= m.id || '-again-' AND a.id < m.id || '-again.')`

export function messageStore(db: D1Database) {
  /** A resend's audit row, landing only with its claim: the row of this key created at this moment. */
  const auditOf = (message: KeptWords & { key: string }, at: string): D1PreparedStatement[] =>
    message.audit
      ? [
          auditStore(db).row(message.audit, {
            sql: 'EXISTS (SELECT 1 FROM message_deliveries WHERE id = ? AND created_at = ?)',
            values: [message.key, at],
          }),
        ]
      : []

  return {
    /** Records a message before it is queued; false: this key was recorded already (the message is on its way or sent). */
    async claimForQueue(message: NewDelivery & KeptWords, now: Date): Promise<boolean> {
      const at = now.toISOString()
      const [result] = await db.batch([
        db
          .prepare(
            `INSERT INTO message_deliveries (id, channel, recipient, template, status, content, locale, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, 'queued', ?5, ?6, ?7, ?7) ON CONFLICT (id) DO NOTHING`,
          )
          .bind(message.key, message.channel, message.recipient, message.template, message.content ?? null, message.locale ?? null, at),
        ...auditOf(message, at),
      ])
      return (result!.meta.changes ?? 0) > 0
    },

    /**
     * Writes a message to the development outbox and records it, in one batch; false (and nothing written) when this
     * key was recorded already.
     */
    async writeToOutbox(message: NewDelivery & KeptWords & { body: string }, now: Date): Promise<boolean> {
      const at = now.toISOString()
      const [outbox] = await db.batch([
        db
          .prepare(
            `INSERT INTO outbox (channel, recipient, body, created_at)
             SELECT ?1, ?2, ?3, ?4 WHERE NOT EXISTS (SELECT 1 FROM message_deliveries WHERE id = ?5)`,
          )
          .bind(message.channel, message.recipient, message.body, at, message.key),
        db
          .prepare(
            `INSERT INTO message_deliveries (id, channel, recipient, template, status, provider, content, locale, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, 'outbox', 'outbox', ?5, ?6, ?7, ?7) ON CONFLICT (id) DO NOTHING`,
          )
          .bind(message.key, message.channel, message.recipient, message.template, message.content ?? null, message.locale ?? null, at),
        ...auditOf(message, at),
      ])
      return (outbox!.meta.changes ?? 0) > 0
    },

    /** Forgets a claim whose message could not be queued, so the same key may be sent again. */
    async release(key: string): Promise<void> {
      await db.prepare("DELETE FROM message_deliveries WHERE id = ? AND status = 'queued' AND attempts = 0").bind(key).run()
    },

    /**
     * Takes a message for one attempt: a queued or retrying one, or one whose last attempt stopped without an answer
     * longer ago than `staleBefore` (its consumer died). A message the queue brings without a record (kept past its
     * retention, or queued by hand) is recorded now. Answers the attempt's number, or null when the message is not
     * to be sent now (final, or another attempt is under way).
     */
    async claimAttempt(message: NewDelivery, now: Date, staleBefore: Date): Promise<number | null> {
      const row = await db
        .prepare(
          `INSERT INTO message_deliveries (id, channel, recipient, template, status, attempts, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, 'sending', 1, ?5, ?5)
           ON CONFLICT (id) DO UPDATE SET status = 'sending', attempts = attempts + 1, updated_at = ?5
           WHERE status IN ('queued', 'retrying') OR (status = 'sending' AND updated_at < ?6)
           RETURNING attempts`,
        )
        .bind(message.key, message.channel, message.recipient, message.template, now.toISOString(), staleBefore.toISOString())
        .first<{ attempts: number }>()
      return row?.attempts ?? null
    },

    async markSent(key: string, provider: string, providerMessageId: string, now: Date): Promise<void> {
      await db
        .prepare(
          "UPDATE message_deliveries SET status = 'sent', provider = ?2, provider_message_id = ?3, last_error = NULL, updated_at = ?4 WHERE id = ?1",
        )
        .bind(key, provider, providerMessageId, now.toISOString())
        .run()
    },

    /** After a failed attempt: `retrying` (the queue brings it back), `dead` or `expired` (it ends here). */
    async markFailed(key: string, status: 'retrying' | 'dead' | 'expired', provider: string | null, error: string, now: Date): Promise<void> {
      await db
        .prepare('UPDATE message_deliveries SET status = ?2, provider = coalesce(?3, provider), last_error = ?4, updated_at = ?5 WHERE id = ?1')
        .bind(key, status, provider, error.slice(0, 500), now.toISOString())
        .run()
    },

    /**
     * Every message an order sent its buyer, oldest first: their keys all start `order-<id>-`
     * (worker/commerce/order-messages.ts), read as a range of the primary key.
     */
    async forOrder(orderId: number): Promise<(KeptMessage & { updated_at: string })[]> {
      const { results } = await db
        .prepare('SELECT * FROM message_deliveries WHERE id >= ?1 AND id < ?2 ORDER BY created_at, id')
        .bind(`order-${orderId}-`, `order-${orderId}.`)
        .all<KeptMessage & { updated_at: string }>()
      return results
    },
    /** A message with what it said, to send again. */
    async kept(key: string): Promise<KeptMessage | null> {
      return db
        .prepare(
          `SELECT id, channel, recipient, template, status, attempts, provider, provider_message_id, last_error, content, locale, created_at
           FROM message_deliveries WHERE id = ?`,
        )
        .bind(key)
        .first<KeptMessage>()
    },

    /**
     * An order's messages that failed for good and were never sent again (docs/product.md, "The merchant console"),
     * oldest first: what the owner's numbers count and "Send them again" resends. A one-time code keeps no words and
     * is never among them: the shopper asks for a new one.
     */
    async deadToRetry(limit: number): Promise<(KeptMessage & { order_id: number; order_number: string })[]> {
      // An order's message key is `order-<id>-...`: the order's id, and its number for the audit trail.
      const { results } = await db
        .prepare(
          `SELECT m.*, o.id AS order_id, o.increment_id AS order_number FROM (
             SELECT id, channel, recipient, template, status, attempts, provider, provider_message_id, last_error, content, locale, created_at,
               CAST(substr(id, 7, instr(substr(id, 7), '-') - 1) AS INTEGER) AS order_key
             FROM message_deliveries m WHERE ${deadNotRetried} AND m.id LIKE 'order-%' ORDER BY created_at LIMIT ?
           ) m JOIN orders o ON o.id = m.order_key`,
        )
        .bind(limit)
        .all<KeptMessage & { order_id: number; order_number: string }>()
      return results
    },

    /** How many times a message was sent again: each resend's key is its own followed by `-again-<n>`. */
    async resends(key: string): Promise<number> {
      const row = await db
        .prepare('SELECT count(*) AS n FROM message_deliveries WHERE id >= ?1 AND id < ?2')
        .bind(`${key}-again-`, `${key}-again.`)
        .first<{ n: number }>()
      return row?.n ?? 0
    },

    async delivery(key: string): Promise<DeliveryRow | null> {
      return db
        .prepare(
          'SELECT id, channel, recipient, template, status, attempts, provider, provider_message_id, last_error FROM message_deliveries WHERE id = ?',
        )
        .bind(key)
        .first<DeliveryRow>()
    },
  }
}
