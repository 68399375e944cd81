/**
 * Asking to return a delivered order (docs/product.md, "Fulfilment"): within serverLimits.orders.returnDays of its
 * delivery, once, with one of these reasons. The backend decides; the order page asks the same question to offer it.
 */
import { serverLimits } from '../../config/server-limits'
import type { OrderDetail } from './order'

export const returnReasons = ['damaged', 'not_as_described', 'wrong_item', 'changed_mind', 'other'] as const
export type ReturnReason = (typeof returnReasons)[number]

/** Where a return request stands: asked, then accepted or refused by the store, then its units received. */
export type ReturnStatus = 'requested' | 'accepted' | 'refused' | 'received'

/** A return request as the console reads it (the buyer's order carries the same without the received units). */
export interface StaffReturnRequest {
  reason: string
  note: string
  requested_at: string
  status: ReturnStatus
  /** The staff member's answer: a refusal's reason, which its buyer reads. */
  answer: string
  /** JSON [{sku, qty}]: the units the warehouse took back. */
  received_lines: string
}

/** The longest note a buyer adds to a return request. */
export const returnNoteMaxLength = 500

/** The moment before which a delivery is too old to be returned. */
export function returnCutoff(now: Date): Date {
  return new Date(now.getTime() - serverLimits.orders.returnDays * 86_400_000)
}

/** Whether the order's buyer may still ask to return it: delivered within the window, and not asked yet. */
export function returnable(order: Pick<OrderDetail, 'status' | 'timeline'>, now: Date): boolean {
  if (order.status !== 'complete') return false
  const delivered = order.timeline.find((event) => event.status === 'delivered')?.at
  if (!delivered || order.timeline.some((event) => event.status === 'return_requested')) return false
  return new Date(delivered) >= returnCutoff(now)
}
