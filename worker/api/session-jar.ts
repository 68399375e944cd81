/** The storefront session for Hono routes: hono/cookie behind the shared CookieJar. */
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { serverCookieOptions } from '../../src/domain/cookies'
import { storefrontSession, type CookieJar } from '../storefront/session'
import { requestLocale } from './locale'
import { clientIp } from '../http/client-ip'

export function honoCookieJar(c: Context): CookieJar {
  const pending = new Map<string, string | null>()
  return {
    get: ({ name }) => (pending.has(name) ? (pending.get(name) ?? undefined) : getCookie(c, name)),
    set: (cookie, value, maxAgeSeconds) => {
      pending.set(cookie.name, value)
      const options = serverCookieOptions(cookie, maxAgeSeconds)
      setCookie(c, cookie.name, value, { ...options, sameSite: options.sameSite === 'strict' ? 'Strict' : 'Lax' })
    },
    delete: ({ name }) => {
      pending.set(name, null)
      deleteCookie(c, name, { path: '/' })
    },
  }
}

/** `jar`: the request's jar when the route also writes cookies itself, so each sees what the other wrote. */
export function apiSession(c: Context<{ Bindings: Env }>, jar: CookieJar = honoCookieJar(c)) {
  return storefrontSession(
    c.env,
    jar,
    requestLocale(c),
    clientIp((name) => c.req.header(name)),
    new URL(c.req.url).origin,
  )
}
