/**
 * The signed-in customer's changes to their account (docs/product.md, "Accounts"): the name, a new email or mobile
 * confirmed by a code sent to it, and the password. They load with the account page only. After a change the
 * session's cookies say the account as it is now, so the header greets the new name at once.
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import { env } from 'cloudflare:workers'
import type { SessionUser } from '~/commerce/accounts'
import { keepAccountChange } from '~/storefront/sign-in'
import type { Settled } from '../domain/settled'
import { locale, otpCode } from '../domain/schemas'
import { customerCall, startCookieJar } from './commerce-session.server'

/** A change the backend answered with the account as it is now: the session's cookies follow it. */
async function keepChange<T extends { user: SessionUser }>(result: Settled<T>): Promise<Settled<T>> {
  if (result.data) await keepAccountChange(env, startCookieJar(), result.data.user)
  return result
}

/** The bot check's token rides in its own bearer header, as the sign-in code's (docs/product.md, "Calls"). */
const botHeaders = (token: string) => ({ headers: { recaptcha: `Bearer ${token}` } })

export const updateName = createServerFn({ method: 'POST' })
  .validator(type({ locale, firstname: 'string <= 60', lastname: 'string <= 60' }))
  .handler(async ({ data }) =>
    keepChange(await customerCall(data, (api) => api.customer.me.$put({ json: { firstname: data.firstname, lastname: data.lastname } }))),
  )

export const sendEmailChangeCode = createServerFn({ method: 'POST' })
  .validator(type({ locale, email: 'string <= 254', recaptchaToken: 'string <= 4096' }))
  .handler(({ data }) =>
    customerCall(data, (api) => api.customer.me.email.code.$post({ json: { email: data.email } }, botHeaders(data.recaptchaToken))),
  )

export const confirmEmailChange = createServerFn({ method: 'POST' })
  .validator(type({ locale, email: 'string <= 254', code: otpCode }))
  .handler(async ({ data }) =>
    keepChange(await customerCall(data, (api) => api.customer.me.email.$post({ json: { email: data.email, otpcode: data.code } }))),
  )

export const sendMobileChangeCode = createServerFn({ method: 'POST' })
  .validator(type({ locale, mobile: 'string <= 20', recaptchaToken: 'string <= 4096' }))
  .handler(({ data }) =>
    customerCall(data, (api) => api.customer.me.mobile.code.$post({ json: { mobilenumber: data.mobile } }, botHeaders(data.recaptchaToken))),
  )

export const confirmMobileChange = createServerFn({ method: 'POST' })
  .validator(type({ locale, mobile: 'string <= 20', code: otpCode }))
  .handler(async ({ data }) =>
    keepChange(await customerCall(data, (api) => api.customer.me.mobile.$post({ json: { mobilenumber: data.mobile, otpcode: data.code } }))),
  )

/** The new password ends every other session; this one stays signed in (its token is the one kept). */
export const changePassword = createServerFn({ method: 'POST' })
  .validator(type({ locale, currentPassword: 'string <= 128', newPassword: 'string <= 128', confirmPassword: 'string <= 128' }))
  .handler(({ data: { locale: language, ...body } }) => customerCall({ locale: language }, (api) => api.customer.me.password.$post({ json: body })))
