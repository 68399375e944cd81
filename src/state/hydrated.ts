/**
 * Values kept in the browser (localStorage) are unknown to the server, so the HTML shows their empty
 * state. A part of the page that hydrates late (its code arrives after the entry's) would otherwise
 * hydrate with the stored value and React would keep the server's attributes. While a component
 * hydrates, React reads the server's view here (nothing stored); once hydrated, the stored list.
 */
import { useHydrated } from '@tanstack/react-router'
import { type WritableAtom, atom, useAtomValue, useStore } from 'jotai'
import { useMemo, useSyncExternalStore } from 'react'

/** The list's changes re-render through jotai; the store below only tells hydration from after. */
const subscribeToNothing = () => () => {}

/**
 * Whether one item is in a stored list (a card's heart or compare box), the server's view (not in it) while hydrating,
 * the stored list after. The component re-renders only when its own item goes in or
 * out, so a tap on one heart renders that heart, not the 60 of a listing (docs/architecture.md, "Taps"). `list` reads
 * the whole list when the tap needs it; `set` replaces it.
 */
export function useStoredMember<Args extends unknown[], Result>(
  listAtom: WritableAtom<string[], Args, Result>,
  item: string,
): { member: boolean; list: () => string[]; set: (...args: Args) => Result } {
  const memberAtom = useMemo(() => atom((get) => get(listAtom).includes(item)), [listAtom, item])
  const member = useAtomValue(memberAtom)
  const shown = useSyncExternalStore(
    subscribeToNothing,
    () => member,
    () => false,
  )
  const store = useStore()
  return { member: shown, list: () => store.get(listAtom), set: (...args: Args) => store.set(listAtom, ...args) }
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
