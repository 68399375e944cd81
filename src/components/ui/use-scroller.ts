/**
 * A horizontal scroller's state and moves for its buttons and keys (src/lib/scroller.ts holds the rules): whether it
 * can go back or on, which slide is in view, and moves that respect the page's writing direction.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react'
import { currentSlide, scrollEdges, scrollOffset } from '../../lib/scroller'

export function useScroller(ref: RefObject<HTMLElement | null>, count: number) {
  // Before the page runs, the server's HTML shows the start: nothing to go back to.
  const [position, setPosition] = useState({ atStart: true, atEnd: count <= 1, index: 0 })

  useEffect(() => {
    const element = ref.current
    if (!element) return
    const read = () => setPosition({ ...scrollEdges(element), index: currentSlide(element, count) })
    read()
    element.addEventListener('scroll', read, { passive: true })
    const resized = new ResizeObserver(read)
    resized.observe(element)
    return () => {
      element.removeEventListener('scroll', read)
      resized.disconnect()
    }
  }, [ref, count])

  /** Moves by whole screens: 1 on, -1 back. */
  const page = useCallback(
    (pages: number) => {
      const element = ref.current
      if (element) element.scrollBy({ left: scrollOffset(pages, element.clientWidth, direction(element)), behavior: behavior() })
    },
    [ref],
  )

  /** Brings the index-th child into view. */
  const goTo = useCallback(
    (index: number) => {
      const element = ref.current
      const child = element?.children[Math.max(0, Math.min(index, element.children.length - 1))] as HTMLElement | undefined
      if (!element || !child) return
      // Within the scroller only: scrollIntoView would also scroll the page.
      const rtl = direction(element) === 'rtl'
      const start = rtl
        ? element.getBoundingClientRect().right - child.getBoundingClientRect().right
        : child.getBoundingClientRect().left - element.getBoundingClientRect().left
      element.scrollBy({ left: rtl ? -start : start, behavior: behavior() })
    },
    [ref],
  )

  return { ...position, page, goTo }
}

function direction(element: HTMLElement): 'ltr' | 'rtl' {
  return getComputedStyle(element).direction === 'rtl' ? 'rtl' : 'ltr'
}

/** A shopper who asked for less motion gets a jump, not a glide. */
function behavior(): ScrollBehavior {
  return matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'
}
