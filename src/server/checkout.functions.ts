/**
 * Checkout server functions (docs/product.md, "Checkout"): the cart's payment and shipping methods, the delivery
 * dates, verifying the mobile by code, placing the order and reading its confirmation. They load only with /checkout.
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import { orderNumber, paymentCodes, type PaymentMethod } from '../domain/order'
import { env } from 'cloudflare:workers'
import { commerceClient } from '~/commerce/client'
import { shopperSession, startCookieJar } from './commerce-session.server'
import { cookies } from '../domain/cookies'
import { formatDisplayDate } from '../domain/dates'
import { checkoutDetails, locale } from '../domain/schemas'
import { shippingCodes, type ShippingChoice } from '../domain/shipping'

export const getShippingMethods = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(async ({ data }) => {
    if (!shopperSession(data.locale).quote()) return { data: { shipping_methods: [] as ShippingChoice[] }, error: null, status: 200 }
    const result = await (await shopperSession(data.locale).client()).settle((api) => api.cart['shipping-methods'].$get())
    if (!result.data) return { ...result, data: null }
    // Dates in the page's language, formatted here: a browser's first date formatter costs ~20 ms.
    const shipping_methods = result.data.shipping_methods.map((method): ShippingChoice => ({
      ...method,
      dates: method.dates.map((d) => ({ ...d, label: formatDisplayDate(d.Date, data.locale) })),
    }))
    return { ...result, data: { shipping_methods } }
  })

export const setShippingMethod = createServerFn({ method: 'POST' })
  .validator(type({ locale, code: type.enumerated(...shippingCodes) }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) => api.cart['shipping-method'].$put({ json: { code: data.code } })),
  )

/**
 * Sends a code to the mobile the order will be placed with (the spec's checkout "telephone" action), behind the bot
 * check, whose token rides in its own bearer header as for the sign-in code (docs/product.md, "Calls").
 */
export const sendCheckoutCode = createServerFn({ method: 'POST' })
  .validator(type({ locale, mobile: 'string <= 20', recaptchaToken: 'string <= 4096', 'channel?': "'sms' | 'whatsapp'" }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) =>
      api.cart.telephone.$post(
        { json: { mobilenumber: data.mobile, ...(data.channel ? { channel: data.channel } : {}) } },
        { headers: { recaptcha: `Bearer ${data.recaptchaToken}` } },
      ),
    ),
  )

/** The spec's "verify mobile": a right code marks the number verified (the cart's `mobiles`). */
export const verifyCheckoutCode = createServerFn({ method: 'POST' })
  .validator(type({ locale, mobile: 'string <= 20', code: 'string <= 20' }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) =>
      api.cart['verify-mobile'].$post({
        json: {
          mobilenumber: data.mobile,
          otpcode: data.code,
        },
      }),
    ),
  )

export const getPaymentMethods = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(async ({ data }) => {
    if (!shopperSession(data.locale).quote()) return { data: { payments: [] as PaymentMethod[] }, error: null, status: 200 }
    return (await shopperSession(data.locale).client()).settle((api) => api.cart['payment-methods'].$get())
  })

export const placeOrder = createServerFn({ method: 'POST' })
  .validator(type({ locale, checkout: checkoutDetails, method: type.enumerated(...paymentCodes) }))
  .handler(async ({ data }) => {
    const session = shopperSession(data.locale)
    const quote = session.quote()
    // Proof, for a guest, that the order was theirs: its confirmation, and a failed card payment's re-add.
    if (quote) startCookieJar().set(cookies.lastQuote, quote)
    return (await session.client()).settle((api) =>
      api.cart.placeOrder.$post({
        json: {
          checkout: data.checkout,
          paymentMethod: { method: data.method },
        },
      }),
    )
  })

/** docs/product.md, "Screens": returning with order_id re-adds that order's items to the active cart. */
export const reactivateOrder = createServerFn({ method: 'POST' })
  .validator(type({ locale, orderNumber }))
  .handler(async ({ data }) => {
    const session = shopperSession(data.locale)
    const caller = await session.caller()
    const jar = startCookieJar()
    // The cart that placed the order proves it was the guest's (last_quote); the items join the cart in use now.
    const result = await commerceClient(env, { ...caller, quote: jar.get(cookies.lastQuote) ?? caller.quote }).settle((api) =>
      api.cart.active.$post({ json: { order_id: data.orderNumber, ...(caller.quote ? { cart_id: caller.quote } : {}) } }),
    )
    if (result.data) session.rememberQuote(result.data.data.cart_id)
    return result
  })

/**
 * The order a confirmation page names, only for its buyer (docs/product.md, "Checkout"): a guest proves it by the
 * cart that placed it (the last_quote cookie kept at placing, else the current quote), a customer by their token.
 */
export const getOrderConfirmation = createServerFn({ method: 'GET' })
  .validator(type({ locale, increment: orderNumber }))
  .handler(async ({ data }) => {
    const caller = await shopperSession(data.locale).caller()
    const quote = startCookieJar().get(cookies.lastQuote) ?? caller.quote
    return commerceClient(env, { ...caller, quote }).settle((api) =>
      api.cart.order[':increment'].$get({ param: { increment: String(data.increment) } }),
    )
  })
