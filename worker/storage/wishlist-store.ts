/**
 * A customer's favourites in D1 (docs/product.md, "Favourites and compare"): their skus, oldest first, each once, at
 * most `max` of them. A sku the catalogue does not know is never kept. Every insert checks the cap in its own
 * statement, so two requests at once cannot pass it together.
 */
export function wishlistStore(db: D1Database) {
  /** Adds one sku if the catalogue knows it and the list has room; a sku already there changes nothing. */
  const insert = (customerId: number, sku: string, max: number, now: Date) =>
    db
      .prepare(
        `INSERT INTO customer_wishlist (customer_id, sku, added_at)
         SELECT ?1, ?2, ?3
         WHERE EXISTS (SELECT 1 FROM products WHERE sku = ?2)
           AND (SELECT COUNT(*) FROM customer_wishlist WHERE customer_id = ?1) < ?4
         ON CONFLICT (customer_id, sku) DO NOTHING`,
      )
      .bind(customerId, sku, now.toISOString(), max)

  async function list(customerId: number): Promise<string[]> {
    const { results } = await db
      .prepare('SELECT sku FROM customer_wishlist WHERE customer_id = ? ORDER BY id')
      .bind(customerId)
      .all<{ sku: string }>()
    return results.map((row) => row.sku)
  }

  return {
    list,

    /**
     * The union of the account's list and another (a browser's): the account's first, then the others in their order
     * while there is room. One batch, so the cap holds whatever else runs at the same time.
     */
    async merge(customerId: number, skus: readonly string[], max: number, now: Date): Promise<string[]> {
      const unique = [...new Set(skus)]
      if (unique.length > 0) await db.batch(unique.map((sku) => insert(customerId, sku, max, now)))
      return list(customerId)
    },

    /** Adds one sku: 'added' (or already there), 'full' at the cap, 'unknown' when the catalogue has no such sku. */
    async add(customerId: number, sku: string, max: number, now: Date): Promise<'added' | 'full' | 'unknown'> {
      const [inserted, state] = await db.batch<{ kept: number; known: number }>([
        insert(customerId, sku, max, now),
        db
          .prepare(
            `SELECT EXISTS (SELECT 1 FROM customer_wishlist WHERE customer_id = ?1 AND sku = ?2) AS kept,
                    EXISTS (SELECT 1 FROM products WHERE sku = ?2) AS known`,
          )
          .bind(customerId, sku),
      ])
      if (inserted!.meta.changes === 1) return 'added'
      const row = state!.results[0]!
      if (row.kept) return 'added'
      return row.known ? 'full' : 'unknown'
    },

    async remove(customerId: number, sku: string): Promise<void> {
      await db.prepare('DELETE FROM customer_wishlist WHERE customer_id = ? AND sku = ?').bind(customerId, sku).run()
    },
  }
}
