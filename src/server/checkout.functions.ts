/** Checkout server functions: the payment methods of the cart, and placing the order. */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import type { PlacedOrder } from '~/commerce/orders'
import type { PaymentMethod } from '~/commerce/payments'
import { env } from 'cloudflare:workers'
import { commerceClient } from '~/commerce/client'
import { shopperSession, startCookieJar } from './commerce-session.server'
import { cookies } from '../domain/cookies'
import { locale } from '../domain/schemas'



export const getPaymentMethods = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(async ({ data }) => {
    if (!shopperSession(data.locale).quote()) return { data: { payments: [] as PaymentMethod[] }, error: null, status: 200 }
    return (await shopperSession(data.locale).client()).settle<{ payments: PaymentMethod[] }>('GET', '/cart/payment-methods')
  })

export const placeOrder = createServerFn({ method: 'POST' })
  .validator(type({ locale, email: 'string.email <= 254', method: "'cashondelivery' | 'card' | 'tabby' | 'tamara'" }))
  .handler(async ({ data }) => {
    const session = shopperSession(data.locale)
    const quote = session.quote()
    // Proof, for a guest, that a failed card payment's order was theirs (to re-add its items).
    if (quote) startCookieJar().set(cookies.lastQuote, quote)
    return (await session.client()).settle<PlacedOrder>('POST', '/cart/placeOrder', { email: data.email, paymentMethod: { method: data.method } })
  })

/** docs/product.md, "Screens": returning with order_id re-adds that order's items to the active cart. */
export const reactivateOrder = createServerFn({ method: 'POST' })
  .validator(type({ locale, orderId: '1 <= number.integer <= 1000000000' }))
  .handler(async ({ data }) => {
    const session = shopperSession(data.locale)
    const caller = await session.caller()
    const jar = startCookieJar()
    const result = await commerceClient(env, { ...caller, quote: jar.get(cookies.lastQuote) ?? caller.quote }).settle<{ data: { cart_id: string } }>('POST', '/cart/active', {
      order_id: data.orderId,
    })
    if (result.data) session.rememberQuote(result.data.data.cart_id)
    return result
  })

/**
 * The order a confirmation page names, only for its buyer (docs/product.md, "Checkout"): a guest proves it by the
 * cart that placed it (the last_quote cookie kept at placing, else the current quote), a customer by their token.
 */
export const getOrderConfirmation = createServerFn({ method: 'GET' })
  .validator(type({ locale, increment: /^MJ\d{8,20}$/ }))
  .handler(async ({ data }) => {
    const caller = await shopperSession(data.locale).caller()
    const quote = startCookieJar().get(cookies.lastQuote) ?? caller.quote
    return commerceClient(env, { ...caller, quote }).settle<PlacedOrder>('GET', `/cart/order/${data.increment}`)
  })
