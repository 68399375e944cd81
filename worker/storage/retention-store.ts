/**
 * The retention schedule: every table that holds something about a person, how long it is kept and why, in one place
 * (docs/decisions/0028-personal-data-kept.md; docs/architecture.md, "Housekeeping"). The daily job
 * (worker/scheduled/housekeeping.ts) carries out each rule with a statement: a batch of rows older than the rule's
 * moment is deleted, or for orders stripped of what identifies the buyer. A rule without a statement is kept for the
 * reason it gives and ends only as it says (the account closed, the shopper's own delete).
 *
 * The statements are fixed strings: nothing a caller passes becomes SQL. `?1` is the moment (ISO), `?2` the batch.
 */

import { serverLimits } from '../../config/server-limits'

export interface RetentionRule {
  /** What the rule is called in the job's log (`delete-old-<kind>`). */
  kind: string
  table: string
  /** How many days a row is kept, counted from `from`; null: kept until what `why` says ends it. */
  keptDays: number | null
  from: 'created' | 'expiry' | 'last use' | 'answer' | 'sent' | null
  why: string
  /** Deletes (or strips) at most ?2 rows past ?1; null when nothing is deleted by time. */
  statement: string | null
}

/** `key`: the row's identity (a WITHOUT ROWID table has no rowid). */
const deleteOlder = (table: string, column: string, where = '', key = 'rowid') =>
  `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${column} < ?1${where} LIMIT ?2)`

