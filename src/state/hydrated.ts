/**
 * Values kept in the browser (localStorage) are unknown to the server, so the HTML shows their empty
 * state. A part of the page that hydrates late (its code arrives after the entry's) would otherwise
 * hydrate with the stored value and React would keep the server's attributes. Until the component has
 * hydrated, these hooks return the server's view; the stored value follows in the next render.
 */
import { useHydrated } from '@tanstack/react-router'
import { type WritableAtom, useAtom } from 'jotai'

export function useStoredList<Args extends unknown[], Result>(
  atom: WritableAtom<string[], Args, Result>,
): [string[], (...args: Args) => Result] {
  const [list, setList] = useAtom(atom)
  return [useHydrated() ? list : [], setList]
}
