/**
 * Changing the lines of a cart (quantity, removal, clearing): used by the cart panel and the cart
 * page, whose code loads when they open, so it stays out of every page's first load.
 */
import { useSetAtom } from 'jotai'
import { dropSearchSourceItem } from '../lib/search-insights'
import { m } from '../paraglide/messages.js'
import { clearCart, removeCartItem, updateCartItem } from '../server/cart-changes.functions'
import { pushToastAtom } from '../state/toasts'
import { useCartAction } from './cart'

export function useUpdateCartItem() {
  return useCartAction((input: { itemId: number; qty: number }, locale) => updateCartItem({ data: { ...input, locale } }), {
    fallbackError: () => m.commerce_qty_unavailable(),
  })
}

export function useRemoveCartItem() {
  const pushToast = useSetAtom(pushToastAtom)
  return useCartAction((input: { itemId: number }, locale) => removeCartItem({ data: { ...input, locale } }), {
    fallbackError: () => m.error_internal(),
    onSuccess: (_, input) => {
      // docs/product.md, "Validation": a deleted line leaves searchSourceItems too.
      dropSearchSourceItem(input.itemId)
      pushToast({ kind: 'success', message: m.toast_removed() })
    },
  })
}

export function useClearCart() {
  const pushToast = useSetAtom(pushToastAtom)
  return useCartAction((_: void, locale) => clearCart({ data: { locale } }), {
    fallbackError: () => m.error_internal(),
    // 'cart cleared successfully' is the default when the server gives no message (docs/product.md, "Errors").
    onSuccess: (answer) => pushToast({ kind: 'success', message: (answer as { msg?: string }).msg || m.commerce_cart_cleared() }),
  })
}