export const retentionSchedule = [
  {
    kind: 'oneTimeCodes',
    table: 'otp_codes',
    keptDays: 1,
    from: 'expiry',
    why: 'A code is worth nothing once expired (5 minutes); a day lets a late try be told "expired" rather than "wrong".',
    statement: deleteOlder('otp_codes', 'expires_at'),
  },
  {
    kind: 'phoneVerifications',
    table: 'phone_verifications',
    keptDays: 1,
    from: 'expiry',
    why: 'Proof of a verified phone between the code and the new account (30 minutes); nothing after.',
    statement: deleteOlder('phone_verifications', 'expires_at'),
  },
  {
    kind: 'passwordResets',
    table: 'password_resets',
    keptDays: 1,
    from: 'expiry',
    why: 'A reset code lives 15 minutes and its token 10; nothing after.',
    statement: deleteOlder('password_resets', 'expires_at'),
  },
  {
    kind: 'signInTokens',
    table: 'customer_tokens',
    keptDays: 1,
    from: 'expiry',
    why: "A shopper's session (9 days): an expired or revoked token opens nothing, and a missing row refuses as a revoked one does.",
    statement: `DELETE FROM customer_tokens WHERE rowid IN (SELECT rowid FROM customer_tokens WHERE expires_at < ?1 OR revoked = 1 LIMIT ?2)`,
  },
  {
    kind: 'staffSessions',
    table: 'staff_sessions',
    keptDays: 1,
    from: 'last use',
    why: 'A console session ends after 30 idle minutes or 12 hours; the audit trail, not the session, says who did what.',
    statement: deleteOlder('staff_sessions', 'last_seen_at', '', 'token_hash'),
  },
  {
    kind: 'staffInvites',
    table: 'staff_invites',
    keptDays: 1,
    from: 'expiry',
    why: 'An invitation names an email and is good for 72 hours.',
    statement: deleteOlder('staff_invites', 'expires_at', '', 'token_hash'),
  },
  {
    kind: 'outbox',
    table: 'outbox',
    keptDays: 7,
    from: 'created',
    why: 'The development outbox: codes and confirmations "sent" without a real sender, read while testing.',
    statement: deleteOlder('outbox', 'created_at'),
  },
  {
    kind: 'messageDeliveries',
    table: 'message_deliveries',
    keptDays: 14,
    from: 'created',
    why: 'Each message sent through a provider, without its text: kept past the longest a queue may redeliver (4 days) so a late redelivery finds it sent, and for a buyer who says a message never came.',
    statement: deleteOlder('message_deliveries', 'created_at'),
  },
  {
    kind: 'shopperCarts',
    table: 'shopper_carts',
    keptDays: serverLimits.carts.keptDays,
    from: 'last use',
    why: "A known shopper's open cart, listed for staff and reminded twice at most: gone when ordered or emptied, and a month after its last change, when a reminder would be noise.",
    statement: deleteOlder('shopper_carts', 'updated_at'),
  },
  {
    kind: 'cartReminderStops',
    table: 'cart_reminder_stops',
    keptDays: serverLimits.carts.keptDays + 30,
    from: 'created',
    why: "A reminder's unsubscribe link (digests of its contacts, never the contacts): works a month longer than the cart it reminded of.",
    statement: deleteOlder('cart_reminder_stops', 'created_at'),
  },
  {
    kind: 'cartPaymentLinks',
    table: 'cart_payment_links',
    keptDays: serverLimits.carts.keptDays,
    from: 'created',
    why: 'A payment link staff made for a cart (works 3 days): the order it became keeps the record after that.',
    statement: deleteOlder('cart_payment_links', 'created_at'),
  },
  {
    kind: 'stockAlertsSent',
    table: 'stock_alerts',
    keptDays: 30,
    from: 'sent',
    why: "A back-in-stock alert that was sent (its mobile or email): kept a month so the shopper's account lists it as sent, then it has served its purpose.",
    statement: deleteOlder('stock_alerts', 'sent_at'),
  },
  {
    kind: 'stockAlertsWaiting',
    table: 'stock_alerts',
    keptDays: 365,
    from: 'created',
    why: 'A back-in-stock alert still waiting: a product not back in a year is not coming back, and the contact is not kept for ever.',
    statement: deleteOlder('stock_alerts', 'created_at', ' AND sent_at IS NULL'),
  },
  {
    kind: 'personalisationEvents',
    table: 'personalisation_events',
    keptDays: 90,
    from: 'created',
    why: 'Views and events a shopper allowed (marketing): a quarter is enough to learn from.',
    statement: deleteOlder('personalisation_events', 'created_at'),
  },
  {
    kind: 'searchEvents',
    table: 'search_events',
    keptDays: 90,
    from: 'created',
    why: 'Search clicks and conversions a shopper allowed (measurements), under an anonymous token: a quarter is enough.',
    statement: deleteOlder('search_events', 'created_at'),
  },
  {
    kind: 'consentRecords',
    table: 'consent_records',
    keptDays: 395,
    from: 'created',
    why: 'Proof of a cookie choice while it holds: the cookie lasts a year, and a month more answers a question about it.',
    statement: deleteOlder('consent_records', 'created_at'),
  },
  {
    kind: 'dataRequests',
    table: 'data_requests',
    keptDays: 730,
    from: 'answer',
    why: "A request about a shopper's data and when it was answered: two years shows the answer was given. Open ones stay.",
    statement: deleteOlder('data_requests', 'answered_at', " AND status = 'answered'"),
  },
  {
    kind: 'auditLog',
    table: 'audit_log',
    keptDays: 730,
    from: 'created',
    why: 'Who changed an order, a refund or a staff account: two years covers disputes, chargebacks and staff questions.',
    statement: deleteOlder('audit_log', 'at'),
  },
  {
    kind: 'orderContacts',
    table: 'orders',
    keptDays: 730,
    from: 'created',
    why: "The buyer's name, email, mobile and addresses on an order serve its delivery, its return (7 days) and the warranty (2 years); after that the order keeps only what the tax record needs.",
    statement: `UPDATE orders SET customer_name = NULL, email = '', phone = NULL, shipping_address = NULL, billing_address = NULL, business = NULL
      WHERE rowid IN (SELECT rowid FROM orders WHERE phone IS NOT NULL AND created_at < ?1 LIMIT ?2)`,
  },
  {
    kind: 'returnNotes',
    table: 'order_returns',
    keptDays: 730,
    from: 'created',
    why: "A return's note is the buyer's own words; the reason and date stay with the order.",
    statement: `UPDATE order_returns SET note = '' WHERE rowid IN (SELECT rowid FROM order_returns WHERE note <> '' AND requested_at < ?1 LIMIT ?2)`,
  },
  {
    kind: 'orders',
    table: 'orders, order_items, order_events, invoices',
    keptDays: null,
    from: null,
    why: "The tax record: VAT law keeps invoices and the books behind them for six years (VAT Implementing Regulations, Article 66); a closed account leaves them without the buyer's name and contact.",
    statement: null,
  },
  {
    kind: 'accounts',
    table: 'customers, customer_addresses, customer_phones, customer_wishlist, customer_quotes',
    keptDays: null,
    from: null,
    why: 'The account the shopper keeps: until they delete an address or favourite, or close the account.',
    statement: null,
  },
  {
    kind: 'cartReminderOptOuts',
    table: 'cart_reminder_optouts',
    keptDays: null,
    from: null,
    why: 'A shopper who asked for no more cart reminders, by a digest of their mobile or email: kept while the store sends reminders, so the choice holds.',
    statement: null,
  },
  {
    kind: 'closedAccounts',
    table: 'closed_accounts',
    keptDays: null,
    from: null,
    why: "An account's number and when its owner closed it, nothing about the person: so staff are told the account was closed.",
    statement: null,
  },
  {
    kind: 'newsletter',
    table: 'newsletter_subscribers',
    keptDays: null,
    from: null,
    why: 'Until the subscriber leaves the list, or closes their account.',
    statement: null,
  },
] as const satisfies readonly RetentionRule[]

/** A rule the daily job carries out. */
export type RetainedKind = Extract<(typeof retentionSchedule)[number], { statement: string }>['kind']

export const timedRules = retentionSchedule.filter(
  (rule): rule is Extract<(typeof retentionSchedule)[number], { statement: string }> => rule.statement !== null,
)

export function retentionStore(db: D1Database) {
  return {
    /** Deletes (or strips) at most `limit` rows of a kind from before `before`; answers how many it changed. */
    async deleteBefore(kind: RetainedKind, before: Date, limit: number): Promise<number> {
      const rule = timedRules.find((r) => r.kind === kind)!
      const result = await db.prepare(rule.statement).bind(before.toISOString(), limit).run()
      return result.meta.changes ?? 0
    },
  }
}
