/**
 * The store's one stylesheet (src/styles/app.css), written into the page itself rather than linked
 * (docs/architecture.md, "Paint first"). A linked stylesheet holds the first paint until a second request
 * comes back: on a phone's first visit that is one more round trip after the HTML, shared with the product images
 * it is racing. Inline, the HTML alone (about 30 KB compressed, the two round trips the HTML already took) paints.
 *
 * React 19 keeps a `<style>` with `href` and `precedence` as a resource: the server writes it into the head with
 * `data-href`, and the browser's render adopts that element by its href without ever needing the text, so the
 * client bundle never carries the stylesheet (the text comes from a server-only branch). The dev server links it
 * instead, so an edit to app.css reaches the page without a reload.
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import appCssText from '../../styles/app.css?inline'
import appCssUrl from '../../styles/app.css?url'

/** The stylesheet's text, on the server only (empty in the workerd test build, which bundles no CSS). */
const stylesheetText = createIsomorphicFn()
  .server(() => appCssText)
  .client(() => '')

/** The key React finds the inline stylesheet by in the browser. */
const stylesheetKey = 'app'

/** For the root route's head: the linked stylesheet where it is not inlined (the dev server). */
export const linkedStylesheets = import.meta.env.DEV && appCssUrl ? [{ rel: 'stylesheet', href: appCssUrl }] : []

export function AppStylesheet() {
  if (import.meta.env.DEV) return null
  return (
    <style href={stylesheetKey} precedence="default">
      {stylesheetText()}
    </style>
  )
}
