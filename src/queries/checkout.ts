/**
 * Checkout (docs/product.md, "Checkout"): the cart's payment and shipping methods, verifying the mobile, placing the
 * order, its confirmation, and putting a failed payment's items back into the active cart, over
 * src/server/checkout.functions.ts.
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { Locale } from '../../app.config'
import type { CheckoutDetails } from '../domain/checkout'
import type { ShippingCode } from '../domain/shipping'
import { amountCookie, paymentCookie } from '../domain/cookies'
import { writeBrowserCookie } from '../lib/browser-cookies'
import { currentLocale } from '../lib/i18n'
import { purchaseEventsFor, sendSearchEvent } from '../lib/search-insights'
import { pendingSearchPurchasesKey } from '../lib/storage-keys'
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
import { cartQueries, useCartAction } from './cart'
import { catalogueQueries } from './catalogue'
import { orderQueries } from './orders'
import { useServerAction } from './server-action'

import type { PaymentCode } from '../domain/order'

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

/** What Place order sends: the checked details, the payment method, and the lines (for search analytics). */
interface PlaceOrderInput {
  checkout: CheckoutDetails
  method: PaymentCode
  lines: readonly { item_id: number; prices_with_tax: { price: number }; qty: number }[]
}

/**
 * Places the order (docs/product.md, "Checkout"), then: the cart and the account's lists are read again, and the
 * shopper goes to the payment provider's page or to the confirmation. A refusal is `failure`, shown above the button.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const hostedSearch = useQuery(catalogueQueries.frame(currentLocale())).data?.search ?? null
  return useServerAction((input: PlaceOrderInput, locale) => placeOrder({ data: { checkout: input.checkout, method: input.method, locale } }), {
    fallbackError: () => m.error_internal(),
    onSuccess: (placed, input, locale) => {
      const purchases = purchaseEventsFor(input.lines.map((l) => ({ item_id: l.item_id, price: l.prices_with_tax.price, qty: l.qty })))
      void queryClient.invalidateQueries({ queryKey: cartQueries.current(locale).queryKey })
      // The account's lists now hold this order, and its address (saved at placing).
      void queryClient.invalidateQueries({ queryKey: orderQueries.mine(locale).queryKey })
      void queryClient.invalidateQueries({ queryKey: orderQueries.addresses(locale).queryKey })
      if (placed.payment_url) {
        // docs/product.md, "Calls": amount and payment travel through the provider's page and back.
        writeBrowserCookie(amountCookie, placed.grand_total.toFixed(2))
        writeBrowserCookie(paymentCookie, placed.payment_method)
        // A purchase is reported once the provider has taken the payment (the paid return).
        sessionStorage.setItem(pendingSearchPurchasesKey, JSON.stringify(purchases))
        window.location.assign(placed.payment_url)
      } else {
        for (const purchase of purchases) sendSearchEvent(hostedSearch, purchase)
        void navigate({ to: '/checkout', search: { order: placed.increment_id }, replace: true })
      }
    },
  })
}

/** Choosing a shipping method re-prices the cart's delivery. */
export const useSetShippingMethod = () =>
  useCartAction((code: ShippingCode, locale) => setShippingMethod({ data: { locale, code } }), { fallbackError: () => m.error_internal() })

/** Sends the checkout code; `recaptchaToken` is the bot check's token, spent by this send. */
export const useSendCheckoutCode = () =>
  useServerAction((input: { mobile: string; recaptchaToken: string; channel?: 'sms' | 'whatsapp' }, locale) =>
    sendCheckoutCode({ data: { locale, ...input } }),
  )

/** A right code answers the cart with the number among its verified `mobiles`. */
export const useVerifyCheckoutCode = () =>
  useCartAction((input: { mobile: string; code: string }, locale) => verifyCheckoutCode({ data: { locale, ...input } }), {
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
