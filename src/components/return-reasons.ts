/** A return's reason in the reader's language: the buyer's order page and the console say it the same way. */
import type { ReturnReason } from '../domain/returns'
import { m } from '../paraglide/messages.js'

export const returnReasonText: Record<ReturnReason, () => string> = {
  damaged: m.order_return_reason_damaged,
  not_as_described: m.order_return_reason_not_as_described,
  wrong_item: m.order_return_reason_wrong_item,
  changed_mind: m.order_return_reason_changed_mind,
  other: m.order_return_reason_other,
}
