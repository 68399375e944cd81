/**
 * Returning from a hosted payment with `success=false&reason=...&order_id=...` (docs/product.md, "Screens"): the
 * order's items go back into the active cart and the shopper lands on /cart 200 ms later, told why; a
 * payment-failure event with the amount and method kept in the amount and payment cookies is sent
 * after 4 s, and those cookies are dropped.
 */
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import { appConfig } from '../../app.config'
import { amountCookie, paymentCookie } from '../domain/cookies'
import { deleteBrowserCookie, readBrowserCookie } from '../lib/browser-cookies'
import { useReactivateOrder } from '../queries/checkout'

/** Returns already handled in this page load: the redirect to /cart re-renders without the parameters. */
const handledReturns = new Set<string>()

export function PaymentReturn() {
  const search = useSearch({ strict: false }) as { success?: unknown; reason?: unknown; order_id?: unknown }
  const navigate = useNavigate()
  const reactivate = useReactivateOrder()
  const failed = String(search.success) === 'false'
  const orderId = Number(search.order_id)
  useEffect(() => {
    if (!failed) return
    const key = `${String(search.order_id)}:${String(search.reason)}`
    if (handledReturns.has(key)) return
    handledReturns.add(key)
    const amount = Number(readBrowserCookie(amountCookie))
    const method = readBrowserCookie(paymentCookie)
    deleteBrowserCookie(amountCookie)
    deleteBrowserCookie(paymentCookie)
    const event = {
      eventType: 'payment_failure',
      itemId: String(search.reason ?? '').slice(0, 64),
      ...(Number.isFinite(amount) && amount >= 0 ? { value: amount } : {}),
      ...(method && /^[a-z]{1,32}$/.test(method) ? { detail: method } : {}),
    }
    // Not cancelled when the parameters go away: the shopper is sent on to /cart before it fires.
    setTimeout(() => {
      void fetch('/api/aws/event', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ eventList: [event] }),
      }).catch(() => undefined)
    }, appConfig.timing.paymentFailureTrackingDelayMs)
    if (Number.isInteger(orderId) && orderId > 0) {
      void reactivate.mutateAsync(orderId).then((result) => {
        if (!result.data) return
        setTimeout(() => void navigate({ to: '/cart', search: { payment: 'failed' } as never }), appConfig.timing.cartRedirectDelayMs)
      })
    }
    // Once per return: the parameters say what to do, nothing else should re-run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed, orderId])
  return null
}
