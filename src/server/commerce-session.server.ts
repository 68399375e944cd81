/** The commerce session for server functions: Start's cookie helpers behind the shared CookieJar. */
import { deleteCookie, getCookie, getRequest, setCookie } from '@tanstack/react-start/server'
import { env } from 'cloudflare:workers'
import type { Locale } from '../../app.config'
import { storefrontSession, type CookieJar } from '~/storefront/session'

/** Cookies written during a request: its Cookie header does not have them yet. */
const written = new WeakMap<Request, Map<string, string | null>>()

export function startCookieJar(): CookieJar {
  const request = getRequest()
  const pending = written.get(request) ?? new Map<string, string | null>()
  written.set(request, pending)
  return {
    get: (name) => (pending.has(name) ? (pending.get(name) ?? undefined) : getCookie(name)),
    set: (name, value, options) => {
      pending.set(name, value)
      setCookie(name, value, options)
    },
    delete: (name) => {
      pending.set(name, null)
      deleteCookie(name, { path: '/' })
    },
  }
}

export function shopperSession(locale: Locale) {
  return storefrontSession(env, startCookieJar(), locale)
}
