/**
 * The record of each message sent to a shopper (docs/decisions/0017-messages-through-a-queue.md), keyed by its
 * idempotency key: claimed before it is queued or written to the outbox, claimed again by the queue's consumer before
 * each attempt, and marked with how it ended. A key already sent, or being sent right now, is never sent again.
 */
import { auditStore, type AuditEntry } from './audit-store'

export type DeliveryStatus = 'queued' | 'sending' | 'retrying' | 'sent' | 'dead' | 'expired' | 'outbox'

/** How a message goes: SMS, email, or WhatsApp (docs/decisions/0036-whatsapp-channel.md). */
export type DeliveryChannel = 'sms' | 'email' | 'whatsapp'

/** What WhatsApp last said of a message it took (its status notifications, worker/api/whatsapp.ts). */
export type WhatsAppStatusName = 'sent' | 'delivered' | 'read' | 'failed'

export interface DeliveryRow {
  id: string
  channel: DeliveryChannel
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
  channel: DeliveryChannel
  recipient: string
  template: string
}

/** What an order's message is recorded with, so it can be sent again as it was (JSON of its rendered content). */
interface KeptWords {
  content?: string
  locale?: string
  /** A staff member's resend: its audit row lands in the claim's batch, only when the claim does. */
  audit?: AuditEntry
  /** A WhatsApp message's SMS, sent in its place if WhatsApp cannot deliver it, and when a code's is worth nothing. */
  fallback?: string
  expiresAt?: string
}

/** A WhatsApp message's SMS in its place, taken once (worker/integrations/messaging.ts `fallBackToSms`). */
export interface Fallback {
  recipient: string
  template: string
  locale: string | null
  fallback: string
  expires_at: string | null
}

/** WhatsApp's statuses in the order they happen; a late notification of an earlier one changes nothing. */
const whatsappStatusRank = "CASE whatsapp_status WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 WHEN 'failed' THEN 4 ELSE 0 END"
const rankOf: Record<WhatsAppStatusName, number> = { sent: 1, delivered: 2, read: 3, failed: 4 }

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

/**
 * Every statement on the record of messages, in parts by kind: claiming a message, recording how its attempt ended,
 * and reading what was kept of it. Each part is its own set of statements on `db`; none holds state.
 */
export function messageStore(db: D1Database) {
  return { ...messageClaims(db), ...messageOutcomes(db), ...keptMessages(db) }
}

/** Claims: a message recorded before it is queued or written to the outbox, given up, or taken for one attempt. */
function messageClaims(db: D1Database) {
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
            `INSERT INTO message_deliveries (id, channel, recipient, template, status, content, locale, fallback, expires_at, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, 'queued', ?5, ?6, ?8, ?9, ?7, ?7) ON CONFLICT (id) DO NOTHING`,
          )
          .bind(
            message.key,
            message.channel,
            message.recipient,
            message.template,
            message.content ?? null,
            message.locale ?? null,
            at,
            message.fallback ?? null,
            message.expiresAt ?? null,
          ),
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
  }
}

/** How an attempt ended: sent or failed, what WhatsApp said of it, and its SMS in its place taken once. */
function messageOutcomes(db: D1Database) {
  return {
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
     * Records what WhatsApp said of a message (the key it carried back, its id at WhatsApp): only a later status than
     * the one recorded, and only on the message WhatsApp took under that id. Once it was delivered or read, its SMS in
     * its place is forgotten (a code is kept no longer than needed). Answers whether it was recorded.
     */
    async recordWhatsAppStatus(
      key: string,
      providerMessageId: string,
      status: WhatsAppStatusName,
      error: string | null,
      now: Date,
    ): Promise<boolean> {
      const result = await db
        .prepare(
          `UPDATE message_deliveries SET whatsapp_status = ?3, updated_at = ?5,
             last_error = coalesce(?4, last_error),
             fallback = CASE WHEN ?3 IN ('delivered', 'read') THEN NULL ELSE fallback END
           WHERE id = ?1 AND channel = 'whatsapp' AND (provider_message_id IS NULL OR provider_message_id = ?2)
             AND ${whatsappStatusRank} < ?6`,
        )
        .bind(key, providerMessageId, status, error?.slice(0, 500) ?? null, now.toISOString(), rankOf[status])
        .run()
      return (result.meta.changes ?? 0) > 0
    },

    /** Takes a WhatsApp message's SMS in its place, once: a second taker (a refusal and a failed status both) gets null. */
    async takeFallback(key: string): Promise<Fallback | null> {
      // RETURNING would show the emptied column: the read and the emptying share one batch (one transaction).
      const [read, taken] = await db.batch([
        db
          .prepare(
            "SELECT recipient, template, locale, fallback, expires_at FROM message_deliveries WHERE id = ? AND channel = 'whatsapp' AND fallback IS NOT NULL",
          )
          .bind(key),
        db.prepare("UPDATE message_deliveries SET fallback = NULL WHERE id = ? AND channel = 'whatsapp' AND fallback IS NOT NULL").bind(key),
      ])
      return (taken!.meta.changes ?? 0) > 0 ? ((read!.results[0] as Fallback | undefined) ?? null) : null
    },
  }
}

/** What was kept of messages: an order's, one with its words to send again, the dead ones to retry and a delivery. */
function keptMessages(db: D1Database) {
  return {
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
