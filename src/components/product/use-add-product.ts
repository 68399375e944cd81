/**
 * Adding a product the way docs/product.md, "Validation" wants it: with no valid city yet, the city popup opens and
 * the request is remembered, to be made once a city is chosen (CityDialog); otherwise it is made now.
 */
import { useAtomValue, useSetAtom } from 'jotai'
import { type AddToCartInput, useAddToCart } from '../../queries/cart'
import { chosenRegionIdAtom, openModalAtom, pendingCartAddAtom } from '../../state/shopper'

type AddRequest = Omit<AddToCartInput, 'regionId'>

export function useAddProduct() {
  const region = useAtomValue(chosenRegionIdAtom)
  const setOpenModal = useSetAtom(openModalAtom)
  const setPending = useSetAtom(pendingCartAddAtom)
  const add = useAddToCart()
  return {
    isPending: add.isPending,
    add(request: AddRequest) {
      if (!region) {
        const { onAdded: _, ...kept } = request
        setPending(kept)
        setOpenModal('city')
        return
      }
      add.mutate({ ...request, regionId: region })
    },
  }
}
