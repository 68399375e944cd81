/**
 * The cart's money changes (docs/product.md, "Cart"): the coupon, the gift and ERP vouchers, the replacement
 * discount and services, and the availability check before checkout. Loaded with the parts of the cart that use
 * them, never with a page's first load. Forms show a refusal beside their field; the rest answer with toasts.
 */
import { queryOptions } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import type { Locale, RegionId } from '../../app.config'
import { m } from '../paraglide/messages.js'
import {
  applyCoupon,
  applyErpVoucher,
  checkAvailability,
  checkErpVoucher,
  getServiceOffers,
  redeemGiftVoucher,
  removeCoupon,
  removeErpVoucher,
  reverseGiftVoucher,
  setReplacementDiscount,
  setService,
} from '../server/cart-changes.functions'
import { pushToastAtom } from '../state/toasts'
import { useCartAction } from './cart'
import { useServerAction } from './server-action'

function useToast() {
  return useSetAtom(pushToastAtom)
}

export function useApplyCoupon() {
  const toast = useToast()
  return useCartAction((input: { couponCode: string }, locale) => applyCoupon({ data: { ...input, locale } }), {
    fallbackError: () => m.cart_coupon_error(),
    inlineError: true,
    onSuccess: () => toast({ kind: 'success', message: m.cart_coupon_applied() }),
  })
}

export function useRemoveCoupon() {
  const toast = useToast()
  return useCartAction((_: void, locale) => removeCoupon({ data: { locale } }), {
    fallbackError: () => m.error_internal(),
    onSuccess: () => toast({ kind: 'success', message: m.cart_coupon_removed() }),
  })
}

export function useRedeemGiftVoucher() {
  const toast = useToast()
  return useCartAction((input: { voucher: string; pin: string; amount: number }, locale) => redeemGiftVoucher({ data: { ...input, locale } }), {
    fallbackError: () => m.commerce_voucher_invalid(),
    inlineError: true,
    onSuccess: () => toast({ kind: 'success', message: m.cart_gift_applied() }),
  })
}

export function useReverseGiftVoucher() {
  const toast = useToast()
  return useCartAction((_: void, locale) => reverseGiftVoucher({ data: { locale } }), {
    fallbackError: () => m.error_internal(),
    onSuccess: () => toast({ kind: 'success', message: m.cart_voucher_removed() }),
  })
}

/** Checks an ERP voucher (what it is worth) without changing the cart. */
export function useCheckErpVoucher() {
  return useServerAction((input: { phoneno: string; voucher: string }, locale) => checkErpVoucher({ data: { ...input, locale } }))
}

export function useApplyErpVoucher() {
  const toast = useToast()
  return useCartAction((input: { phoneno: string; voucher: string }, locale) => applyErpVoucher({ data: { ...input, locale } }), {
    fallbackError: () => m.commerce_voucher_invalid(),
    inlineError: true,
    onSuccess: () => toast({ kind: 'success', message: m.cart_erp_applied() }),
  })
}

export function useRemoveErpVoucher() {
  const toast = useToast()
  return useCartAction((_: void, locale) => removeErpVoucher({ data: { locale } }), {
    fallbackError: () => m.error_internal(),
    onSuccess: () => toast({ kind: 'success', message: m.cart_voucher_removed() }),
  })
}

export function useReplacementDiscount() {
  return useCartAction((input: { itemId: number; on: boolean }, locale) => setReplacementDiscount({ data: { ...input, locale } }), {
    fallbackError: () => m.commerce_replacement_not_eligible(),
  })
}

/** docs/product.md, "Services": 'The service has been added successfully' / 'removed successfully'. */
export function useService() {
  const toast = useToast()
  return useCartAction((input: { item_id: number; fee_id: number; on: boolean }, locale) => setService({ data: { ...input, locale } }), {
    fallbackError: () => m.error_internal(),
    onSuccess: (_, input) =>
      toast({
        kind: 'success',
        message: input.on ? m.toast_service_added() : m.toast_service_removed(),
      }),
  })
}

/** availableToCheckoutV2: which lines cannot be delivered to the cart's city or are out of stock. */
export function useAvailabilityCheck() {
  return useServerAction((_: void, locale) => checkAvailability({ data: { locale } }))
}

/** The services each product in the cart offers in the city, keyed by sku. */
export const serviceOffersQuery = (locale: Locale, regionId: RegionId, skus: readonly string[]) =>
  queryOptions({
    queryKey: ['service-offers', locale, regionId, [...skus].sort()],
    queryFn: () => getServiceOffers({ data: { locale, regionId, skus: [...skus] } }),
    staleTime: 5 * 60_000,
    enabled: skus.length > 0,
  })
