/**
 * What the store records rather than sells, in D1 (docs/architecture.md, "Storage owns the SQL"):
 * personalisation events, search analytics events, newsletter sign-ups and the development outbox.
 * Events arrive in batches and are stored in one.
 */

interface PersonalisationEvent {
  eventType: string
  itemId?: string | null
  value?: number | null
  detail?: string | null
}

interface SearchEvent {
  eventType: string
  eventSubtype?: string | null
  eventName: string
  index: string
  userToken: string
  queryID?: string | null
  objectIDs: string[]
  positions?: number[] | null
}

interface OutboxMessage {
  channel: 'sms' | 'email' | 'whatsapp'
  recipient: string
  body: string
  created_at: string
}

export function eventStore(db: D1Database) {
  return {
    async recordPersonalisation(
      events: readonly PersonalisationEvent[],
      who: { sessionId: string | null; userId: string | number | null },
      now: Date,
    ) {
      if (events.length === 0) return
      await db.batch(
        events.map((e) =>
          db
            .prepare(
              'INSERT INTO personalisation_events (session_id, user_id, event_type, item_id, value, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
            )
            .bind(who.sessionId, who.userId, e.eventType, e.itemId ?? null, e.value ?? null, e.detail ?? null, now.toISOString()),
        ),
      )
    },

    async recordSearchEvents(events: readonly SearchEvent[], now: Date) {
      if (events.length === 0) return
      await db.batch(
        events.map((e) =>
          db
            .prepare(
              `INSERT INTO search_events (event_type, event_subtype, event_name, index_name, user_token, query_id, object_ids, positions, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(
              e.eventType,
              e.eventSubtype ?? null,
              e.eventName,
              e.index,
              e.userToken,
              e.queryID ?? null,
              JSON.stringify(e.objectIDs),
              e.positions ? JSON.stringify(e.positions) : null,
              now.toISOString(),
            ),
        ),
      )
    },

    /** One row per address: signing up again changes nothing. */
    async subscribeNewsletter(email: string, locale: string, now: Date) {
      await db
        .prepare('INSERT INTO newsletter_subscribers (email, locale, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING')
        .bind(email.toLowerCase(), locale, now.toISOString())
        .run()
    },

    async addToOutbox(message: Omit<OutboxMessage, 'created_at'>, now: Date) {
      await db
        .prepare('INSERT INTO outbox (channel, recipient, body, created_at) VALUES (?, ?, ?, ?)')
        .bind(message.channel, message.recipient, message.body, now.toISOString())
        .run()
    },

    /** The newest messages to one recipient (development only). */
    async outboxFor(recipient: string, limit = 20): Promise<OutboxMessage[]> {
      const { results } = await db
        .prepare('SELECT channel, recipient, body, created_at FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT ?')
        .bind(recipient, limit)
        .all<OutboxMessage>()
      return results
    },
  }
}
