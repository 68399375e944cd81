/**
 * Values kept in the browser (localStorage) are unknown to the server, so the HTML shows their empty
 * state. A part of the page that hydrates late (its code arrives after the entry's) would otherwise
 * hydrate with the stored value and React would keep the server's attributes. While a component
 * hydrates, React reads the server's view here (nothing stored); once hydrated, the stored list.
 */
import { useHydrated } from '@tanstack/react-router'
import { type WritableAtom, useAtom } from 'jotai'
import { useSyncExternalStore } from 'react'

/** One empty list for "nothing stored", so an empty stored list reads the same as the server's view. */
const nothingStored: string[] = []
/** The list's changes re-render through jotai; the store below only tells hydration from after. */
const subscribeToNothing = () => () => {}

export function useStoredList<Args extends unknown[], Result>(atom: WritableAtom<string[], Args, Result>): [string[], (...args: Args) => Result] {
  const [list, setList] = useAtom(atom)
  // After hydration React compares this with what it hydrated and, if they differ, renders the component
  // again at once (synchronously). On a first visit both are the same empty list, so the 60 buttons of a
  // home page's cards are not rendered twice: that second pass was ~30 ms of main thread after hydration.
  const shown = useSyncExternalStore(
    subscribeToNothing,
    () => (list.length > 0 ? list : nothingStored),
    () => nothingStored,
  )
  return [shown, setList]
}

/**
 * Whether a page that reads its data in the browser only (cart, checkout, account) shows its loading
 * state. The server and the hydrating page both do, so they agree whether or not the data has arrived
 * by then; rendering "empty" on the server and "loading" (or the data) in the browser was a hydration
 * mismatch (React #418).
 */
export function useLoadingInBrowser(isPending: boolean): boolean {
  return !useHydrated() || isPending
}
