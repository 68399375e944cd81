/**
 * A page paints before its JavaScript has loaded (worker/http/paint-first.ts), and a tap on a button
 * in that moment would do nothing: React is not listening yet. The page's first script remembers the
 * last button tapped before hydration (`rememberEarlyTaps`, written into the HTML by the Worker); once
 * hydrated, the root taps it again (`replayEarlyTap` in src/lib/early-tap.ts), so an early "Add to Cart"
 * still adds. Links and form submits need no help: the browser follows and submits them without JavaScript.
 * Both sides meet on the marker below, so it lives here (docs/architecture.md, "Paint first").
 */
export const earlyTapMarker = '__earlyTap'

/** Inline script text: runs with the page's first script, before the framework loads. */
export const rememberEarlyTaps = `addEventListener('click',e=>{const b=e.target instanceof Element&&e.target.closest('button[type=button]');if(b&&!document.documentElement.dataset.hydrated)window.${earlyTapMarker}=b},true);`
