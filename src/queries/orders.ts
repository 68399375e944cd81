/**
 * The account's orders and saved addresses, and the guest order lookup (docs/product.md, "Accounts"), over
 * src/server/orders.functions.ts. Read in the browser, where the customer's cookies are.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../app.config'
import type { AddressFields } from '../domain/checkout'
import type { ReturnReason } from '../domain/returns'
import {
  cancelMyOrder,
  deleteAddress,
  getMyAddresses,
  getMyOrder,
  getMyInvoice,
  getMyOrders,
  lookupInvoice,
  lookupOrder,
  returnMyOrder,
  signedInvoice,
  saveAddress,
  setDefaultAddress,
} from '../server/orders.functions'
import { m } from '../paraglide/messages.js'
import { currentLocale } from '../lib/i18n'
import type { Settled } from '../domain/settled'
import { useServerAction } from './server-action'

const inBrowser = typeof window !== 'undefined'

/** A credit note's number when one is asked for: an absent key, never `undefined`, which the validators refuse. */
const noteOf = (note: string | undefined) => (note ? { note } : {})

export const orderQueries = {
  mine: (locale: Locale) => queryOptions({ queryKey: ['my-orders', locale], queryFn: () => getMyOrders({ data: { locale } }), enabled: inBrowser }),
  one: (locale: Locale, increment: string) =>
    queryOptions({ queryKey: ['my-order', locale, increment], queryFn: () => getMyOrder({ data: { locale, increment } }), enabled: inBrowser }),
  /** The order's invoice, or with `note` one of its credit notes (src/routes/invoice.tsx). */
  invoice: (locale: Locale, increment: string, note?: string) =>
    queryOptions({
      queryKey: ['my-invoice', locale, increment, note ?? ''],
      queryFn: () => getMyInvoice({ data: { locale, increment, ...noteOf(note) } }),
      enabled: inBrowser,
    }),
  /** A guest's invoice or credit note, for the mobile carried over from the order lookup (src/routes/invoice.tsx). */
  guestInvoice: (locale: Locale, increment: string, mobile: string, note?: string) =>
    queryOptions({
      queryKey: ['guest-invoice', locale, increment, mobile, note ?? ''],
      queryFn: () => lookupInvoice({ data: { locale, increment, mobile, ...noteOf(note) } }),
      enabled: inBrowser && mobile !== '',
    }),
  /** The invoice or a credit note from the email's signed link (src/routes/invoice.tsx). */
  signedInvoice: (locale: Locale, increment: string, sig: string, note?: string) =>
    queryOptions({
      queryKey: ['signed-invoice', locale, increment, sig, note ?? ''],
      queryFn: () => signedInvoice({ data: { locale, increment, sig, ...noteOf(note) } }),
      enabled: inBrowser,
    }),
  addresses: (locale: Locale) =>
    queryOptions({ queryKey: ['my-addresses', locale], queryFn: () => getMyAddresses({ data: { locale } }), enabled: inBrowser }),
}

/** An address change answers the whole list: it replaces the cached one. */
function useAddressChange<Input>(call: (input: Input, locale: Locale) => Promise<Settled<{ addresses: unknown }>>) {
  const queryClient = useQueryClient()
  const locale = currentLocale()
  return useServerAction(call, {
    onSettled: (result) => {
      if (result.data) queryClient.setQueryData(orderQueries.addresses(locale).queryKey, result as Awaited<ReturnType<typeof getMyAddresses>>)
    },
  })
}

export const useSaveAddress = () =>
  useAddressChange((input: { id?: number; address: AddressFields; isDefault?: boolean }, locale) => saveAddress({ data: { ...input, locale } }))
export const useDeleteAddress = () => useAddressChange((id: number, locale) => deleteAddress({ data: { id, locale } }))
export const useSetDefaultAddress = () => useAddressChange((id: number, locale) => setDefaultAddress({ data: { id, locale } }))

export const useLookupOrder = () =>
  useServerAction((input: { increment: string; mobile: string }, locale) => lookupOrder({ data: { ...input, locale } }))

export const useLookupInvoice = () =>
  useServerAction((input: { increment: string; mobile: string; note?: string }, locale) => lookupInvoice({ data: { ...input, locale } }))

/** Cancels one of the customer's orders before it ships: the order page and the list show it cancelled at once. */
/** The customer asks to return a delivered order; the page then shows the request in its timeline. */
export function useReturnOrder() {
  const queryClient = useQueryClient()
  return useServerAction(
    ({ increment, reason, note }: { increment: string; reason: ReturnReason; note: string }, locale) =>
      returnMyOrder({ data: { increment, reason, note, locale } }),
    {
      fallbackError: () => m.error_internal(),
      onSuccess: (order, { increment }, locale) => {
        queryClient.setQueryData(orderQueries.one(locale, increment).queryKey, { data: order, error: null, status: 200 })
      },
    },
  )
}

export function useCancelOrder() {
  const queryClient = useQueryClient()
  return useServerAction((increment: string, locale) => cancelMyOrder({ data: { increment, locale } }), {
    fallbackError: () => m.error_internal(),
    onSuccess: async (order, increment, locale) => {
      queryClient.setQueryData(orderQueries.one(locale, increment).queryKey, { data: order, error: null, status: 200 })
      await queryClient.invalidateQueries({ queryKey: orderQueries.mine(locale).queryKey })
    },
  })
}
