/**
 * The handshake token (docs/product.md, "Calls"): POST /handshake {store} gives a bearer token every Direct API
 * call must carry. A signed JWT (HS256), so checking it costs no storage read.
 */
import { jwtVerify, SignJWT } from 'jose'
import { appConfig, type Locale } from '../../app.config'
import { daysToSeconds } from '../../src/domain/time'
import { readSecret } from '../platform/secrets'

interface HandshakeClaims {
  store: Locale
}

type SecretEnv = Parameters<typeof readSecret>[0]

const issuer = 'matjar-commerce'
const lifetimeSeconds = daysToSeconds(appConfig.cookies.handshakeDays)

async function key(env: SecretEnv): Promise<Uint8Array> {
  return new TextEncoder().encode(await readSecret(env, 'HANDSHAKE_SECRET'))
}

export async function issueHandshakeToken(env: SecretEnv, store: Locale): Promise<{ token: string; expiresAt: Date }> {
  const now = Math.floor(Date.now() / 1000)
  const token = await new SignJWT({ store })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject('handshake')
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .sign(await key(env))
  return { token, expiresAt: new Date((now + lifetimeSeconds) * 1000) }
}

/** The claims of a valid handshake token, or null for anything else (expired, forged, malformed). */
export async function verifyHandshakeToken(env: SecretEnv, token: string): Promise<HandshakeClaims | null> {
  // docs/product.md, "Validation": a JWT must have 3 dot-separated parts.
  if (token.split('.').length !== 3) return null
  try {
    const { payload } = await jwtVerify(token, await key(env), { issuer, subject: 'handshake', algorithms: ['HS256'] })
    return payload.store === 'ar' || payload.store === 'en' ? { store: payload.store } : null
  } catch {
    return null
  }
}
