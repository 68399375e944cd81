import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { Locale } from '../../app.config'
import { cookies } from '../../src/domain/cookies'

const isLocale = (value: string | undefined): value is Locale => value === 'ar' || value === 'en'

/** The shopper's language for an API answer: the query's lang/locale, else NEXT_LOCALE, else Arabic. */
export function requestLocale(c: Context): Locale {
  const fromQuery = c.req.query('lang') ?? c.req.query('locale')
  if (isLocale(fromQuery)) return fromQuery
  const fromCookie = getCookie(c, cookies.locale.name)
  return isLocale(fromCookie) ? fromCookie : 'ar'
}
