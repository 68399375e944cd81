/** The cart panel's code loads the first time the panel opens, keeping it out of the first page load. */
import { useAtomValue } from 'jotai'
import { lazy, Suspense } from 'react'
import { openModalAtom } from '../../state/shopper'

const CartPanel = lazy(() => import('./CartPanel').then((module) => ({ default: module.CartPanel })))

export function LazyCartPanel() {
  if (useAtomValue(openModalAtom) !== 'cart') return null
  return (
    <Suspense fallback={null}>
      <CartPanel />
    </Suspense>
  )
}
