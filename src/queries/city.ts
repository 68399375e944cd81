/**
 * The city change (docs/product.md, "Rules"): a cart kept in another city is emptied on the server before
 * the new city is set. Only the city picker uses it, so it loads with the picker, not with every page.
 */
import { useQueryClient } from '@tanstack/react-query'
import { clearCart } from '../server/cart-changes.functions'
import { cartQueries } from './cart'
import { useServerAction } from './server-action'

/**
 * Empties the shopper's cart on the server (a city change, docs/product.md "City"), then shows no cart
 * until the next read: a read under way for the old cart must not bring its lines back.
 */
export function useEmptyCartForCityChange() {
  const queryClient = useQueryClient()
  return useServerAction((_: void, locale) => clearCart({ data: { locale } }), {
    onSettled: async (_, __, locale) => {
      const key = cartQueries.current(locale).queryKey
      await queryClient.cancelQueries({ queryKey: key })
      queryClient.setQueryData(key, null)
      void queryClient.invalidateQueries({ queryKey: key })
      void queryClient.invalidateQueries({ queryKey: ['payment-methods'] })
    },
  })
}
