/**
 * A page paints before its JavaScript has loaded (worker/http/paint-first.ts), and hydrates in two
 * steps: first the frame (header, menus), then, in a later task, the page's own content (React hydrates
 * the router's Suspense boundary around it at a lower priority). `<html data-hydrated>` says how far it
 * has got: absent, then `shell`, then `page`.
 *
 * - A tap on a button before anything is hydrated would do nothing: React is not listening yet. The
 *   page's first script (`rememberEarlyTaps`, written into the HTML by the Worker) remembers the last
 *   button tapped; once the frame has hydrated, the root taps it again (`replayEarlyTap` in
 *   src/lib/early-tap.ts), so an early "Add to Cart" still adds.
 * - A link followed by the router while the content is still unhydrated is lost: the router moves to the
 *   new address, then the old page's content hydrates against it and breaks, and the shopper stays where
 *   they were. Until the content has hydrated the same script keeps such a click from the router, and the
 *   browser follows the link as a plain page load. Form submits need no help.
 *
 * Both sides meet on the names below, so they live here (docs/architecture.md, "Paint first").
 */
export const earlyTapMarker = '__earlyTap'

/** Where the script keeps its click listener, so the page can remove it once its content has hydrated. */
export const earlyTapListener = '__earlyTapListener'

/** The values of `<html data-hydrated>`. */
export const hydrated = { shell: 'shell', page: 'page' } as const

/** Inline script text: runs with the page's first script, before the framework loads. */
export const rememberEarlyTaps =
  `window.${earlyTapListener}=e=>{const t=e.target instanceof Element?e.target:null,h=document.documentElement.dataset.hydrated,` +
  `b=t&&t.closest('button[type=button]'),a=t&&t.closest('a[href]');` +
  `if(b&&!h)window.${earlyTapMarker}=b;else if(a&&h!=='${hydrated.page}'&&a.origin===location.origin)e.stopPropagation()};` +
  `addEventListener('click',window.${earlyTapListener},true);`
