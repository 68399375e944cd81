/**
 * Checkout (docs/product.md, "Checkout"): the cart's payment methods, placing the order, and putting a
 * failed payment's items back into the active cart, over src/server/checkout.functions.ts.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../app.config'
import { getCart } from '../server/cart.functions'
import { getOrderConfirmation, getPaymentMethods, placeOrder, reactivateOrder } from '../server/checkout.functions'
import { cartQueries } from './cart'
import { useServerAction } from './server-action'

export const checkoutQueries = {
  /** Keyed by the cart's version: a changed cart may change what may be paid with. */
  paymentMethods: (locale: Locale, cartVersion: number | undefined) =>
    queryOptions({
      queryKey: ['payment-methods', locale, cartVersion],
      queryFn: () => getPaymentMethods({ data: { locale } }),
      enabled: cartVersion !== undefined,
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
  useServerAction((input: { email: string; method: 'cashondelivery' | 'card' | 'tabby' | 'tamara' }, locale) => placeOrder({ data: { ...input, locale } }))

/**
 * Re-adds a (failed) order's items to the active cart and puts that cart in the cache: a cart read
 * already under way for the old quote must not win.
 */
export function useReactivateOrder() {
  const queryClient = useQueryClient()
  return useServerAction((orderId: number, locale) => reactivateOrder({ data: { locale, orderId } }), {
    onSettled: async (result, _, locale) => {
      if (!result.data) return
      const key = cartQueries.current(locale).queryKey
      await queryClient.cancelQueries({ queryKey: key })
      queryClient.setQueryData(key, await getCart({ data: { locale } }))
    },
  })
}
