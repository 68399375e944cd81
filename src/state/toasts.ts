/** Toasts (docs/product.md, "Errors"'s success and failure messages), closed automatically after 3000 ms. */
import { atom } from 'jotai'

export interface Toast {
  id: number
  kind: 'success' | 'error'
  message: string
}

export const toastsAtom = atom<Toast[]>([])

let nextId = 1

export const pushToastAtom = atom(null, (get, set, toast: Omit<Toast, 'id'>) => {
  set(toastsAtom, [...get(toastsAtom).slice(-2), { ...toast, id: nextId++ }])
})

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((t) => t.id !== id),
  )
})
