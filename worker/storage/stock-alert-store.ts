/**
 * Back-in-stock alerts in D1 (docs/decisions/0035-stock-alerts.md; worker/storage/migrations/0037_stock_alerts.sql):
 * one row per product, city and contact; the stock table's triggers mark a city's alerts due when its stock comes
 * back, and the sender claims due ones by marking them sent in the claiming statement itself.
 */
import type { Locale, RegionId } from '../../app.config'

export interface NewStockAlert {
  productId: number
  regionId: RegionId
  channel: 'sms' | 'email'
  contact: string
  locale: Locale
  customerId: number | null
}

/** A claimed alert, with what its message needs. */
export interface DueStockAlert {
  id: number
  channel: 'sms' | 'email'
  contact: string
  locale: Locale
  region_id: number
  rewrite_url: string
  name_ar: string
  name_en: string
}

/** An alert as its owner's account lists it. */
export interface ListedStockAlert {
  id: number
  sku: string
  rewrite_url: string
  name_ar: string
  name_en: string
  region_id: number
  channel: 'sms' | 'email'
  contact: string
  created_at: string
  sent_at: string | null
}

export function stockAlertStore(db: D1Database) {
  return {
    /** The units a product has in a city now (0 without a row). */
    async stockIn(productId: number, regionId: number): Promise<number> {
      const row = await db
        .prepare('SELECT qty FROM stock WHERE product_id = ?1 AND region_id = ?2')
        .bind(productId, regionId)
        .first<{ qty: number }>()
      return row?.qty ?? 0
    },

    /** Alerts a contact waits on (not sent yet): the cap counts these. */
    async waitingFor(contact: string): Promise<number> {
      const row = await db
        .prepare('SELECT count(*) AS n FROM stock_alerts WHERE contact = ?1 AND sent_at IS NULL')
        .bind(contact)
        .first<{ n: number }>()
      return row?.n ?? 0
    },

    /**
     * Adds the alert, or asks again for one already sent. Due at once if the city's stock came back between the
     * page and this statement: the trigger only sees a change, so an alert written after it would otherwise wait
     * for the next restock. 'exists' when the same alert already waits.
     */
    async add(alert: NewStockAlert, now: Date): Promise<'added' | 'exists'> {
      const row = await db
        .prepare(
          `INSERT INTO stock_alerts (product_id, region_id, channel, contact, locale, customer_id, created_at, due_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7,
             CASE WHEN (SELECT qty FROM stock WHERE product_id = ?1 AND region_id = ?2) > 0 THEN ?7 END)
           ON CONFLICT (product_id, region_id, contact) DO UPDATE SET
             channel = excluded.channel, locale = excluded.locale, customer_id = coalesce(excluded.customer_id, customer_id),
             created_at = excluded.created_at, due_at = excluded.due_at, sent_at = NULL
           WHERE stock_alerts.sent_at IS NOT NULL
           RETURNING id`,
        )
        .bind(alert.productId, alert.regionId, alert.channel, alert.contact, alert.locale, alert.customerId, now.toISOString())
        .first<{ id: number }>()
      return row ? 'added' : 'exists'
    },

    /**
     * Claims up to `limit` due alerts: they are marked sent by the same statement that picks them, so two runs at
     * once (the cron and a stock edit) never both send one.
     */
    async claimDue(limit: number, now: Date): Promise<DueStockAlert[]> {
      const claimed = await db
        .prepare(
          `UPDATE stock_alerts SET sent_at = ?1
           WHERE id IN (SELECT id FROM stock_alerts WHERE due_at IS NOT NULL AND sent_at IS NULL ORDER BY due_at LIMIT ?2)
             AND sent_at IS NULL
           RETURNING id, product_id, channel, contact, locale, region_id`,
        )
        .bind(now.toISOString(), limit)
        .all<{ id: number; product_id: number; channel: 'sms' | 'email'; contact: string; locale: Locale; region_id: number }>()
      if (claimed.results.length === 0) return []
      const ids = [...new Set(claimed.results.map((r) => r.product_id))]
      const products = await db
        .prepare(`SELECT entity_id, rewrite_url, name_ar, name_en FROM products WHERE entity_id IN (${ids.map(() => '?').join(',')})`)
        .bind(...ids)
        .all<{ entity_id: number; rewrite_url: string; name_ar: string; name_en: string }>()
      const byId = new Map(products.results.map((p) => [p.entity_id, p]))
      return claimed.results.flatMap((r) => {
        const p = byId.get(r.product_id)
        return p
          ? [
              {
                id: r.id,
                channel: r.channel,
                contact: r.contact,
                locale: r.locale,
                region_id: r.region_id,
                rewrite_url: p.rewrite_url,
                name_ar: p.name_ar,
                name_en: p.name_en,
              },
            ]
          : []
      })
    },

    /** Gives a claim back (its message could not be put on the queue): the next run sends it. */
    async release(id: number): Promise<void> {
      await db.prepare('UPDATE stock_alerts SET sent_at = NULL WHERE id = ?1').bind(id).run()
    },

    /** A customer's alerts, and those sent to their account's mobile or email, newest first. */
    async listFor(customerId: number, contacts: string[]): Promise<ListedStockAlert[]> {
      const marks = contacts.map((_, i) => `?${i + 2}`).join(',')
      const rows = await db
        .prepare(
          `SELECT a.id, p.sku, p.rewrite_url, p.name_ar, p.name_en, a.region_id, a.channel, a.contact, a.created_at, a.sent_at
           FROM stock_alerts a JOIN products p ON p.entity_id = a.product_id
           WHERE a.customer_id = ?1${contacts.length ? ` OR a.contact IN (${marks})` : ''}
           ORDER BY a.id DESC LIMIT 100`,
        )
        .bind(customerId, ...contacts)
        .all<ListedStockAlert>()
      return rows.results
    },

    /** Removes one alert of a customer's (theirs by account or by contact); false when it is not theirs. */
    async removeFor(id: number, customerId: number, contacts: string[]): Promise<boolean> {
      const marks = contacts.map((_, i) => `?${i + 3}`).join(',')
      const done = await db
        .prepare(`DELETE FROM stock_alerts WHERE id = ?1 AND (customer_id = ?2${contacts.length ? ` OR contact IN (${marks})` : ''})`)
        .bind(id, customerId, ...contacts)
        .run()
      return done.meta.changes > 0
    },

    /** The one-tap unsubscribe: the alert goes, whoever's it was (the link is signed). */
    async remove(id: number): Promise<boolean> {
      return (await db.prepare('DELETE FROM stock_alerts WHERE id = ?1').bind(id).run()).meta.changes > 0
    },
  }
}
