import { useAtomValue } from 'jotai'
import { lazy, Suspense, useEffect, useState } from 'react'
import { openModalAtom } from '../../state/shopper'

const AuthDialogs = lazy(() => import('./AuthDialogs'))
const accountModals = new Set(['auth', 'otp', 'forgot'])

/** Mounts the account modals once one of them is first asked for, and keeps them for the visit. */
export function LazyAuthDialogs() {
  const open = useAtomValue(openModalAtom)
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (open && accountModals.has(open)) setWanted(true)
  }, [open])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  )
}
