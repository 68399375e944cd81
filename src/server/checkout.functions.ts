/** Checkout server functions: the payment methods of the cart, and placing the order. */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import { env } from 'cloudflare:workers'
import { commerceClient } from '~/commerce/client'
import type { PlacedOrder } from '~/commerce/orders'
import type { PaymentMethod } from '~/commerce/payments'
import { commerceCaller, currentQuote } from './commerce-session.server'

const locale = "'ar' | 'en'"

export const getPaymentMethods = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(async ({ data }) => {
    if (!currentQuote()) return { data: { payments: [] as PaymentMethod[] }, error: null, status: 200 }
    return commerceClient(env, await commerceCaller(data.locale)).settle<{ payments: PaymentMethod[] }>('GET', '/cart/payment-methods')
  })

export const placeOrder = createServerFn({ method: 'POST' })
  .validator(type({ locale, email: 'string.email <= 254', method: "'cashondelivery' | 'card' | 'tabby' | 'tamara'" }))
  .handler(async ({ data }) =>
    commerceClient(env, await commerceCaller(data.locale)).settle<PlacedOrder>('POST', '/cart/placeOrder', {
      email: data.email,
      paymentMethod: { method: data.method },
    }),
  )
