import { useAtomValue } from 'jotai'
import { Suspense, useState } from 'react'
import { useAfterNextPaint } from '../../lib/after-next-paint'
import { lazyPart, usePreloadWhenIdle } from '../../lib/lazy-part'
import { openModalAtom } from '../../state/shopper'

const AuthDialogs = lazyPart(() => import('./AuthDialogs').then((module) => module.default))
const accountModals = new Set(['auth', 'otp', 'forgot'])

/**
 * Mounts the account modals once one of them is first asked for, and keeps them for the visit. Their code loads while
 * the page is idle, and the first mount comes the frame after the tap that asks: opening a modal restyles the whole
 * page, which that tap's own frame should not pay for (src/components/frame/LazyFrame.tsx, docs/architecture.md, "Taps").
 */
export function LazyAuthDialogs() {
  usePreloadWhenIdle(AuthDialogs)
  const open = useAtomValue(openModalAtom)
  const asked = useAfterNextPaint(open !== null && accountModals.has(open))
  const [wanted, setWanted] = useState(false)
  if (asked && !wanted) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  )
}
