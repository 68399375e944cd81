/**
 * The cart in TanStack Query: one query per language, and mutations that put the server's answer in
 * the cache unless a newer version is already there (answers to concurrent changes can arrive out
 * of order).
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import type { Locale } from '../../app.config'
import { currentLocale } from '../lib/i18n'
import { m } from '../paraglide/messages.js'
import { addToCart, getCart } from '../server/cart.functions'
import { openModalAtom } from '../state/shopper'
import { pushToastAtom } from '../state/toasts'
import type { CartView } from '../domain/cart'
import type { CartLine } from '../domain/schemas'

export const cartQueries = {
  current: (locale: Locale) =>
    queryOptions({
      queryKey: ['cart', locale],
      queryFn: () => getCart({ data: { locale } }),
      staleTime: 30_000,
      // The cart is the shopper's own: never rendered on the server, read after hydration.
      enabled: typeof window !== 'undefined',
    }),
}

function storeCart(queryClient: QueryClient, locale: Locale, cart: CartView | null | undefined) {
  if (!cart) return
  const key = cartQueries.current(locale).queryKey
  const cached = queryClient.getQueryData(key)
  if (!cached || cached.quote_id !== cart.quote_id || cached.version <= cart.version) queryClient.setQueryData(key, cart)
}

interface Settled<T> {
  data: T | null
  error: { message: string; code?: string; status: number } | null
  status: number
}

export function useCartMutation<Input, Answer extends { cart?: CartView | null }>(
  run: (input: Input, locale: Locale) => Promise<Settled<Answer>>,
  // Callbacks given here run even when the calling component has gone (the city popup closes before
  // the add it started finishes); callbacks given to mutate() would not.
  options: {
    fallbackError: () => string
    onSuccess?: (answer: Answer, input: Input) => void
    /** A form shows the refusal beside its field (mutation.error) instead of a toast. */
    inlineError?: boolean
  },
) {
  const queryClient = useQueryClient()
  const pushToast = useSetAtom(pushToastAtom)
  const locale = currentLocale()
  return useMutation({
    mutationFn: async (input: Input) => {
      // A rejected call (validation, network) is no message for a shopper: show the fallback.
      const result = await run(input, locale).catch((error: unknown) => {
        console.warn('cart call failed:', error instanceof Error ? error.message : error)
        return null
      })
      if (!result) throw new Error(options.fallbackError())
      // docs/product.md, "Errors": the server's message when it gave one, else the translated fallback.
      if (result.error || !result.data) throw new Error(result.error?.message || options.fallbackError())
      return result.data
    },
    onSuccess: async (answer, input) => {
      // A cart read still on its way was answered before this change: it must not land on top of it.
      await queryClient.cancelQueries({ queryKey: cartQueries.current(locale).queryKey })
      storeCart(queryClient, locale, answer.cart)
      options.onSuccess?.(answer, input)
    },
    onError: (error) => {
      if (!options.inlineError) pushToast({ kind: 'error', message: error.message || options.fallbackError() })
    },
  })
}

/** What a screen asks to add: the line of src/domain/schemas.ts, and where the shopper goes after. */
export type AddToCartInput = CartLine & {
  /** Buy now goes to checkout instead of opening the cart panel. */
  buyNow?: boolean
  /** Told the new line's id once the product is in the cart (search analytics). Not kept across the city popup. */
  onAdded?: (itemId: number) => void
}

/**
 * Adds a product (and its chosen services). docs/product.md, "Calls": the cart panel opens after the add, or
 * checkout for Buy now.
 */
export function useAddToCart() {
  const setOpenModal = useSetAtom(openModalAtom)
  const pushToast = useSetAtom(pushToastAtom)
  const navigate = useNavigate()
  return useCartMutation(
    ({ buyNow: _, onAdded: __, options, feeIds, ...line }: AddToCartInput, locale) =>
      addToCart({ data: { ...line, ...(options ? { options } : {}), ...(feeIds?.length ? { feeIds } : {}), locale } }),
    {
      fallbackError: () => m.commerce_out_of_stock(),
      onSuccess: (answer, input) => {
        input.onAdded?.(answer.item_id)
        if (answer.feesAdded) pushToast({ kind: 'success', message: m.toast_service_added() })
        if (answer.feeError !== undefined) pushToast({ kind: 'error', message: answer.feeError || m.error_internal() })
        if (input.buyNow) void navigate({ to: '/checkout' })
        else setOpenModal('cart')
      },
    },
  )
}

