/**
 * Returning from the card gateway with `success=false&reason=...&order_id=...` (spec section 2): the
 * order's items go back into the active cart and the shopper lands on /cart 200 ms later; a
 * payment-failure event is sent after 4 s.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import { appConfig } from '../../app.config'
import { currentLocale } from '../lib/i18n'
import { cartQueries } from '../queries/cart'
import { getCart } from '../server/cart.functions'
import { reactivateOrder } from '../server/checkout.functions'

export function PaymentReturn() {
  const search = useSearch({ strict: false }) as { success?: unknown; reason?: unknown; order_id?: unknown }
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const failed = String(search.success) === 'false'
  const orderId = Number(search.order_id)
  useEffect(() => {
    if (!failed) return
    const timers: ReturnType<typeof setTimeout>[] = []
    timers.push(
      setTimeout(() => {
        void fetch('/api/aws/event', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ eventList: [{ eventType: 'payment_failure', itemId: String(search.reason ?? '').slice(0, 64) }] }),
        }).catch(() => undefined)
      }, appConfig.timing.paymentFailureTrackingDelayMs),
    )
    if (Number.isInteger(orderId) && orderId > 0) {
      const locale = currentLocale()
      void reactivateOrder({ data: { locale, orderId } }).then(async (result) => {
        if (!result.data) return
        // Read the re-activated cart now and put it in the cache: a cart read already under way for
        // the old quote must not win.
        await queryClient.cancelQueries({ queryKey: cartQueries.current(locale).queryKey })
        queryClient.setQueryData(cartQueries.current(locale).queryKey, await getCart({ data: { locale } }))
        timers.push(setTimeout(() => void navigate({ to: '/cart' }), appConfig.timing.cartRedirectDelayMs))
      })
    }
    return () => timers.forEach(clearTimeout)
    // Once per page load: the parameters say what to do, nothing else should re-run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed, orderId])
  return null
}
