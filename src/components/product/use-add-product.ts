/**
 * Adding a product the way docs/product.md, "Validation" wants it: with no valid city yet, the city popup opens and
 * the request is remembered, to be made once a city is chosen (CityDialog); otherwise it is made now.
 */
import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { afterNextPaint } from '../../lib/after-next-paint'
import { type AddToCartInput, useAddToCart } from '../../queries/cart'
import { m } from '../../paraglide/messages.js'
import { chosenRegionIdAtom, openModalAtom, pendingCartAddAtom } from '../../state/shopper'
import { pushToastAtom } from '../../state/toasts'

type AddRequest = Omit<AddToCartInput, 'regionId'>

export function useAddProduct() {
  const region = useAtomValue(chosenRegionIdAtom)
  const setOpenModal = useSetAtom(openModalAtom)
  const setPending = useSetAtom(pendingCartAddAtom)
  const pushToast = useSetAtom(pushToastAtom)
  const add = useAddToCart()
  // The button says it is adding in the tap's own frame: TanStack Query tells its observers in a later task
  // (docs/architecture.md, "Taps"). Once the mutation has started (a new submittedAt) its own state takes over.
  const [startedAfter, setStartedAfter] = useState<number | null>(null)
  if (startedAfter !== null && add.submittedAt !== startedAfter) setStartedAfter(null)
  return {
    isPending: startedAfter !== null || add.isPending,
    add(request: AddRequest) {
      // Offline, a kept page's price may be out of date and the cart cannot be reached (docs/product.md, "The app on
      // the home screen"): the shopper is told so instead.
      if (!navigator.onLine) {
        pushToast({ kind: 'error', message: m.app_offline_add_to_cart() })
        return
      }
      if (!region) {
        const { onAdded: _, ...kept } = request
        setPending(kept)
        setOpenModal('city')
        return
      }
      setStartedAfter(add.submittedAt)
      // The request starts once that frame is painted: building and sending it (the mutation, the server
      // function's fetch) took about 25 ms of a tap at 9x, in front of the paint (docs/architecture.md, "Taps").
      afterNextPaint(() => add.mutate({ ...request, regionId: region }))
    },
  }
}
