/**
 * The signed-in session as every page reads it (docs/product.md, "Rules", Login and Logout). Apart from the sign-in
 * calls (auth.functions.ts), so the frame's bundle carries only the call it makes.
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import { env } from 'cloudflare:workers'
import type { SessionUser } from '~/commerce/accounts'
import { commerceClient } from '~/commerce/client'
import { unsealSession } from '~/storefront/sealed-session'
import { cookies } from '../domain/cookies'
import { locale } from '../domain/schemas'
import { sessionNeedsReset } from '../lib/session-rules'
import { clearCustomerSession, forceSignOut, shopperSession, startCookieJar } from './commerce-session.server'

export interface PublicSession {
  user: SessionUser
  expires: string
}

export const getSession = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(async ({ data }): Promise<PublicSession | null> => {
    const jar = startCookieJar()
    const stored = await unsealSession(env, jar.get(cookies.session))
    if (!stored) return null
    if (sessionNeedsReset(stored.expires, new Date())) {
      clearCustomerSession()
      return null
    }
    // A sealed session outlives a sign-out elsewhere (a saved cookie, another device): the backend says
    // whether its customer token is still good (one indexed read in process).
    const caller = await shopperSession(data.locale).caller()
    const check = await commerceClient(env, { ...caller, mage: stored.mage }).settle((api) => api.customer.checkifauth.$get())
    if (check.status === 401) {
      forceSignOut()
      return null
    }
    // The account as it is now: a name, email or mobile changed on another device shows here too (docs/product.md,
    // "Accounts"); the sealed copy only when the backend could not say.
    return { user: check.data?.user ?? stored.user, expires: stored.expires }
  })
