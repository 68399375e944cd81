/**
 * An order's status timeline (docs/product.md, "Accounts"): the steps it has reached, with when, and the steps still
 * ahead. A hosted payment adds "paid", cash on delivery "confirmed" (by the operator); a cancelled order ends at "canceled" (then "refunded" when
 * its payment went back) with nothing ahead; a delivered order the buyer asked to return goes on with the return's steps (accepted or refused, received) and
 * "refunded" once everything it took went back; a partial refund shows in the order's refunds, not the timeline.
 * A pickup order is made "ready_for_pickup" at its showroom instead of shipped, and its delivery is its collection.
 */
import type { OrderDetail } from '../domain/order'

export type TimelineStep =
  | 'placed'
  | 'paid'
  | 'confirmed'
  | 'preparing'
  | 'shipped'
  | 'ready_for_pickup'
  | 'delivered'
  | 'collected'
  | 'return_requested'
  | 'return_accepted'
  | 'return_refused'
  | 'return_received'
  | 'canceled'
  | 'refunded'

export function orderTimeline(
  order: Pick<OrderDetail, 'payment_method' | 'status' | 'timeline'> & Partial<Pick<OrderDetail, 'shipping_method'>>,
): { step: TimelineStep; at: string | null }[] {
  const reached = new Map<string, string>(order.timeline.map((event) => [event.status, event.at]))
  // A collection is the pickup order's delivery: the same event, named for what the buyer did.
  const delivered = reached.get('delivered')
  if (delivered) reached.set('collected', delivered)
  const pickup = order.shipping_method === 'pickup'
  const steps: TimelineStep[] =
    order.status === 'canceled'
      ? ['placed', ...(reached.has('paid') ? (['paid'] as const) : []), 'canceled', ...(reached.has('refunded') ? (['refunded'] as const) : [])]
      : [
          'placed',
          order.payment_method === 'cashondelivery' ? 'confirmed' : 'paid',
          'preparing',
          ...(pickup ? (['ready_for_pickup', 'collected'] as const) : (['shipped', 'delivered'] as const)),
          ...(['return_requested', 'return_accepted', 'return_refused', 'return_received', 'refunded'] as const).filter((step) => reached.has(step)),
        ]
  return steps.map((step) => ({ step, at: reached.get(step) ?? null }))
}
