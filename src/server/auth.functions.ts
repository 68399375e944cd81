/**
 * Sign-in, registration, password reset and sign-out for the storefront (docs/product.md, "Rules", "Validation" and "Errors"). Every
 * input is validated here and again by the backend; the session is a sealed HttpOnly cookie, the
 * customer token also travels as the mage cookie until it expires. Reading the session is in session.functions.ts:
 * every page makes that call, and these load only with the sign-in dialogs.
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import { env } from 'cloudflare:workers'
import type { Locale } from '../../app.config'
import type { SessionUser } from '~/commerce/accounts'
import { passwordResetConfirmation, registrationFields } from '../domain/schemas'
import { commerceClient } from '~/commerce/client'
import type { Settled } from '../domain/settled'
import { sealSession } from '~/storefront/sealed-session'
import { cookies } from '../domain/cookies'
import { clearCustomerSession, shopperSession, startCookieJar } from './commerce-session.server'
import type { PublicSession } from './session.functions'
import { locale } from '../domain/schemas'

type SignedIn = { token: string; expires_at: string; user: SessionUser }

/** Stores the sign-in, then moves the guest cart into the customer's cart. */
async function signIn(language: Locale, signedIn: SignedIn): Promise<PublicSession> {
  const jar = startCookieJar()
  const maxAge = Math.max(0, Math.floor((Date.parse(signedIn.expires_at) - Date.now()) / 1000))
  jar.set(cookies.mage, signedIn.token, maxAge)
  jar.set(cookies.session, await sealSession(env, { user: signedIn.user, mage: signedIn.token, expires: signedIn.expires_at }), maxAge)
  // The stored user summary (spec's usr cookie): a greeting needs no request. Nothing secret in it.
  // The cookie helper encodes the value itself: encoding here too made it %257B... (encoded twice).
  jar.set(cookies.user, JSON.stringify({ id: signedIn.user.id, firstname: signedIn.user.firstname }), maxAge)
  jar.delete(cookies.signedOut)
  const session = shopperSession(language)
  const guestQuote = session.quote()
  const client = await session.client()
  if (guestQuote && !/^\d+$/.test(guestQuote)) {
    const merged = await client.settle((api) => api.cart.mergeMaskedQuote.$post({ json: { storeId: 1, customerId: signedIn.user.id } }))
    if (merged.data) session.rememberQuote(merged.data.quoteId)
    else session.forgetQuote()
  } else {
    const created = await client.settle((api) => api.cart.create.$get({ query: {} }))
    if (created.data) session.rememberQuote(created.data.quoteId)
  }
  return { user: signedIn.user, expires: signedIn.expires_at }
}

export const loginWithPassword = createServerFn({ method: 'POST' })
  .validator(type({ locale, username: 'string <= 254', password: 'string <= 128', recaptchaToken: 'string <= 4096' }))
  .handler(async ({ data }): Promise<Settled<PublicSession>> => {
    const client = await shopperSession(data.locale).client()
    const result = await client.settle((api) =>
      api.customer.login.$post({
        json: {
          username: data.username,
          password: data.password,
          recaptchaToken: data.recaptchaToken,
        },
      }),
    )
    if (!result.data) return { data: null, error: result.error, status: result.status }
    return { data: await signIn(data.locale, result.data), error: null, status: 200 }
  })

export const sendCode = createServerFn({ method: 'POST' })
  .validator(type({ locale, identifier: 'string <= 254', purpose: "'login' | 'register'", recaptchaToken: 'string <= 4096', 'resend?': 'boolean' }))
  .handler(async ({ data }) => {
    const session = shopperSession(data.locale)
    const caller = await session.caller()
    const isEmail = data.identifier.includes('@')
    // The bot-check token rides in its own bearer header (docs/product.md, "Calls").
    return commerceClient(env, caller).settle((api) =>
      api.customer.v2.otpSend.$post(
        {
          json: {
            mobilenumber: isEmail ? '' : data.identifier,
            email: isEmail ? data.identifier : '',
            otptype: data.purpose,
            resendotp: Boolean(data.resend),
            oldmobile: '',
          },
        },
        { headers: { recaptcha: `Bearer ${data.recaptchaToken}`, appname: 'Bearer next' } },
      ),
    )
  })

export const verifyCode = createServerFn({ method: 'POST' })
  .validator(type({ locale, identifier: 'string <= 254', purpose: "'login' | 'register'", code: 'string <= 12' }))
  .handler(async ({ data }): Promise<Settled<PublicSession | { verified: true }>> => {
    const client = await shopperSession(data.locale).client()
    const isEmail = data.identifier.includes('@')
    const result = await client.settle((api) =>
      api.customer.v2.otpVerfiy.$post({
        json: {
          mobilenumber: isEmail ? '' : data.identifier,
          email: isEmail ? data.identifier : '',
          otpcode: data.code,
          otptype: data.purpose,
          oldmobile: '',
        },
      }),
    )
    if (!result.data) return { data: null, error: result.error, status: result.status }
    if (data.purpose === 'login' && result.data.user && result.data.expires_at) {
      return {
        data: await signIn(data.locale, { token: result.data.token, expires_at: result.data.expires_at, user: result.data.user }),
        error: null,
        status: 200,
      }
    }
    startCookieJar().set(cookies.phoneVerification, result.data.token)
    return { data: { verified: true }, error: null, status: 200 }
  })

export const registerAccount = createServerFn({ method: 'POST' })
  .validator(registrationFields.merge({ locale }))
  .handler(async ({ data: { locale: language, ...fields } }) => {
    const jar = startCookieJar()
    const client = await shopperSession(language).client()
    const result = await client.settle((api) =>
      api.customer.register.$post({
        json: {
          ...fields,
          token: jar.get(cookies.phoneVerification) ?? '',
          profile_picture: null,
          dateOfBirth: null,
          gender: 0,
        },
      }),
    )
    if (result.data) jar.delete(cookies.phoneVerification)
    return result
  })

export const sendPasswordReset = createServerFn({ method: 'POST' })
  .validator(type({ locale, email: 'string <= 254', recaptchaToken: 'string <= 4096' }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) =>
      api.customer.forgot['send-token'].$post({
        json: {
          email: data.email,
          recaptchaToken: data.recaptchaToken,
        },
      }),
    ),
  )

export const confirmPasswordReset = createServerFn({ method: 'POST' })
  .validator(passwordResetConfirmation.merge({ locale }))
  .handler(async ({ data: { locale: language, ...body } }) =>
    (await shopperSession(language).client()).settle((api) => api.customer.forgot.confirm.$post({ json: body })),
  )

export const logout = createServerFn({ method: 'POST' })
  .validator(type({ locale }))
  .handler(async ({ data }) => {
    const client = await shopperSession(data.locale).client()
    await client.settle((api) => api.customer.logout.$post())
    clearCustomerSession()
    const jar = startCookieJar()
    // docs/product.md, "Rules": a sign-out also forgets the city; out=true marks it, and the page sends the logout
    // event 3 s later.
    jar.delete(cookies.region)
    jar.set(cookies.signedOut, 'true')
    return { ok: true }
  })
