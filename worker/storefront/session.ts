/**
 * The storefront's side of a commerce session, shared by server functions and the /api proxy routes:
 * the handshake token per language (mhs_ar, mhs_en: 29 days, refreshed when older than 30 minutes),
 * the quote, and the customer token (mage), all in HttpOnly, Secure, SameSite=Lax cookies.
 */
import { appConfig, type Locale } from '../../app.config'
import { commerceClient, type CommerceCaller } from '../commerce/client'

export interface CookieOptions {
  maxAge?: number
  httpOnly?: boolean
  secure?: boolean
  sameSite?: 'lax' | 'strict' | 'none'
  path?: string
}

/** Cookies of one request; `set` values are readable at once by later `get`s of the same request. */
export interface CookieJar {
  get(name: string): string | undefined
  set(name: string, value: string, options: CookieOptions): void
  delete(name: string): void
}

const day = 24 * 60 * 60
export const sessionCookieOptions: CookieOptions = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' }

export const sessionCookies = {
  handshake: (locale: Locale) => `mhs_${locale}`,
  quote: 'quote',
  mage: 'mage',
  /** Proof of a verified phone between the code step and account creation. */
  phoneVerification: 'phone_verification',
} as const

/** Seconds since the token was issued, read from its payload (the backend checks the signature). */
function tokenAgeSeconds(token: string): number | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  try {
    const { iat } = JSON.parse(atob(parts[1]!.replaceAll('-', '+').replaceAll('_', '/'))) as { iat?: number }
    return typeof iat === 'number' ? Date.now() / 1000 - iat : null
  } catch {
    return null
  }
}

export function storefrontSession(env: Env, jar: CookieJar, locale: Locale) {
  const handshakeName = sessionCookies.handshake(locale)

  async function handshake(): Promise<string> {
    const current = jar.get(handshakeName)
    const age = current ? tokenAgeSeconds(current) : null
    if (current && age !== null && age < appConfig.cookies.handshakeRefreshMinutes * 60) return current
    const { token } = await commerceClient(env).request<{ token: string }>('POST', '/handshake', { store: locale })
    jar.set(handshakeName, token, { ...sessionCookieOptions, maxAge: appConfig.cookies.handshakeDays * day })
    return token
  }

  async function caller(): Promise<CommerceCaller> {
    return { handshake: await handshake(), quote: jar.get(sessionCookies.quote), mage: jar.get(sessionCookies.mage) }
  }

  return {
    handshake,
    caller,
    quote: () => jar.get(sessionCookies.quote),
    rememberQuote: (quoteId: string) =>
      jar.set(sessionCookies.quote, quoteId, { ...sessionCookieOptions, maxAge: appConfig.cookies.handshakeDays * day }),
    forgetQuote: () => jar.delete(sessionCookies.quote),
    /** The commerce client for this shopper. */
    async client() {
      return commerceClient(env, await caller())
    },
    async createQuote(regionId: string): Promise<string> {
      const { quoteId } = await commerceClient(env, await caller()).request<{ quoteId: string }>('GET', `/cart/create?region=${regionId}`)
      jar.set(sessionCookies.quote, quoteId, { ...sessionCookieOptions, maxAge: appConfig.cookies.handshakeDays * day })
      return quoteId
    },
  }
}
