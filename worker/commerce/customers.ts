/**
 * Customer tokens (mage): opaque random tokens, stored only as a SHA-256, with an expiry, revocable.
 * An expired, revoked or unknown token is "The consumer isn't authorized to access" (docs/product.md,
 * "Errors").
 */
import { appConfig } from '../../app.config'
import { daysToMs } from '../../src/domain/time'
import { accountStore, type Customer } from '../storage/account-store'
import { randomToken, sha256Hex } from '../platform/tokens'

export type { Customer }

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
