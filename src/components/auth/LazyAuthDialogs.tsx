import { useAtomValue } from 'jotai'
import { Suspense, useState } from 'react'
import { lazyPart } from '../../lib/lazy-part'
import { openModalAtom } from '../../state/shopper'

const AuthDialogs = lazyPart(() => import('./AuthDialogs').then((module) => module.default))
const accountModals = new Set(['auth', 'otp', 'forgot'])

/** Mounts the account modals once one of them is first asked for, and keeps them for the visit. */
export function LazyAuthDialogs() {
  const open = useAtomValue(openModalAtom)
  const asked = open !== null && accountModals.has(open)
  const [wanted, setWanted] = useState(asked)
  // Set in the render that asks, so the modal starts loading at once, and kept when it closes.
  if (asked && !wanted) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  )
}
