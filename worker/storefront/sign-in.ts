/**
 * A sign-in as the storefront keeps it, shared by every way in: password, one-time code and a new account
 * (docs/product.md, "Accounts"). The customer token and the sealed session go into the same cookies whichever
 * jar writes them (server functions or the /api routes), the guest cart is moved into the customer's, and the
 * city the header should show now is worked out from the account (docs/product.md, "Accounts", "The city follows
 * the account").
 */
import type { RegionId } from '../../app.config'
import { cookies } from '../../src/domain/cookies'
import { cityAfterSignIn, regionFrom } from '../../src/domain/region'
import type { SessionUser } from '../commerce/accounts'
import { sealSession, unsealSession } from './sealed-session'
import type { CookieJar, storefrontSession } from './session'

export interface SignedIn {
  token: string
  expires_at: string
  user: SessionUser
}

export interface SignInAnswer {
  user: SessionUser
  expires: string
  /** The city the shopper's header should change to, or null to leave it as it is. */
  city: RegionId | null
}

/** The cookies of a sign-in: the customer token, the sealed session and the greeting's user summary, all as long as the token. */
async function keepSignedIn(env: Env, jar: CookieJar, signedIn: SignedIn): Promise<void> {
  const maxAge = Math.max(0, Math.floor((Date.parse(signedIn.expires_at) - Date.now()) / 1000))
  jar.set(cookies.mage, signedIn.token, maxAge)
  jar.set(cookies.session, await sealSession(env, { user: signedIn.user, mage: signedIn.token, expires: signedIn.expires_at }), maxAge)
  // The stored user summary (spec's usr cookie): a greeting needs no request. Nothing secret in it.
  // The cookie helper encodes the value itself: encoding here too made it %257B... (encoded twice).
  jar.set(cookies.user, JSON.stringify({ id: signedIn.user.id, firstname: signedIn.user.firstname }), maxAge)
}

/**
 * After the customer changed their account (name, email, mobile; docs/product.md, "Accounts"): the session's cookies
 * say the account as it is now, with the same token and expiry. Nothing when no one is signed in.
 */
export async function keepAccountChange(env: Env, jar: CookieJar, user: SessionUser): Promise<void> {
  const stored = await unsealSession(env, jar.get(cookies.session))
  if (stored && stored.user.id === user.id) await keepSignedIn(env, jar, { token: stored.mage, expires_at: stored.expires, user })
}

/** Stores the sign-in, then moves the guest cart into the customer's cart and says which city now applies. */
export async function signInShopper(
  env: Env,
  jar: CookieJar,
  session: ReturnType<typeof storefrontSession>,
  signedIn: SignedIn,
): Promise<SignInAnswer> {
  await keepSignedIn(env, jar, signedIn)
  jar.delete(cookies.signedOut)
  const guestQuote = session.quote()
  const client = await session.client()
  let cart: { regionId: number; lines: number } | null = null
  if (guestQuote && !/^\d+$/.test(guestQuote)) {
    const merged = await client.settle((api) => api.cart.mergeMaskedQuote.$post({ json: { storeId: 1, customerId: signedIn.user.id } }))
    if (merged.data) {
      session.rememberQuote(merged.data.quoteId)
      cart = { regionId: merged.data.cart.region_id, lines: merged.data.cart.cartItems.length }
    } else session.forgetQuote()
  } else {
    const created = await client.settle((api) => api.cart.create.$get({ query: {} }))
    if (created.data) {
      session.rememberQuote(created.data.quoteId)
      const read = await (await session.client()).settle((api) => api.cart.$get())
      if (read.data) cart = { regionId: read.data.cart.region_id, lines: read.data.cart.cartItems.length }
    }
  }
  const chosen = regionFrom(jar.get(cookies.region))
  // The default address is asked for only when it can decide: no city chosen and nothing in the cart.
  let defaultAddressRegion: number | null = null
  if (chosen === null && !(cart && cart.lines > 0)) {
    const saved = await client.settle((api) => api.customer.addresses.$get())
    defaultAddressRegion = saved.data?.addresses.find((a) => a.is_default)?.address.regionId ?? null
  }
  return { user: signedIn.user, expires: signedIn.expires_at, city: cityAfterSignIn({ chosen, cart, defaultAddressRegion }) }
}
