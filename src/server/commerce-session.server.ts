/** The commerce session for server functions: Start's cookie helpers behind the shared CookieJar. */
import { deleteCookie, getCookie, getRequest, setCookie } from '@tanstack/react-start/server'
import { env } from 'cloudflare:workers'
import type { ClientResponse } from 'hono/client'
import type { Locale } from '../../app.config'
import type { DirectCall } from '~/commerce/client'
import { clientIp } from '~/http/client-ip'
import { storefrontSession, type CookieJar } from '~/storefront/session'
import { cookies, customerSessionCookies, serverCookieOptions } from '../domain/cookies'
import { isUnauthorized } from '../domain/session-end'
import type { Settled } from '../domain/settled'
import { m } from '../paraglide/messages.js'

/** Cookies written during a request: its Cookie header does not have them yet. */
const written = new WeakMap<Request, Map<string, string | null>>()

export function startCookieJar(): CookieJar {
  const request = getRequest()
  const pending = written.get(request) ?? new Map<string, string | null>()
  written.set(request, pending)
  return {
    get: ({ name }) => (pending.has(name) ? (pending.get(name) ?? undefined) : getCookie(name)),
    set: (cookie, value, maxAgeSeconds) => {
      pending.set(cookie.name, value)
      setCookie(cookie.name, value, serverCookieOptions(cookie, maxAgeSeconds))
    },
    delete: ({ name }) => {
      pending.set(name, null)
      deleteCookie(name, { path: '/' })
    },
  }
}

export function shopperSession(locale: Locale) {
  const request = getRequest()
  const session = storefrontSession(
    env,
    startCookieJar(),
    locale,
    clientIp((name) => request.headers.get(name) ?? undefined),
    new URL(request.url).origin,
  )
  return {
    ...session,
    /** The commerce client, its "not authorized" told in the shopper's language (src/domain/session-end.ts). */
    async client() {
      const client = await session.client()
      const settle: typeof client.settle = async (call) => {
        const result = await client.settle(call)
        return result.error && isUnauthorized(result.error)
          ? { ...result, error: { ...result.error, message: m.session_ended({}, { locale }) } }
          : result
      }
      return { ...client, settle }
    },
  }
}

/**
 * docs/product.md, "Errors": the backend's "not authorized" (src/domain/session-end.ts) forces a logout:
 * the session, the customer token and the quote are dropped.
 */
export function endCustomerSessionIfUnauthorized(result: Pick<Settled<unknown>, 'error' | 'status'>): boolean {
  if (!isUnauthorized(result.error)) return false
  forceSignOut()
  return true
}

/** A call on the signed-in customer's behalf: a "not authorized" ends the session (docs/product.md, "Errors"). */
export async function customerCall<R extends ClientResponse<unknown, number, string>>(data: { locale: Locale }, call: DirectCall<R>) {
  const result = await (await shopperSession(data.locale).client()).settle(call)
  endCustomerSessionIfUnauthorized(result)
  return result
}

/**
 * A forced sign-out (docs/product.md, "Errors"): the session's cookies go here; out=forced tells the page to clear
 * its local and session storage and say why (src/components/SessionSignals.tsx).
 */
export function forceSignOut() {
  clearCustomerSession()
  startCookieJar().set(cookies.signedOut, 'forced')
}

/** Drops everything a signed-in shopper had (docs/product.md, "Rules", Logout). */
export function clearCustomerSession() {
  const jar = startCookieJar()
  for (const cookie of customerSessionCookies) jar.delete(cookie)
}
