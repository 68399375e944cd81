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
import { otpCode, passwordResetConfirmation, registrationFields } from '../domain/schemas'
import { commerceClient } from '~/commerce/client'
import type { Settled } from '../domain/settled'
import { signInShopper, type SignedIn, type SignInAnswer } from '~/storefront/sign-in'
import { cookies } from '../domain/cookies'
import { clearCustomerSession, shopperSession, startCookieJar } from './commerce-session.server'
import { locale } from '../domain/schemas'

/** Stores the sign-in, moves the guest cart into the customer's and says which city now applies (worker/storefront/sign-in.ts). */
function signIn(language: Locale, signedIn: SignedIn): Promise<SignInAnswer> {
  return signInShopper(env, startCookieJar(), shopperSession(language), signedIn)
}

export const loginWithPassword = createServerFn({ method: 'POST' })
  .validator(type({ locale, username: 'string <= 254', password: 'string <= 128', recaptchaToken: 'string <= 4096' }))
  .handler(async ({ data }): Promise<Settled<SignInAnswer>> => {
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
  .validator(
    type({
      locale,
      identifier: 'string <= 254',
      purpose: "'login' | 'register'",
      recaptchaToken: 'string <= 4096',
      'resend?': 'boolean',
      'channel?': "'sms' | 'whatsapp'",
    }),
  )
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
            ...(data.channel && !isEmail ? { channel: data.channel } : {}),
          },
        },
        { headers: { recaptcha: `Bearer ${data.recaptchaToken}`, appname: 'Bearer next' } },
      ),
    )
  })

export const verifyCode = createServerFn({ method: 'POST' })
  .validator(type({ locale, identifier: 'string <= 254', purpose: "'login' | 'register'", code: 'string <= 12' }))
  .handler(async ({ data }): Promise<Settled<SignInAnswer | { verified: true }>> => {
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
  .handler(async ({ data: { locale: language, ...fields } }): Promise<Settled<SignInAnswer>> => {
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
    if (!result.data) return { data: null, error: result.error, status: result.status }
    jar.delete(cookies.phoneVerification)
    // A new account is signed in as a sign-in is (docs/product.md, "Accounts"): no second sign-in after registering.
    const { token, expires_at, user } = result.data
    return { data: await signIn(language, { token, expires_at, user }), error: null, status: 200 }
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

/** The emailed code checked before the new password is asked for; a right one answers the token the confirmation takes. */
export const checkPasswordReset = createServerFn({ method: 'POST' })
  .validator(type({ locale, email: 'string <= 254', code: otpCode }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) =>
      api.customer.forgot.verify.$post({ json: { email: data.email, resetToken: data.code } }),
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
