/** Checkout server functions: the payment methods of the cart, and placing the order. */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import type { PlacedOrder } from '~/commerce/orders'
import type { PaymentMethod } from '~/commerce/payments'
import { shopperSession } from './commerce-session.server'

const locale = "'ar' | 'en'"

export const getPaymentMethods = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(async ({ data }) => {
    if (!shopperSession(data.locale).quote()) return { data: { payments: [] as PaymentMethod[] }, error: null, status: 200 }
    return (await shopperSession(data.locale).client()).settle<{ payments: PaymentMethod[] }>('GET', '/cart/payment-methods')
  })

export const placeOrder = createServerFn({ method: 'POST' })
  .validator(type({ locale, email: 'string.email <= 254', method: "'cashondelivery' | 'card' | 'tabby' | 'tamara'" }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle<PlacedOrder>('POST', '/cart/placeOrder', {
      email: data.email,
      paymentMethod: { method: data.method },
    }),
  )
