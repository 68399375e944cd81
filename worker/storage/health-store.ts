/**
 * D1's part of the health check (docs/architecture.md, "Housekeeping"): the cheapest question the database can answer,
 * touching no table, so a failure means the binding, not the data.
 */
export function healthStore(db: D1Database) {
  return {
    /** Resolves when D1 answers; rejects with its error when it does not. */
    async ping(): Promise<void> {
      await db.prepare('SELECT 1').first()
    },
  }
}
