/**
 * The pictures buyers attach to reviews (docs/decisions/0034-reviews.md, "Pictures"): rows in `review_pictures`, bytes
 * in R2 (REVIEW_PICTURES) under a random key. Objects are written before the review's batch and removed again if it
 * does not land; rows are deleted in the batch that rejects the review or closes its author's account, which returns
 * their keys, and the objects go after that batch commits (a crash between leaves an object no row names, never a row
 * naming no object).
 */
export interface PictureRow {
  review_id: number
  key: string
  content_type: string
  bytes: number
  width: number | null
  height: number | null
  position: number
}

/** A picture as a page or the console shows it: its address, its size for the layout. */
export interface PictureView {
  url: string
  width: number | null
  height: number | null
}

/** A picture checked and stripped already (worker/media/picture-metadata.ts gives this shape). */
export interface PictureBytes {
  type: 'image/jpeg' | 'image/png' | 'image/webp'
  ext: string
  bytes: Uint8Array<ArrayBuffer>
  width: number | null
  height: number | null
}

export interface StoredPicture extends PictureBytes {
  key: string
}

const prefix = 'reviews/'
/** The address part of a key: a UUID and the type's extension. */
export const pictureName = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/

export const pictureUrl = (key: string) => `/api/reviews/pictures/${key.slice(prefix.length)}`
export const consolePictureUrl = (key: string) => `/api/ops/reviews/pictures/${key.slice(prefix.length)}`
export const keyOfName = (name: string) => `${prefix}${name}`

/** A new key for each picture: random, never reused, so the served copy may be cached for good. */
export function withKeys(pictures: PictureBytes[]): StoredPicture[] {
  return pictures.map((picture) => ({ ...picture, key: `${prefix}${crypto.randomUUID()}.${picture.ext}` }))
}

/** Every picture's bytes into R2, before the review's batch; the caller removes them again if the batch fails. */
export async function putPictures(bucket: R2Bucket, pictures: StoredPicture[]): Promise<void> {
  await Promise.all(pictures.map((p) => bucket.put(p.key, p.bytes, { httpMetadata: { contentType: p.type } })))
}

/** R2's objects for keys whose rows are gone (a rejection, a closed account, a review that did not land). */
export async function removePictures(bucket: R2Bucket, keys: string[]): Promise<void> {
  if (keys.length > 0) await bucket.delete(keys)
}

export function reviewPictureStore(db: D1Database) {
  return {
    /**
     * The pictures' rows for the review just added by the statement before this one in the same batch: they land only
     * when it did (`changes() = 1`), tied to it by its order and product (the UNIQUE pair).
     */
    insertFor(orderId: number, sku: string, pictures: StoredPicture[]): D1PreparedStatement {
      const rows = pictures.map((_, i) => `(?${3 + i * 6}, ?${4 + i * 6}, ?${5 + i * 6}, ?${6 + i * 6}, ?${7 + i * 6}, ?${8 + i * 6})`)
      return db
        .prepare(
          `INSERT INTO review_pictures (review_id, key, content_type, bytes, width, height, position)
           SELECT r.id, v.column1, v.column2, v.column3, v.column4, v.column5, v.column6
           FROM reviews r, (VALUES ${rows.join(', ')}) v WHERE r.order_id = ?1 AND r.sku = ?2 AND changes() = 1`,
        )
        .bind(orderId, sku, ...pictures.flatMap((p, i) => [p.key, p.type, p.bytes.length, p.width, p.height, i]))
    },

    /** Deletes a review's pictures' rows in a batch, answering their keys (D1 returns RETURNING rows from a batch). */
    deleteOf: (reviewId: number) => db.prepare('DELETE FROM review_pictures WHERE review_id = ?1 RETURNING key').bind(reviewId),

    /** The same for every review of an account, before the closing batch forgets whose reviews they were. */
    deleteOfCustomer: (customerId: number) =>
      db.prepare('DELETE FROM review_pictures WHERE review_id IN (SELECT id FROM reviews WHERE customer_id = ?1) RETURNING key').bind(customerId),

    /** The pictures of these reviews, in the buyer's order, by review. */
    async of(reviewIds: number[]): Promise<Map<number, PictureRow[]>> {
      const byReview = new Map<number, PictureRow[]>()
      if (reviewIds.length === 0) return byReview
      const { results } = await db
        .prepare(
          `SELECT review_id, key, content_type, bytes, width, height, position FROM review_pictures
           WHERE review_id IN (${reviewIds.map(() => '?').join(', ')}) ORDER BY review_id, position`,
        )
        .bind(...reviewIds)
        .all<PictureRow>()
      for (const row of results) byReview.set(row.review_id, [...(byReview.get(row.review_id) ?? []), row])
      return byReview
    },

    /** A picture by its key, when its review is approved (or whatever its status, for the console). */
    servable: (key: string, anyStatus = false) =>
      db
        .prepare(
          `SELECT p.key, p.content_type FROM review_pictures p JOIN reviews r ON r.id = p.review_id
           WHERE p.key = ?1 ${anyStatus ? '' : "AND r.status = 'approved'"}`,
        )
        .bind(key)
        .first<{ key: string; content_type: string }>(),
  }
}

/** The keys a batch's RETURNING statement answered. */
export const keysOf = (result: D1Result | undefined) => (result?.results as { key: string }[] | undefined)?.map((row) => row.key) ?? []
