/**
 * An order's status timeline (docs/product.md, "Accounts"): the steps it has reached, with when, and the steps still
 * ahead. A hosted payment adds "paid", cash on delivery "confirmed" (by the operator); a cancelled order ends at "canceled" (then "refunded" when
 * its payment went back) with nothing ahead; a delivered order the buyer asked to return ends at "return_requested".
 */
import type { OrderDetail } from '../domain/order'

export type TimelineStep = 'placed' | 'paid' | 'confirmed' | 'preparing' | 'shipped' | 'delivered' | 'return_requested' | 'canceled' | 'refunded'

export function orderTimeline(order: Pick<OrderDetail, 'payment_method' | 'status' | 'timeline'>): { step: TimelineStep; at: string | null }[] {
  const reached = new Map(order.timeline.map((event) => [event.status, event.at]))
  const steps: TimelineStep[] =
    order.status === 'canceled'
      ? ['placed', ...(reached.has('paid') ? (['paid'] as const) : []), 'canceled', ...(reached.has('refunded') ? (['refunded'] as const) : [])]
      : [
          'placed',
          order.payment_method === 'cashondelivery' ? 'confirmed' : 'paid',
          'preparing',
          'shipped',
          'delivered',
          ...(reached.has('return_requested') ? (['return_requested'] as const) : []),
        ]
  return steps.map((step) => ({ step, at: reached.get(step) ?? null }))
}
