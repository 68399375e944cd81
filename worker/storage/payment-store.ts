/**
 * Payments on a provider's page in D1 (docs/architecture.md, "Storage owns the SQL"; docs/decisions/0014, 0015, 0019):
 * the checkout each order is paid on (Moyasar's invoice, Tabby's payment, Tamara's order) and the payment that paid it (its refunds:
 * ./refund-store.ts). Also the embedded providers' own records, kept as the JSON the provider answers with.
 */

export interface OrderPaymentRow {
  order_id: number
  provider: string
  /** The provider's reference of what the shopper pays on. */
  checkout_id: string
  checkout_url: string
  payment_id: string | null
}

export function paymentStore(db: D1Database) {
  return {
    forOrder: (orderId: number) => db.prepare('SELECT * FROM order_payments WHERE order_id = ?').bind(orderId).first<OrderPaymentRow>(),
    byCheckout: (provider: string, checkoutId: string) =>
      db.prepare('SELECT * FROM order_payments WHERE provider = ? AND checkout_id = ?').bind(provider, checkoutId).first<OrderPaymentRow>(),

    /** Records an order's checkout; a second one for the same order is ignored (answers whether this one is kept). */
    async addCheckout(row: Pick<OrderPaymentRow, 'order_id' | 'provider' | 'checkout_id' | 'checkout_url'>, now: Date): Promise<boolean> {
      const result = await db
        .prepare('INSERT OR IGNORE INTO order_payments (order_id, provider, checkout_id, checkout_url, updated_at) VALUES (?, ?, ?, ?, ?)')
        .bind(row.order_id, row.provider, row.checkout_id, row.checkout_url, now.toISOString())
        .run()
      return result.meta.changes === 1
    },

    /**
     * Keeps the payment that took the order's money: the first one only. Answers false for a second, different
     * payment (two tabs paying one invoice), which the caller gives back.
     */
    async keepPayment(orderId: number, paymentId: string, now: Date): Promise<boolean> {
      const result = await db
        .prepare('UPDATE order_payments SET payment_id = ?1, updated_at = ?2 WHERE order_id = ?3 AND (payment_id IS NULL OR payment_id = ?1)')
        .bind(paymentId, now.toISOString(), orderId)
        .run()
      return result.meta.changes === 1
    },
  }
}

/** The embedded Moyasar's records: each row is the JSON body Moyasar would answer. */
export function moyasarSandboxStore(db: D1Database) {
  return {
    async invoice<T>(id: string): Promise<T | null> {
      const row = await db.prepare('SELECT body FROM moyasar_sandbox_invoices WHERE id = ?').bind(id).first<{ body: string }>()
      return row ? (JSON.parse(row.body) as T) : null
    },
    saveInvoice: (id: string, body: unknown) =>
      db
        .prepare('INSERT INTO moyasar_sandbox_invoices (id, body) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body')
        .bind(id, JSON.stringify(body))
        .run(),
    async payment<T>(id: string): Promise<T | null> {
      const row = await db.prepare('SELECT body FROM moyasar_sandbox_payments WHERE id = ?').bind(id).first<{ body: string }>()
      return row ? (JSON.parse(row.body) as T) : null
    },
    async paymentsOf<T>(invoiceId: string): Promise<T[]> {
      const { results } = await db
        .prepare('SELECT body FROM moyasar_sandbox_payments WHERE invoice_id = ? ORDER BY rowid')
        .bind(invoiceId)
        .all<{ body: string }>()
      return results.map((row) => JSON.parse(row.body) as T)
    },
    savePayment: (id: string, invoiceId: string, body: unknown) =>
      db
        .prepare('INSERT INTO moyasar_sandbox_payments (id, invoice_id, body) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body')
        .bind(id, invoiceId, JSON.stringify(body))
        .run(),
  }
}

/** The embedded Tabby's records: sessions and payments, each the JSON body Tabby would answer. */
export function tabbySandboxStore(db: D1Database) {
  const read = async <T>(table: string, id: string): Promise<T | null> => {
    const row = await db.prepare(`SELECT body FROM ${table} WHERE id = ?`).bind(id).first<{ body: string }>()
    return row ? (JSON.parse(row.body) as T) : null
  }
  const save = (table: string, id: string, body: unknown) =>
    db
      .prepare(`INSERT INTO ${table} (id, body) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body`)
      .bind(id, JSON.stringify(body))
      .run()
  return {
    session: <T>(id: string) => read<T>('tabby_sandbox_sessions', id),
    saveSession: (id: string, body: unknown) => save('tabby_sandbox_sessions', id, body),
    payment: <T>(id: string) => read<T>('tabby_sandbox_payments', id),
    savePayment: (id: string, body: unknown) => save('tabby_sandbox_payments', id, body),
  }
}

/** The embedded Tamara's orders: each the JSON body Tamara would answer, with what the sandbox keeps beside it. */
export function tamaraSandboxStore(db: D1Database) {
  return {
    async order<T>(id: string): Promise<T | null> {
      const row = await db.prepare('SELECT body FROM tamara_sandbox_orders WHERE id = ?').bind(id).first<{ body: string }>()
      return row ? (JSON.parse(row.body) as T) : null
    },
    async byCheckout<T>(checkoutId: string): Promise<T | null> {
      const row = await db.prepare('SELECT body FROM tamara_sandbox_orders WHERE checkout_id = ?').bind(checkoutId).first<{ body: string }>()
      return row ? (JSON.parse(row.body) as T) : null
    },
    save: (id: string, checkoutId: string, body: unknown) =>
      db
        .prepare('INSERT INTO tamara_sandbox_orders (id, checkout_id, body) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body')
        .bind(id, checkoutId, JSON.stringify(body))
        .run(),
  }
}
