/**
 * Reviews from verified buyers (docs/product.md, "Reviews"; docs/decisions/0034-reviews.md). One review per product
 * per order is the table's UNIQUE constraint; a product's numbers (review_totals) are rewritten from its approved
 * reviews in the same batch as every moderation, so they are exact whatever order staff work in.
 */
import { type Locale } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import type { HeldFor, ReviewSort, ReviewStatus } from '../../src/domain/reviews'
import { auditStore, type AuditEntry } from './audit-store'
import { keysOf, reviewPictureStore, type StoredPicture } from './review-picture-store'

export interface ReviewRow {
  id: number
  sku: string
  order_id: number | null
  author: string
  stars: number
  title: string
  body: string
  locale: Locale
  status: ReviewStatus
  held: HeldFor | null
  reason: string | null
  answer: string | null
  answered_at: string | null
  helpful: number
  reports: number
  created_at: string
}

export interface TotalsRow {
  count: number
  stars: number
  by: number[]
}

export interface NewReview {
  sku: string
  orderId: number
  line: number
  customerId: number | null
  author: string
  stars: number
  title: string
  body: string
  locale: Locale
  held: HeldFor | null
}

export interface ShownFilter {
  sort: ReviewSort
  stars?: number
  locale?: Locale
  offset: number
}

const columns = 'id, sku, order_id, author, stars, title, body, locale, status, held, reason, answer, answered_at, helpful, reports, created_at'

/** The product's counts rewritten from its approved reviews: put in the batch of every change of status. */
const recount = (db: D1Database, sku: string) =>
  db
    .prepare(
      `INSERT OR REPLACE INTO review_totals (sku, count, stars, one, two, three, four, five)
       SELECT ?1, count(*), coalesce(sum(stars), 0), coalesce(sum(stars = 1), 0), coalesce(sum(stars = 2), 0),
              coalesce(sum(stars = 3), 0), coalesce(sum(stars = 4), 0), coalesce(sum(stars = 5), 0)
       FROM reviews WHERE sku = ?1 AND status = 'approved'`,
    )
    .bind(sku)

/**
 * Every statement on reviews, in parts by kind: a buyer's reviews of an order, the reviews a product page shows with
 * their votes, and the console's moderation. Each part is its own set of statements on `db`; none holds state.
 */
export function reviewStore(db: D1Database) {
  return { ...buyerReviews(db), ...shownReviews(db), ...reviewModeration(db) }
}

/** A buyer's reviews of an order: the lines they may review, those reviewed, and a review added with its pictures. */
function buyerReviews(db: D1Database) {
  return {
    /** The products of an order a buyer may review (a variant's line is its parent's), each with whether it has been. */
    async orderLines(
      orderId: number,
    ): Promise<{ line: number; sku: string; name: string; name_ar: string | null; image: string | null; reviewed: number }[]> {
      const { results } = await db
        .prepare(
          `SELECT i.line, i.sku, i.name, i.name_ar, i.image, EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = i.order_id AND r.sku = i.sku) AS reviewed
           FROM order_items i WHERE i.order_id = ? AND i.parent_sku IS NULL ORDER BY i.line`,
        )
        .bind(orderId)
        .all<{ line: number; sku: string; name: string; name_ar: string | null; image: string | null; reviewed: number }>()
      return results
    },

    /** The skus of the order already reviewed. */
    async reviewedSkus(orderId: number): Promise<Set<string>> {
      const { results } = await db.prepare('SELECT sku FROM reviews WHERE order_id = ?').bind(orderId).all<{ sku: string }>()
      return new Set(results.map((r) => r.sku))
    },

    /**
     * Adds a buyer's review, pending, with its pictures' rows in the same batch (their bytes are in R2 already);
     * false when the order has one for this product already (the UNIQUE constraint), and then no picture row lands.
     */
    async add(review: NewReview, now: Date, pictures: StoredPicture[] = []): Promise<boolean> {
      const insert = db
        .prepare(
          `INSERT INTO reviews (sku, order_id, line, customer_id, author, stars, title, body, locale, held, created_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT (order_id, sku) DO NOTHING`,
        )
        .bind(
          review.sku,
          review.orderId,
          review.line,
          review.customerId,
          review.author,
          review.stars,
          review.title,
          review.body,
          review.locale,
          review.held,
          now.toISOString(),
        )
      const [result] = await db.batch(pictures.length ? [insert, reviewPictureStore(db).insertFor(review.orderId, review.sku, pictures)] : [insert])
      return result!.meta.changes === 1
    },
  }
}

