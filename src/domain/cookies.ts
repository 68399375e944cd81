/**
 * Every cookie the store sets, in one registry (docs/product.md, "Cookies and what the browser keeps"):
 * its name, its lifetime (from app.config.ts), whether scripts may read it, and who writes it. The
 * server's cookie jars (src/server/commerce-session.server.ts, worker/api/session-jar.ts) and the
 * browser helpers (src/lib/browser-cookies.ts) take names and options from here and nowhere else.
 */
import { appConfig, type Locale } from '../../app.config'
import { daysToSeconds } from './time'

export interface CookieSpec<Name extends string = string> {
  name: Name
  /** Seconds; null when each write gives its own (a lifetime that follows a token's expiry). */
  maxAgeSeconds: number | null
  /** HttpOnly: the browser's scripts can neither read nor change it. */
  httpOnly: boolean
  sameSite: 'lax' | 'strict'
  /** Who writes it: the server's jars only set server cookies, the browser helpers only browser cookies. */
  writtenBy: 'server' | 'browser'
}

const server = <Name extends string>(name: Name, maxAgeSeconds: number | null) =>
  ({ name, maxAgeSeconds, httpOnly: true, sameSite: 'lax', writtenBy: 'server' }) as const satisfies CookieSpec<Name>
/** Readable by the page's scripts; most are written there too, a few (the server's signals) by the server. */
const browser = <Name extends string, By extends 'server' | 'browser' = 'browser'>(name: Name, maxAgeSeconds: number | null, writtenBy?: By) =>
  ({ name, maxAgeSeconds, httpOnly: false, sameSite: 'lax', writtenBy: (writtenBy ?? 'browser') as By }) as const satisfies CookieSpec<Name>

const handshakeSeconds = daysToSeconds(appConfig.cookies.handshakeDays)

export const cookies = {
  /** The handshake (bearer) token, one per language. */
  handshake: (locale: Locale) => server(`mhs_${locale}`, handshakeSeconds),
  /** The cart's quote id. */
  quote: server('quote', handshakeSeconds),
  /** The customer token; lives as long as the token. */
  mage: server('mage', null),
  /** The sealed signed-in session (worker/storefront/sealed-session.ts); lives as long as the token. */
  session: server('session', null),
  /** Proof of a verified phone between the code step and account creation. */
  phoneVerification: server('phone_verification', appConfig.otp.registrationWindowSeconds),
  /** A guest's proof that a failed payment's order was theirs, to re-add its items. */
  lastQuote: server('last_quote', daysToSeconds(1)),
  /** The user summary a greeting needs (id, first name): nothing secret; lives with the session. */
  user: browser('usr', null, 'server'),
  /** Signed out: the page sends the logout event 3 s later and drops it. */
  signedOut: browser('out', 60, 'server'),
  /** The chosen city. */
  region: browser('region_id', handshakeSeconds),
  /** The fast-delivery cities of the home content, comma-separated. */
  fastDeliveryRegions: browser('fdr_ids', handshakeSeconds),
  mobileAppBanner: browser('mobile-app', appConfig.cookies.mobileAppBannerMaxAgeSeconds),
  consent: browser('cookieConsent', appConfig.cookies.cookieConsentMaxAgeSeconds),
  locale: browser('NEXT_LOCALE', appConfig.cookies.localeMaxAgeSeconds),
  /** The email or phone typed during a code flow, offered again when the dialog reopens. */
  emailPhone: browser('email-phone', appConfig.cookies.emailPhoneSeconds),
  /** The amount and method of an order paid on a provider's page, read back on return. */
  amount: browser('amount', appConfig.cookies.paymentRoundTripSeconds),
  payment: browser('payment', appConfig.cookies.paymentRoundTripSeconds),
} as const

/** What a sign-out, a forced sign-out or an expired session drops on the server. */
export const customerSessionCookies = [cookies.session, cookies.mage, cookies.quote] as const

/** The options a server jar writes a cookie with: always Secure, on the whole site. */
export function serverCookieOptions(cookie: CookieSpec, maxAgeSeconds = cookie.maxAgeSeconds) {
  return { httpOnly: cookie.httpOnly, secure: true, sameSite: cookie.sameSite, path: '/', ...(maxAgeSeconds === null ? {} : { maxAge: maxAgeSeconds }) }
}
