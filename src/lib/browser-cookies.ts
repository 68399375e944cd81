/**
 * Cookies in the browser, by their entry in the registry (src/domain/cookies.ts): the name, lifetime
 * and SameSite come from there. HttpOnly cookies are the server's and cannot be touched from here.
 */
import type { CookieSpec } from '../domain/cookies'

export function readBrowserCookie(cookie: CookieSpec): string | undefined {
  const prefix = `${cookie.name}=`
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length))
  }
  return undefined
}

export function writeBrowserCookie(cookie: CookieSpec & { writtenBy: 'browser' }, value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  const maxAge = cookie.maxAgeSeconds === null ? '' : `; Max-Age=${cookie.maxAgeSeconds}`
  document.cookie = `${cookie.name}=${encodeURIComponent(value)}; Path=/${maxAge}; SameSite=${cookie.sameSite === 'strict' ? 'Strict' : 'Lax'}${secure}`
}

/** Drops a cookie scripts may see (the server's signals once acted on included). */
export function deleteBrowserCookie(cookie: CookieSpec & { httpOnly: false }): void {
  document.cookie = `${cookie.name}=; Path=/; Max-Age=0; SameSite=Lax`
}
