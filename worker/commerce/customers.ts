/**
 * Customer tokens (mage): opaque random tokens, stored only as a SHA-256, with an expiry, revocable.
 * An expired, revoked or unknown token is "The consumer isn't authorized to access" (docs/product.md,
 * "Errors").
 */
import { appConfig } from '../../app.config'
import { daysToMs } from '../../src/domain/time'
import { accountStore, type Customer } from '../storage/account-store'

export type { Customer }

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes))
  return btoa(String.fromCharCode(...raw))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

export async function issueCustomerToken(db: D1Database, customerId: number, now = new Date()) {
  const token = randomToken()
  const expiresAt = new Date(now.getTime() + daysToMs(appConfig.cookies.mageDays))
  await accountStore(db).addToken(customerId, await sha256Hex(token), expiresAt, now)
  return { token, expiresAt }
}

export async function customerForToken(db: D1Database, token: string, now = new Date()): Promise<Customer | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  return accountStore(db).customerForToken(await sha256Hex(token), now)
}

export async function revokeCustomerToken(db: D1Database, token: string): Promise<void> {
  await accountStore(db).revokeToken(await sha256Hex(token))
}
