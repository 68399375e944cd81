/**
 * The signed-in shopper: docs/product.md, "Calls"'s 'Session user' with the customer token (mage) and its
 * expiry, sealed (A256GCM-encrypted JWT) in an HttpOnly cookie, so the browser can neither read nor
 * change it. Keyed by SESSION_SECRET.
 */
import { EncryptJWT, jwtDecrypt } from 'jose'
import type { SessionUser } from '../commerce/accounts'
import { readSecret } from '../platform/secrets'

interface StoredSession {
  user: SessionUser
  mage: string
  /** ISO time the customer token expires. */
  expires: string
}

async function key(env: Env): Promise<Uint8Array> {
  const secret = await readSecret(env, 'SESSION_SECRET')
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret)))
}

export async function sealSession(env: Env, session: StoredSession): Promise<string> {
  return new EncryptJWT({ session })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(new Date(session.expires))
    .encrypt(await key(env))
}

/** The session in a cookie value, or null when it is missing, tampered with or expired. */
export async function unsealSession(env: Env, sealed: string | undefined): Promise<StoredSession | null> {
  if (!sealed) return null
  try {
    const { payload } = await jwtDecrypt(sealed, await key(env))
    return (payload.session as StoredSession) ?? null
  } catch {
    return null
  }
}