/** What a product page shows: the product's numbers, its approved reviews a page at a time, and shoppers' votes. */
function shownReviews(db: D1Database) {
  return {
    /** A product's numbers, null before its first approved review. */
    async totals(sku: string): Promise<TotalsRow | null> {
      const row = await db
        .prepare('SELECT count, stars, one, two, three, four, five FROM review_totals WHERE sku = ? AND count > 0')
        .bind(sku)
        .first<{ count: number; stars: number; one: number; two: number; three: number; four: number; five: number }>()
      return row ? { count: row.count, stars: row.stars, by: [row.one, row.two, row.three, row.four, row.five] } : null
    },

    /** A product's approved reviews, a page at a time, sorted and filtered as the shopper chose. */
    async shown(sku: string, filter: ShownFilter): Promise<ReviewRow[]> {
      const where = ['sku = ?1', "status = 'approved'"]
      const values: unknown[] = [sku]
      if (filter.stars) where.push(`stars = ?${values.push(filter.stars)}`)
      if (filter.locale) where.push(`locale = ?${values.push(filter.locale)}`)
      const order = filter.sort === 'newest' ? 'created_at DESC, id DESC' : 'helpful DESC, created_at DESC, id DESC'
      const size = serverLimits.reviews.pageSize
      const { results } = await db
        .prepare(
          `SELECT ${columns} FROM reviews WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${size + 1} OFFSET ${Math.trunc(filter.offset)}`,
        )
        .bind(...values)
        .all<ReviewRow>()
      return results
    },

    /**
     * One vote (helpful) or report per voter per review, on an approved review only: true when this one counted. The
     * count moves in the vote's batch, only when the vote's row landed.
     */
    async vote(id: number, voter: string, kind: 'helpful' | 'report', now: Date): Promise<boolean> {
      const counter = kind === 'helpful' ? 'helpful' : 'reports'
      const [added] = await db.batch([
        db
          .prepare(
            `INSERT INTO review_votes (review_id, voter, kind, at) SELECT id, ?2, ?3, ?4 FROM reviews WHERE id = ?1 AND status = 'approved'
             ON CONFLICT DO NOTHING`,
          )
          .bind(id, voter, kind, now.toISOString()),
        db.prepare(`UPDATE reviews SET ${counter} = ${counter} + 1 WHERE id = ?1 AND changes() = 1`).bind(id),
      ])
      return added!.meta.changes === 1
    },
  }
}

/** The console's moderation: the list, a review and its product, approval or rejection, and the store's answer. */
function reviewModeration(db: D1Database) {
  return {
    /** The console's list: pending first (held ones before the rest), then the newest moderated. */
    async forConsole(status: ReviewStatus | undefined, before: number | undefined): Promise<(ReviewRow & { order_number: string | null })[]> {
      const where: string[] = []
      const values: unknown[] = []
      if (status) where.push(`r.status = ?${values.push(status)}`)
      if (before) where.push(`r.id < ?${values.push(before)}`)
      const { results } = await db
        .prepare(
          `SELECT ${columns
            .split(', ')
            .map((c) => `r.${c}`)
            .join(', ')}, o.increment_id AS order_number
           FROM reviews r LEFT JOIN orders o ON o.id = r.order_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
           ORDER BY r.status = 'pending' DESC, r.held IS NULL, r.id DESC LIMIT ${serverLimits.orders.consolePageSize}`,
        )
        .bind(...values)
        .all<ReviewRow & { order_number: string | null }>()
      return results
    },

    /** The product a review is of, by its sku: its pages are purged after a moderation. */
    productIdOf: async (sku: string) =>
      (await db.prepare('SELECT entity_id FROM products WHERE sku = ?').bind(sku).first<{ entity_id: number }>())?.entity_id ?? null,

    byId: (id: number) => db.prepare(`SELECT ${columns} FROM reviews WHERE id = ?`).bind(id).first<ReviewRow>(),

    /**
     * Approves or rejects (with its reason) a review: the change, its audit row and the product's recount land in one
     * batch; a rejection deletes the pictures' rows in it too, and answers their keys for the caller to remove from
     * R2 once the batch has committed (docs/decisions/0034-reviews.md, "Pictures"). `changed` is false when it
     * already had that status (a second press changes nothing and writes no audit row).
     */
    async moderate(
      review: ReviewRow,
      status: 'approved' | 'rejected',
      reason: string | null,
      audit: AuditEntry,
    ): Promise<{ changed: boolean; pictureKeys: string[] }> {
      const [changed, , , deleted] = await db.batch([
        db
          .prepare('UPDATE reviews SET status = ?2, reason = ?3, moderated_at = ?4 WHERE id = ?1 AND status <> ?2')
          .bind(review.id, status, reason, audit.at.toISOString()),
        auditStore(db).row(audit, { sql: 'changes() = 1', values: [] }),
        recount(db, review.sku),
        ...(status === 'rejected' ? [reviewPictureStore(db).deleteOf(review.id)] : []),
      ])
      return { changed: changed!.meta.changes === 1, pictureKeys: keysOf(deleted) }
    },

    /** The store's answer under a review (empty removes it), with its audit row in the same batch. */
    async answer(id: number, text: string, audit: AuditEntry): Promise<void> {
      await db.batch([
        db.prepare('UPDATE reviews SET answer = ?2, answered_at = ?3 WHERE id = ?1').bind(id, text || null, text ? audit.at.toISOString() : null),
        auditStore(db).row(audit, { sql: 'changes() = 1', values: [] }),
      ])
    },
  }
}
