/** The browser's side of hydrating in two steps (src/domain/early-tap.ts). */
import { useEffect } from 'react'
import { earlyTapListener, earlyTapMarker, hydrated } from '../domain/early-tap'

/** The root layout: the frame answers taps now; the button tapped before it is tapped again. */
export function useFrameHydrated(): void {
  useEffect(() => {
    const html = document.documentElement
    // The page's content may have hydrated in the same pass; it is further along.
    if (html.dataset.hydrated !== hydrated.page) html.dataset.hydrated = hydrated.shell
    replayEarlyTap()
  }, [])
}

/**
 * Every page, the not-found page and the error page: their content answers taps now, and links go
 * through the router again. Tests wait for it before they click.
 */
export function usePageHydrated(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = hydrated.page
    // From here on the early-tap script has nothing to do, yet it ran on every click: 1-4 ms of a tap at 9x.
    const page = window as Window & { [earlyTapListener]?: (event: MouseEvent) => void }
    const listener = page[earlyTapListener]
    if (listener) removeEventListener('click', listener, true)
    delete page[earlyTapListener]
  }, [])
}

function replayEarlyTap(): void {
  const page = window as Window & { [earlyTapMarker]?: HTMLButtonElement }
  const button = page[earlyTapMarker]
  delete page[earlyTapMarker]
  // In a task of its own: inside the hydration's effects React does not act on the click yet.
  if (button) setTimeout(() => button.isConnected && !button.disabled && button.click())
}
