/**
 * The cart panel's code stays out of the first page load; it loads while the page is idle (FramePartsPreload), and
 * the panel is mounted the frame after the change that opens it (LazyFrame.tsx says why).
 */
import { useAtomValue } from 'jotai'
import { Suspense } from 'react'
import { lazyPart } from '../../lib/lazy-part'
import { useAfterNextPaint } from '../../lib/after-next-paint'
import { openModalAtom } from '../../state/shopper'

export const CartPanel = lazyPart(() => import('./CartPanel').then((module) => module.CartPanel))

export function LazyCartPanel() {
  if (!useAfterNextPaint(useAtomValue(openModalAtom) === 'cart')) return null
  return (
    <Suspense fallback={null}>
      <CartPanel />
    </Suspense>
  )
}
