/**
 * Customer tokens (mage): opaque random tokens, stored only as a SHA-256, with an expiry, revocable.
 * An expired, revoked or unknown token is "The consumer isn't authorized to access" (spec section 8).
 */
import { appConfig } from '../../app.config'

export interface Customer {
  id: number
  email: string
  firstname: string
  lastname: string
  mobile: string
  telesales: boolean
  store_id: number
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes))
  return btoa(String.fromCharCode(...raw)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

export async function issueCustomerToken(db: D1Database, customerId: number, now = new Date()) {
  const token = randomToken()
  const expiresAt = new Date(now.getTime() + appConfig.cookies.mageDays * 24 * 60 * 60 * 1000)
  await db
    .prepare('INSERT INTO customer_tokens (token_hash, customer_id, expires_at, created_at) VALUES (?, ?, ?, ?)')
    .bind(await sha256Hex(token), customerId, expiresAt.toISOString(), now.toISOString())
    .run()
  return { token, expiresAt }
}

export async function customerForToken(db: D1Database, token: string, now = new Date()): Promise<Customer | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const row = await db
    .prepare(
      `SELECT c.id, c.email, c.firstname, c.lastname, c.mobile, c.telesales, c.store_id FROM customer_tokens t
       JOIN customers c ON c.id = t.customer_id
       WHERE t.token_hash = ? AND t.revoked = 0 AND t.expires_at > ?`,
    )
    .bind(await sha256Hex(token), now.toISOString())
    .first<Omit<Customer, 'telesales'> & { telesales: number }>()
  return row ? { ...row, telesales: row.telesales === 1 } : null
}

export async function revokeCustomerToken(db: D1Database, token: string): Promise<void> {
  await db.prepare('UPDATE customer_tokens SET revoked = 1 WHERE token_hash = ?').bind(await sha256Hex(token)).run()
}
