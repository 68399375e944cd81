import { useSetAtom } from 'jotai'
import type { CartLine } from '../domain/schemas'
import { m } from '../paraglide/messages.js'
import { addAllToCart } from '../server/cart.functions'
import { openModalAtom } from '../state/shopper'
import { pushToastAtom } from '../state/toasts'
import { useCartAction } from './cart'

/**
 * Adds every product of a list (apart from queries/cart.ts, which is in every page's first bundle: this loads with its button), one of each (favourites, compare: issue 42, the spec's multi-add). The cart panel
 * opens on what was added; a toast names how many could not be, with the first reason.
 */
export function useAddAllToCart() {
  const setOpenModal = useSetAtom(openModalAtom)
  const pushToast = useSetAtom(pushToastAtom)
  return useCartAction((input: { skus: string[]; regionId: CartLine['regionId'] }, locale) => addAllToCart({ data: { ...input, locale } }), {
    fallbackError: () => m.commerce_out_of_stock(),
    onSuccess: (answer, input) => {
      const added = input.skus.length - answer.errors.length
      if (answer.errors.length > 0)
        pushToast({ kind: 'error', message: m.cart_add_all_refused({ count: answer.errors.length, reason: answer.errors[0]!.message }) })
      if (added > 0) setOpenModal('cart')
    },
  })
}
