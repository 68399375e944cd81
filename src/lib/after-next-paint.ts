import { useEffect, useState } from 'react'

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

/**
 * A flag that turns on a frame late: false at once when `on` turns false, true only once the frame in which `on`
 * turned true has been painted. For what a tap brings up beside its own answer (the compare bar beside a ticked box).
 */
export function useAfterNextPaint(on: boolean): boolean {
  const [shown, setShown] = useState(false)
  const [was, setWas] = useState(on)
  if (on !== was) {
    setWas(on)
    if (!on) setShown(false)
  }
  useEffect(() => {
    if (!on) return
    let live = true
    afterNextPaint(() => live && setShown(true))
    return () => {
      live = false
    }
  }, [on])
  return on && shown
}
