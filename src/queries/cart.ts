/**
 * The cart in TanStack Query: one query per language, and mutations that put the server's answer in
 * the cache unless a newer version is already there (answers to concurrent changes can arrive out
 * of order).
 */
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import type { Locale } from '../../app.config'
import { m } from '../paraglide/messages.js'
import { addToCart, getCart } from '../server/cart.functions'
import { openModalAtom } from '../state/shopper'
import { pushToastAtom } from '../state/toasts'
import type { Settled } from '../domain/settled'
import { useServerAction } from './server-action'
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

/**
 * A change to the cart (src/queries/server-action.ts, with the cart kept): the answer's cart goes into the cache,
 * unless a newer version is there, before `onSuccess` runs. A refusal is a toast, or with `inlineError` left to the
 * form (`failureOf`).
 */
export function useCartAction<Input, Answer extends { cart?: CartView | null }>(
  call: (input: Input, locale: Locale) => Promise<Settled<Answer>>,
  options: {
    fallbackError: () => string
    onSuccess?: (answer: Answer, input: Input) => void
    inlineError?: boolean
  },
) {
  const queryClient = useQueryClient()
  return useServerAction(call, {
    fallbackError: options.fallbackError,
    toastFailure: !options.inlineError,
    onSuccess: async (answer, input, locale) => {
      // A cart read still on its way was answered before this change: it must not land on top of it.
      await queryClient.cancelQueries({ queryKey: cartQueries.current(locale).queryKey })
      storeCart(queryClient, locale, answer.cart)
      options.onSuccess?.(answer, input)
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
  return useCartAction(
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
