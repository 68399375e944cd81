/**
 * A page paints before its JavaScript has loaded (worker/http/paint-first.ts), and a tap on a button
 * in that moment would do nothing: React is not listening yet. The page's first script remembers the
 * last button tapped before hydration (`rememberEarlyTaps`); once hydrated, the root taps it again
 * (`replayEarlyTap`), so an early "Add to Cart" still adds. Links and form submits need no help: the
 * browser follows and submits them without JavaScript.
 */
const marker = '__earlyTap'

/** Inline script text: runs with the page's first script, before the framework loads. */
export const rememberEarlyTaps = `addEventListener('click',e=>{const b=e.target instanceof Element&&e.target.closest('button[type=button]');if(b&&!document.documentElement.dataset.hydrated)window.${marker}=b},true);`

export function replayEarlyTap(): void {
  const page = window as Window & { [marker]?: HTMLButtonElement }
  const button = page[marker]
  delete page[marker]
  // In a task of its own: inside the hydration's effects React does not act on the click yet.
  if (button) setTimeout(() => button.isConnected && !button.disabled && button.click())
}
