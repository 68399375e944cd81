/**
 * What a link's query parameters ask the store to do (docs/product.md, "Screens", query-parameter triggers), on any page:
 *
 * - `event=register` opens the auth modal on Register after 2 s; `event=forgetpassword` the forgot modal after 2 s;
 *   `event=newsletter` scrolls to the footer's newsletter field and focuses it after 2 s. One modal at a time: the
 *   home popup never opens over a triggered one (it waits for no modal to be open).
 * - `order_id` re-adds that order's items to the active cart (the server re-adds only the shopper's own order) and
 *   opens /cart about 200 ms later; with `success=false&reason=...` (back from a declined hosted payment) the cart says
 *   why, and a payment-failure event with the amount and method kept in the amount and payment cookies is sent after
 *   4 s, then those cookies are dropped.
 */
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { appConfig } from '../../app.config'
import { amountCookie, paymentCookie } from '../domain/cookies'
import { orderNumber } from '../domain/order'
import { deleteBrowserCookie, readBrowserCookie } from '../lib/browser-cookies'
import { sendPersonalisationEvents } from '../lib/personalisation'
import { useReactivateOrder } from '../queries/checkout'
import { authTabAtom } from '../state/auth'
import { openModalAtom } from '../state/shopper'

export type TriggerSearch = { event?: unknown; success?: unknown; reason?: unknown; order_id?: unknown }

/** The events a link may ask for. */
export const triggerEvents = ['register', 'forgetpassword', 'newsletter'] as const

/** Triggers already acted on in this page load: a navigation that keeps the parameters must not act again. */
const handled = new Set<string>()

function once(key: string): boolean {
  if (handled.has(key)) return false
  handled.add(key)
  return true
}

/** A parameter as the link wrote it: the router parses `?order_id=123` to a number, and JSON to an object (then none). */
function param(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''
}

export function QueryTriggers() {
  const search = useSearch({ strict: false }) as TriggerSearch
  const event = param(search.event)
  const failed = param(search.success) === 'false'
  const order = param(search.order_id)
  return (
    <>
      {(triggerEvents as readonly string[]).includes(event) && <EventTrigger event={event as (typeof triggerEvents)[number]} />}
      {failed && <PaymentFailureEvent reason={param(search.reason)} orderId={order} />}
      {orderNumber.test(order) && <OrderAgain order={order} failed={failed} />}
    </>
  )
}

function EventTrigger({ event }: { event: (typeof triggerEvents)[number] }) {
  const setOpenModal = useSetAtom(openModalAtom)
  const setTab = useSetAtom(authTabAtom)
  useEffect(() => {
    if (!once(`event:${event}`)) return
    const timer = setTimeout(() => {
      if (event === 'newsletter') {
        const field = document.querySelector<HTMLInputElement>('#newsletter input[type="email"]')
        field?.scrollIntoView({ block: 'center' })
        field?.focus({ preventScroll: true })
        return
      }
      if (event === 'register') setTab('register')
      // Over the home popup or a menu the shopper opened: the link asked for this one.
      setOpenModal(event === 'register' ? 'auth' : 'forgot')
    }, appConfig.timing.modalTriggerDelayMs)
    return () => clearTimeout(timer)
  }, [event, setOpenModal, setTab])
  return null
}

function PaymentFailureEvent({ reason, orderId }: { reason: string; orderId: string }) {
  useEffect(() => {
    if (!once(`failure:${orderId}:${reason}`)) return
    const amount = Number(readBrowserCookie(amountCookie))
    const method = readBrowserCookie(paymentCookie)
    deleteBrowserCookie(amountCookie)
    deleteBrowserCookie(paymentCookie)
    const event = {
      eventType: 'payment_failure',
      itemId: reason.slice(0, 64),
      ...(Number.isFinite(amount) && amount >= 0 ? { value: amount } : {}),
      ...(method && /^[a-z]{1,32}$/.test(method) ? { detail: method } : {}),
    }
    // Not cancelled when the parameters go away: the shopper is sent on to /cart before it fires.
    sendPersonalisationEvents([event], 'no one', appConfig.timing.paymentFailureTrackingDelayMs)
  }, [reason, orderId])
  return null
}

function OrderAgain({ order, failed }: { order: string; failed: boolean }) {
  const navigate = useNavigate()
  // The mutation's own function, stable across renders (the mutation object is new on each).
  const { mutateAsync: reactivate } = useReactivateOrder()
  useEffect(() => {
    // Once per order number: a re-run (new dependencies, StrictMode's second mount) finds it done and does nothing.
    if (!once(`order:${order}`)) return
    void reactivate(order).then((result) => {
      if (!result.data) return
      const search = failed ? { payment: 'failed' } : {}
      // Never cancelled: the parameters (and so this component) may go before it fires, and a cancel on StrictMode's
      // test unmount would lose a redirect that `once` then never repeats.
      // eslint-disable-next-line @eslint-react/web-api-no-leaked-timeout -- the redirect must outlive the component
      setTimeout(() => void navigate({ to: '/cart', search: search as never }), appConfig.timing.cartRedirectDelayMs)
    })
  }, [order, failed, navigate, reactivate])
  return null
}
