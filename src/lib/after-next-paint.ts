/**
 * Work a tap starts but need not finish before the screen answers (docs/architecture.md, "Taps"): the tap's own
 * change (a ticked box, a filled heart, an open dialog) is painted first, and this runs in a task after that frame.
 * requestAnimationFrame runs just before the next paint; a task queued from it runs just after. A tab in the
 * background paints no frame, so there the work runs at once.
 */
export function afterNextPaint(work: () => void): void {
  if (typeof window === 'undefined' || document.visibilityState !== 'visible') {
    work()
    return
  }
  requestAnimationFrame(() => setTimeout(work, 0))
}
