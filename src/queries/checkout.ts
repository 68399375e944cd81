/**
 * Checkout (docs/product.md, "Checkout"): the cart's payment and shipping methods, verifying the mobile, placing the
 * order, its confirmation, and putting a failed payment's items back into the active cart, over
 * src/server/checkout.functions.ts.
 */
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../app.config'
import type { CheckoutDetails } from '../domain/checkout'
import type { ShippingCode } from '../domain/shipping'
import { m } from '../paraglide/messages.js'
import { getCart } from '../server/cart.functions'
import {
  getOrderConfirmation,
  getPaymentMethods,
  getShippingMethods,
  placeOrder,
  reactivateOrder,
  sendCheckoutCode,
  setShippingMethod,
  verifyCheckoutCode,
} from '../server/checkout.functions'
import { cartQueries, useCartMutation } from './cart'
import { useServerAction } from './server-action'

import type { PaymentCode } from '../domain/order'
export type { PaymentCode }

export const checkoutQueries = {
  /** Keyed by the cart's version: a changed cart may change what may be paid with. */
  paymentMethods: (locale: Locale, cartVersion: number | undefined) =>
    queryOptions({
      queryKey: ['payment-methods', locale, cartVersion],
      queryFn: () => getPaymentMethods({ data: { locale } }),
      enabled: cartVersion !== undefined,
      // While a changed cart's methods load, the last ones stay on screen (and the chosen one stays chosen).
      placeholderData: keepPreviousData,
    }),
  /** Keyed by the cart's version too: the total decides free delivery, the items where they may go. */
  shippingMethods: (locale: Locale, cartVersion: number | undefined) =>
    queryOptions({
      queryKey: ['shipping-methods', locale, cartVersion],
      queryFn: () => getShippingMethods({ data: { locale } }),
      enabled: cartVersion !== undefined,
      // A verified mobile changes the cart's version: the dates must not vanish (and the chosen one reset) meanwhile.
      placeholderData: keepPreviousData,
    }),
  /** The order a confirmation link names, answered only to its buyer; read in the browser, where the cookies are. */
  confirmation: (locale: Locale, increment: string | undefined) =>
    queryOptions({
      queryKey: ['order-confirmation', locale, increment],
      queryFn: () => getOrderConfirmation({ data: { locale, increment: increment! } }),
      enabled: typeof window !== 'undefined' && increment !== undefined,
      staleTime: Infinity,
    }),
}

export const usePlaceOrder = () =>
  useServerAction((input: { checkout: CheckoutDetails; method: PaymentCode }, locale) =>
    placeOrder({ data: { checkout: input.checkout, method: input.method, locale } }),
  )

/** Choosing a shipping method re-prices the cart's delivery. */
export const useSetShippingMethod = () =>
  useCartMutation((code: ShippingCode, locale) => setShippingMethod({ data: { locale, code } }), { fallbackError: () => m.error_internal() })

export const useSendCheckoutCode = () => useServerAction((mobile: string, locale) => sendCheckoutCode({ data: { locale, mobile } }))

/** A right code answers the cart with the number among its verified `mobiles`. */
export const useVerifyCheckoutCode = () =>
  useCartMutation((input: { mobile: string; code: string }, locale) => verifyCheckoutCode({ data: { locale, ...input } }), {
    fallbackError: () => m.otp_attempt_failed(),
    inlineError: true,
  })

/**
 * Re-adds a (failed) order's items to the active cart and puts that cart in the cache: a cart read
 * already under way for the old quote must not win.
 */
export function useReactivateOrder() {
  const queryClient = useQueryClient()
  return useServerAction((orderNumber: string, locale) => reactivateOrder({ data: { locale, orderNumber } }), {
    onSettled: async (result, _, locale) => {
      if (!result.data) return
      const key = cartQueries.current(locale).queryKey
      await queryClient.cancelQueries({ queryKey: key })
      queryClient.setQueryData(key, await getCart({ data: { locale } }))
    },
  })
}
