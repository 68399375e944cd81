/**
 * The browser entry: Start's default (hydrate the document inside StrictMode, as a transition), with
 * the framework's code evaluated in two tasks instead of one. Evaluating its ~430 KB at once was the
 * longest task of every page load (113-181 ms on a 4x slower phone), most of the home page's Total
 * Blocking Time. This entry's chunk holds React and React DOM (vite.config.ts); the page paints and
 * answers input, then the router, Start and the store's own frame evaluate. The framework chunk is
 * already on its way (worker/http/paint-first.ts preloads a route's chunks): no round trip is added.
 */
async function hydrate() {
  const [{ StrictMode, createElement, startTransition }, { hydrateRoot }] = await Promise.all([import('react'), import('react-dom/client')])
  await new Promise((resolve) => setTimeout(resolve))
  const { StartClient } = await import('@tanstack/react-start/client')
  startTransition(() => {
    hydrateRoot(document, createElement(StrictMode, null, createElement(StartClient)))
  })
}

void hydrate()
