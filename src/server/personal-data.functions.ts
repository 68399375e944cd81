/**
 * The signed-in shopper's own data (docs/product.md, "Your data"): everything kept about the account, the code that
 * confirms closing it, and the closing, which ends the session here as a sign-out does. They load with /user/data.
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import { cookies } from '../domain/cookies'
import { locale, otpCode } from '../domain/schemas'
import { clearCustomerSession, customerCall, startCookieJar } from './commerce-session.server'

export const getMyData = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(({ data }) => customerCall(data, (api) => api.customer.me.data.$get()))

export const sendCloseCode = createServerFn({ method: 'POST' })
  .validator(type({ locale, recaptchaToken: 'string <= 4096' }))
  .handler(({ data }) =>
    customerCall(data, (api) => api.customer.me.close.code.$post({}, { headers: { recaptcha: `Bearer ${data.recaptchaToken}` } })),
  )

export const closeMyAccount = createServerFn({ method: 'POST' })
  .validator(type({ locale, code: otpCode }))
  .handler(async ({ data }) => {
    const result = await customerCall(data, (api) => api.customer.me.close.$post({ json: { otpcode: data.code } }))
    if (result.data) {
      // The account is gone: its cookies go as a sign-out's do (docs/product.md, "Accounts").
      clearCustomerSession()
      const jar = startCookieJar()
      jar.delete(cookies.region)
      jar.set(cookies.signedOut, 'true')
    }
    return result
  })
