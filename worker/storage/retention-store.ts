/**
 * Rows kept only for a while (docs/architecture.md, "Housekeeping"): each kind with the one statement that deletes a
 * batch of its rows older than a moment (by creation for messages and events, by expiry for codes and tokens).
 * The statements are fixed strings: nothing a caller passes becomes SQL.
 */

const statements = {
  outbox: 'DELETE FROM outbox WHERE rowid IN (SELECT rowid FROM outbox WHERE created_at < ?1 LIMIT ?2)',
  messageDeliveries: 'DELETE FROM message_deliveries WHERE rowid IN (SELECT rowid FROM message_deliveries WHERE created_at < ?1 LIMIT ?2)',
  personalisationEvents:
    'DELETE FROM personalisation_events WHERE rowid IN (SELECT rowid FROM personalisation_events WHERE created_at < ?1 LIMIT ?2)',
  searchEvents: 'DELETE FROM search_events WHERE rowid IN (SELECT rowid FROM search_events WHERE created_at < ?1 LIMIT ?2)',
  oneTimeCodes: 'DELETE FROM otp_codes WHERE rowid IN (SELECT rowid FROM otp_codes WHERE expires_at < ?1 LIMIT ?2)',
  phoneVerifications: 'DELETE FROM phone_verifications WHERE rowid IN (SELECT rowid FROM phone_verifications WHERE expires_at < ?1 LIMIT ?2)',
  passwordResets: 'DELETE FROM password_resets WHERE rowid IN (SELECT rowid FROM password_resets WHERE expires_at < ?1 LIMIT ?2)',
  signInTokens: 'DELETE FROM customer_tokens WHERE rowid IN (SELECT rowid FROM customer_tokens WHERE expires_at < ?1 LIMIT ?2)',
} as const

export type RetainedKind = keyof typeof statements

export function retentionStore(db: D1Database) {
  return {
    /** Deletes at most `limit` rows of a kind from before `before`; answers how many went. */
    async deleteBefore(kind: RetainedKind, before: Date, limit: number): Promise<number> {
      const result = await db.prepare(statements[kind]).bind(before.toISOString(), limit).run()
      return result.meta.changes ?? 0
    },
  }
}
