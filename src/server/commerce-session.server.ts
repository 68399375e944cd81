/**
 * The storefront's side of a commerce session: the handshake token per language (mhs_ar, mhs_en: 29
 * days, refreshed when older than 30 minutes) and the quote cookie, all HttpOnly, Secure, SameSite=Lax.
 */
import { deleteCookie, getCookie, getRequest, setCookie } from '@tanstack/react-start/server'
import { env } from 'cloudflare:workers'
import { appConfig, type Locale } from '../../app.config'
import { commerceClient, type CommerceCaller } from '~/commerce/client'

const day = 24 * 60 * 60
const cookieOptions = { httpOnly: true, secure: true, sameSite: 'lax' as const, path: '/' }

export const sessionCookies = {
  handshake: (locale: Locale) => `mhs_${locale}`,
  quote: 'quote',
  mage: 'mage',
} as const

/** Seconds since the token was issued, read from its payload (the backend verifies the signature). */
function tokenAgeSeconds(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload || token.split('.').length !== 3) return null
  try {
    const { iat } = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { iat?: number }
    return typeof iat === 'number' ? Date.now() / 1000 - iat : null
  } catch {
    return null
  }
}

/** Tokens issued during a request: its Cookie header does not have them yet. */
const issuedThisRequest = new WeakMap<Request, Map<string, string>>()

export async function ensureHandshake(locale: Locale, force = false): Promise<string> {
  const name = sessionCookies.handshake(locale)
  const request = getRequest()
  const issued = issuedThisRequest.get(request)?.get(name)
  if (issued && !force) return issued
  const current = getCookie(name)
  const age = current ? tokenAgeSeconds(current) : null
  if (!force && current && age !== null && age < appConfig.cookies.handshakeRefreshMinutes * 60) return current
  const { token } = await commerceClient(env).request<{ token: string }>('POST', '/handshake', { store: locale })
  setCookie(name, token, { ...cookieOptions, maxAge: appConfig.cookies.handshakeDays * day })
  issuedThisRequest.set(request, (issuedThisRequest.get(request) ?? new Map()).set(name, token))
  return token
}

export function currentQuote(): string | undefined {
  return getCookie(sessionCookies.quote)
}

export function rememberQuote(quoteId: string): void {
  setCookie(sessionCookies.quote, quoteId, { ...cookieOptions, maxAge: appConfig.cookies.handshakeDays * day })
}

export function forgetQuote(): void {
  deleteCookie(sessionCookies.quote, { path: '/' })
}

/** A caller for the commerce client: this shopper's handshake, quote and customer token. */
export async function commerceCaller(locale: Locale): Promise<CommerceCaller> {
  return { handshake: await ensureHandshake(locale), quote: currentQuote(), mage: getCookie(sessionCookies.mage) }
}

export async function createQuote(locale: Locale, regionId: string): Promise<string> {
  const caller = await commerceCaller(locale)
  const { quoteId } = await commerceClient(env, caller).request<{ quoteId: string }>('GET', `/cart/create?region=${regionId}`)
  rememberQuote(quoteId)
  return quoteId
}
