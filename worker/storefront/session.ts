/**
 * The storefront's side of a commerce session, shared by server functions and the /api proxy routes:
 * the handshake token per language (mhs_ar, mhs_en: 29 days, refreshed when older than 30 minutes),
 * the quote, and the customer token (mage), all in HttpOnly, Secure, SameSite=Lax cookies.
 */
import { type Locale, type RegionId } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { cookies, type CookieSpec } from '../../src/domain/cookies'
import { commerceClient, type CommerceCaller } from '../commerce/client'

/** Cookies of one request, by their registry entry; `set` values are readable at once by later `get`s of the same request. */
export interface CookieJar {
  get(cookie: CookieSpec): string | undefined
  /** Writes with the registry's options; `maxAgeSeconds` for a cookie whose lifetime follows a token. */
  set(cookie: CookieSpec & { writtenBy: 'server' }, value: string, maxAgeSeconds?: number): void
  delete(cookie: CookieSpec): void
}

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

/**
 * `clientIp`: the shopper's address, read from the request the storefront is answering (worker/http/client-ip.ts);
 * `origin`: the storefront's origin as the shopper reached it (for the way back from a payment page).
 */
export function storefrontSession(env: Env, jar: CookieJar, locale: Locale, clientIp: string | null, origin: string | null = null) {
  const handshakeCookie = cookies.handshake(locale)

  async function handshake(): Promise<string> {
    const current = jar.get(handshakeCookie)
    const age = current ? tokenAgeSeconds(current) : null
    if (current && age !== null && age < serverLimits.handshakeRefreshMinutes * 60) return current
    const { token } = await commerceClient(env, { clientIp }).request((api) => api.handshake.$post({ json: { store: locale } }))
    jar.set(handshakeCookie, token)
    return token
  }

  async function caller(): Promise<CommerceCaller> {
    return { handshake: await handshake(), quote: jar.get(cookies.quote), mage: jar.get(cookies.mage), clientIp, origin }
  }

  return {
    handshake,
    caller,
    quote: () => jar.get(cookies.quote),
    rememberQuote: (quoteId: string) => jar.set(cookies.quote, quoteId),
    forgetQuote: () => jar.delete(cookies.quote),
    /** The commerce client for this shopper. */
    async client() {
      return commerceClient(env, await caller())
    },
    /**
     * Opens a cart in a city and keeps its id. A refusal is answered, never thrown: a customer token the backend no
     * longer knows (signed out elsewhere, expired, or garbage) is a 401 its caller turns into a forced sign-out
     * (docs/product.md, "Errors"), not a 500.
     */
    async createQuote(regionId: RegionId) {
      const opened = await commerceClient(env, await caller()).settle((api) => api.cart.create.$get({ query: { region: String(regionId) } }))
      if (opened.data) jar.set(cookies.quote, opened.data.quoteId)
      return opened
    },
  }
}
