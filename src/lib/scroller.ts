/**
 * Where a horizontal scroller (the home slides, a product rail) stands, in either writing direction (issue 28, "No
 * friction": slides and rails navigable by buttons and keys). Browsers report a right-to-left box's scrollLeft as 0 at
 * its start and negative towards its end (CSSOM View), so the distance from the start is its absolute value.
 */
export interface ScrollBox {
  scrollLeft: number
  scrollWidth: number
  clientWidth: number
}

/** Half a pixel of give: zoomed pages report fractional positions. */
const slack = 1

export function scrollEdges(box: ScrollBox): { atStart: boolean; atEnd: boolean } {
  const travelled = Math.abs(box.scrollLeft)
  return { atStart: travelled <= slack, atEnd: travelled + box.clientWidth >= box.scrollWidth - slack }
}

/** The slide most in view, of `count` slides of equal width filling the scroller's width. */
export function currentSlide(box: ScrollBox, count: number): number {
  if (count <= 1 || box.scrollWidth <= box.clientWidth) return 0
  const step = (box.scrollWidth - box.clientWidth) / (count - 1)
  return Math.min(count - 1, Math.max(0, Math.round(Math.abs(box.scrollLeft) / step)))
}

/** The horizontal offset to scroll by to move `pages` screens towards the inline end (negative: towards the start). */
export function scrollOffset(pages: number, clientWidth: number, direction: 'ltr' | 'rtl'): number {
  return pages * clientWidth * (direction === 'rtl' ? -1 : 1)
}

/**
 * What an arrow key means to a scroller: ArrowRight moves towards the end in a left-to-right page, towards the start in
 * a right-to-left one; Home and End go to the first and the last.
 */
export function keyStep(key: string, direction: 'ltr' | 'rtl'): 'next' | 'previous' | 'first' | 'last' | undefined {
  if (key === 'Home') return 'first'
  if (key === 'End') return 'last'
  if (key === 'ArrowRight') return direction === 'rtl' ? 'previous' : 'next'
  if (key === 'ArrowLeft') return direction === 'rtl' ? 'next' : 'previous'
  return undefined
}
