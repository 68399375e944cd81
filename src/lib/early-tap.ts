/** Taps again, once hydrated, the button a shopper tapped before the page was interactive (src/domain/early-tap.ts). */
import { earlyTapMarker } from '../domain/early-tap'

export function replayEarlyTap(): void {
  const page = window as Window & { [earlyTapMarker]?: HTMLButtonElement }
  const button = page[earlyTapMarker]
  delete page[earlyTapMarker]
  // In a task of its own: inside the hydration's effects React does not act on the click yet.
  if (button) setTimeout(() => button.isConnected && !button.disabled && button.click())
}
