/**
 * Pagination slots (docs/product.md, "Limits": 6 page slots with ellipses). With more pages than slots, the
 * first and the last page are always shown, four pages around the current one fill the rest, and an
 * ellipsis stands for each hidden run. A run of a single page is shown instead of hidden, since an
 * ellipsis would take the same room.
 */
import { appConfig } from '../../app.config'

type PageSlot = number | 'gap'

export function pageSlots(current: number, total: number, slots = appConfig.limits.paginationSlots): PageSlot[] {
  if (total <= 0) return []
  const page = Math.min(Math.max(1, current), total)
  // One page more than the slots: an ellipsis would hide that single page, so all are shown.
  if (total <= slots + 1) return Array.from({ length: total }, (_, i) => i + 1)
  const window = slots - 2
  let start = Math.min(Math.max(2, page - 1), total - window)
  // A hidden run of one page at either end: slide the window over it.
  if (start === 3) start = 2
  if (start + window - 1 === total - 2) start = total - window
  const middle = Array.from({ length: window }, (_, i) => start + i)
  const end = middle[middle.length - 1]!
  return [1, ...(start > 2 ? (['gap'] as const) : []), ...middle, ...(end < total - 1 ? (['gap'] as const) : []), total]
}
