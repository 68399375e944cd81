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

const handshakeSeconds = /* @__PURE__ */ daysToSeconds(appConfig.cookies.handshakeDays)

/** The handshake (bearer) token, one per language. */
const handshakeCookie = (locale: Locale) => server(`mhs_${locale}`, handshakeSeconds)

/** The cart's quote id. */
const quoteCookie = /* @__PURE__ */ server('quote', handshakeSeconds)

/** The customer token; lives as long as the token. */
const mageCookie = /* @__PURE__ */ server('mage', null)

/** The sealed signed-in session (worker/storefront/sealed-session.ts); lives as long as the token. */
const sessionCookie = /* @__PURE__ */ server('session', null)

/** Proof of a verified phone between the code step and account creation. */
const phoneVerificationCookie = /* @__PURE__ */ server('phone_verification', appConfig.otp.registrationWindowSeconds)

/**
 * A staff member's console session (worker/console/staff-auth.ts): its own cookie, never a shopper's, SameSite=Strict
 * (no link from elsewhere arrives signed in); the session's idle and whole-shift limits are kept on the server.
 */
const staffSessionCookie = /* @__PURE__ */ { ...server('ops_session', null), sameSite: 'strict' } as const satisfies CookieSpec<'ops_session'>

/**
 * Where in D1's history the shopper's last change landed (docs/decisions/0029-reads-near-the-shopper.md): a read
 * replica answers their next reads only once it holds that change. Written by the Worker's entry, after a change.
 */
const d1BookmarkCookie = /* @__PURE__ */ server('d1_bookmark', appConfig.cookies.d1BookmarkSeconds)

/** A guest's proof that a failed payment's order was theirs, to re-add its items. */
const lastQuoteCookie = /* @__PURE__ */ server('last_quote', daysToSeconds(1))

/** The user summary a greeting needs (id, first name): nothing secret; lives with the session. */
export const userCookie = /* @__PURE__ */ browser('usr', null, 'server')

/** Signed out: the page sends the logout event 3 s later and drops it. */
export const signedOutCookie = /* @__PURE__ */ browser('out', 60, 'server')

/** The chosen city. */
export const regionCookie = /* @__PURE__ */ browser('region_id', handshakeSeconds)

/** The fast-delivery cities of the home content, comma-separated. */
export const fastDeliveryRegionsCookie = /* @__PURE__ */ browser('fdr_ids', handshakeSeconds)

export const mobileAppBannerCookie = /* @__PURE__ */ browser('mobile-app', appConfig.cookies.mobileAppBannerMaxAgeSeconds)

export const consentCookie = /* @__PURE__ */ browser('cookieConsent', appConfig.cookies.cookieConsentMaxAgeSeconds)

export const localeCookie = /* @__PURE__ */ browser('NEXT_LOCALE', appConfig.cookies.localeMaxAgeSeconds)

/** The email or phone typed during a code flow, offered again when the dialog reopens. */
export const emailPhoneCookie = /* @__PURE__ */ browser('email-phone', appConfig.cookies.emailPhoneSeconds)

/** The amount and method of an order paid on a provider's page, read back on return. */
export const amountCookie = /* @__PURE__ */ browser('amount', appConfig.cookies.paymentRoundTripSeconds)

export const paymentCookie = /* @__PURE__ */ browser('payment', appConfig.cookies.paymentRoundTripSeconds)

/** The registry, for server code and tests; browser code imports the single cookies it uses, so the rest stay out of its bundles. */
export const cookies = {
  handshake: handshakeCookie,
  quote: quoteCookie,
  mage: mageCookie,
  session: sessionCookie,
  phoneVerification: phoneVerificationCookie,
  lastQuote: lastQuoteCookie,
  d1Bookmark: d1BookmarkCookie,
  staffSession: staffSessionCookie,
  user: userCookie,
  signedOut: signedOutCookie,
  region: regionCookie,
  fastDeliveryRegions: fastDeliveryRegionsCookie,
  mobileAppBanner: mobileAppBannerCookie,
  consent: consentCookie,
  locale: localeCookie,
  emailPhone: emailPhoneCookie,
  amount: amountCookie,
  payment: paymentCookie,
} as const

/** What a sign-out, a forced sign-out or an expired session drops on the server. */
export const customerSessionCookies = [sessionCookie, mageCookie, quoteCookie] as const

/** The options a server jar writes a cookie with: always Secure, on the whole site. */
export function serverCookieOptions(cookie: CookieSpec, maxAgeSeconds = cookie.maxAgeSeconds) {
  return {
    httpOnly: cookie.httpOnly,
    secure: true,
    sameSite: cookie.sameSite,
    path: '/',
    ...(maxAgeSeconds === null ? {} : { maxAge: maxAgeSeconds }),
  }
}
