/**
 * A customer's saved addresses in D1 (docs/product.md, "Accounts"): the National Address as JSON, one of them the
 * default. Every statement names the customer, so one customer can never read or change another's address.
 */
import type { AddressFields, SavedAddress } from '../../src/domain/checkout'

interface AddressRow {
  id: number
  address: string
  is_default: number
}

const toSaved = (row: AddressRow): SavedAddress => ({
  id: row.id,
  address: JSON.parse(row.address) as AddressFields,
  is_default: row.is_default === 1,
})

export function addressStore(db: D1Database) {
  return {
    async list(customerId: number): Promise<SavedAddress[]> {
      const { results } = await db
        .prepare('SELECT id, address, is_default FROM customer_addresses WHERE customer_id = ? ORDER BY is_default DESC, id')
        .bind(customerId)
        .all<AddressRow>()
      return results.map(toSaved)
    },

    /**
     * Adds an address unless the customer already has `max` (answers null then). The first address is the default;
     * one the customer already saved, field for field, is not saved twice (its id is answered).
     */
    async add(customerId: number, address: AddressFields, makeDefault: boolean, max: number, now: Date): Promise<number | null> {
      const json = JSON.stringify(address)
      const same = await db
        .prepare('SELECT id FROM customer_addresses WHERE customer_id = ? AND address = ?')
        .bind(customerId, json)
        .first<{ id: number }>()
      if (same) return same.id
      const row = await db
        .prepare(
          `INSERT INTO customer_addresses (customer_id, address, is_default, created_at)
           SELECT ?1, ?2, NOT EXISTS (SELECT 1 FROM customer_addresses WHERE customer_id = ?1), ?3
           WHERE (SELECT count(*) FROM customer_addresses WHERE customer_id = ?1) < ?4
           RETURNING id`,
        )
        .bind(customerId, json, now.toISOString(), max)
        .first<{ id: number }>()
      if (row && makeDefault) await this.setDefault(customerId, row.id)
      return row?.id ?? null
    },

    async update(customerId: number, id: number, address: AddressFields): Promise<boolean> {
      const result = await db
        .prepare('UPDATE customer_addresses SET address = ? WHERE id = ? AND customer_id = ?')
        .bind(JSON.stringify(address), id, customerId)
        .run()
      return result.meta.changes === 1
    },

    /** Deletes an address; when it was the default, the oldest one left becomes the default, in the same batch. */
    async remove(customerId: number, id: number): Promise<boolean> {
      const [deleted] = await db.batch([
        db.prepare('DELETE FROM customer_addresses WHERE id = ? AND customer_id = ?').bind(id, customerId),
        db
          .prepare(
            `UPDATE customer_addresses SET is_default = 1 WHERE customer_id = ?1
           AND id = (SELECT min(id) FROM customer_addresses WHERE customer_id = ?1)
           AND NOT EXISTS (SELECT 1 FROM customer_addresses WHERE customer_id = ?1 AND is_default = 1)`,
          )
          .bind(customerId),
      ])
      return deleted!.meta.changes === 1
    },

    /** Makes one address the default and every other not, in one statement. */
    async setDefault(customerId: number, id: number): Promise<boolean> {
      const owns = await db.prepare('SELECT 1 AS yes FROM customer_addresses WHERE id = ? AND customer_id = ?').bind(id, customerId).first()
      if (!owns) return false
      await db.prepare('UPDATE customer_addresses SET is_default = (id = ?) WHERE customer_id = ?').bind(id, customerId).run()
      return true
    },
  }
}
