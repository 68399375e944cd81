/**
 * Customers as the console finds them (docs/product.md, "The merchant console"): by mobile (the account's or one it
 * verified), by email, or by name, newest account first, a page at a time; and what support sees of one: the messages
 * sent to them, and whether an account number belongs to an account its owner closed.
 */

export interface CustomerListRow {
  id: number
  firstname: string
  lastname: string
  email: string
  mobile: string
  created_at: string
}

export interface CustomerMessageRow {
  id: string
  channel: 'sms' | 'email' | 'whatsapp'
  template: string
  status: string
  attempts: number
  last_error: string | null
  content: string | null
  created_at: string
  updated_at: string
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

export function customerDirectoryStore(db: D1Database) {
  return {
    /** One page of accounts matching what was typed (one of mobile, email or name), newest first; `before`: the last page's last id. */
    async search(q: { phone?: string; email?: string; name?: string; before?: number; limit: number }): Promise<CustomerListRow[]> {
      const where: string[] = []
      const values: unknown[] = []
      if (q.phone) {
        values.push(q.phone)
        where.push(`(c.mobile = ?${values.length} OR c.id IN (SELECT customer_id FROM customer_phones WHERE phone = ?${values.length}))`)
      }
      if (q.email) {
        values.push(`${likeEscaped(q.email.toLowerCase())}%`)
        where.push(`c.email LIKE ?${values.length} ESCAPE '\\'`)
      }
      if (q.name) {
        values.push(`%${likeEscaped(q.name)}%`)
        where.push(`(c.firstname || ' ' || c.lastname) LIKE ?${values.length} ESCAPE '\\'`)
      }
      if (q.before !== undefined) {
        values.push(q.before)
        where.push(`c.id < ?${values.length}`)
      }
      values.push(q.limit)
      const { results } = await db
        .prepare(
          `SELECT c.id, c.firstname, c.lastname, c.email, c.mobile, c.created_at FROM customers c
           ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY c.id DESC LIMIT ?${values.length}`,
        )
        .bind(...values)
        .all<CustomerListRow>()
      return results
    },

    async createdAt(id: number): Promise<string | null> {
      return (await db.prepare('SELECT created_at FROM customers WHERE id = ?').bind(id).first<{ created_at: string }>())?.created_at ?? null
    },

    /** When the account was closed by its owner, or null (never closed, or never was). */
    async closedAt(id: number): Promise<string | null> {
      return (
        (await db.prepare('SELECT closed_at FROM closed_accounts WHERE customer_id = ?').bind(id).first<{ closed_at: string }>())?.closed_at ?? null
      )
    },

    /** The latest messages sent to these recipients (the account's mobiles and email), newest first. */
    async messagesTo(recipients: string[], limit: number): Promise<CustomerMessageRow[]> {
      if (recipients.length === 0) return []
      const { results } = await db
        .prepare(
          `SELECT id, channel, template, status, attempts, last_error, content, created_at, updated_at FROM message_deliveries
           WHERE recipient IN (${recipients.map(() => '?').join(', ')}) ORDER BY created_at DESC, id LIMIT ?`,
        )
        .bind(...recipients, limit)
        .all<CustomerMessageRow>()
      return results
    },
  }
}
