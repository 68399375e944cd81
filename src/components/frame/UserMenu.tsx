/** The signed-in user menu (Dashboard, Log Out) with the telesales badge; its code loads only for a signed-in shopper. */
import { useQueryClient } from '@tanstack/react-query'
import { Link, useLocation, useNavigate } from '@tanstack/react-router'
import { useSetAtom, useStore } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { Icon } from '../ui/Icon'
import { m } from '../../paraglide/messages.js'
import { useLogout } from '../../queries/account'
import { scheduleSignOutSignals } from '../SessionSignals'
import { iconButton } from './HeaderIcons'
import { forgetThisDevice } from '../../lib/device-data'
import { pendingSearchPurchasesKey, searchSourceItemsKey } from '../../lib/storage-keys'
import { chosenRegionIdAtom } from '../../state/shopper'

export function UserMenu({ name, telesales }: { name: string; telesales: boolean }) {
  const [open, setOpen] = useState(false)
  const menu = useRef<HTMLDivElement>(null)
  const logout = useLogout()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const setChosenRegion = useSetAtom(chosenRegionIdAtom)
  const store = useStore()

  /** A sign-out; from a shared device, everything the store kept on it goes too (src/lib/device-data.ts). */
  const signOut = async (sharedDevice: boolean) => {
    setOpen(false)
    await logout.mutateAsync()
    scheduleSignOutSignals()
    // docs/product.md, "Rules": the city and the cart's and checkout's storage go with the session.
    setChosenRegion(null)
    localStorage.removeItem(searchSourceItemsKey)
    sessionStorage.removeItem(pendingSearchPurchasesKey)
    if (sharedDevice) await forgetThisDevice(store)
    // docs/product.md, "Rules": leaving a user or checkout page returns home.
    if (/^\/(user|checkout)/.test(pathname)) await navigate({ to: '/' })
    // Every answer of the signed-in shopper goes, and what is on screen is asked again. A clear() dropped the
    // queries under their observers, so a header still showing them kept "My account" after a sign-out made
    // in the page the sign-in was made in (a new account's, which no reload follows).
    await queryClient.resetQueries()
  }

  useEffect(() => {
    if (!open) return
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menu.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('mousedown', close)
      document.removeEventListener('keydown', close)
    }
  }, [open])

  return (
    <div ref={menu} className="relative">
      <button
        type="button"
        className={iconButton}
        aria-label={m.user_menu({ name })}
        aria-expanded={open}
        aria-haspopup="menu"
        onClick={() => setOpen((v) => !v)}
      >
        <Icon name="user-check" className="size-6" />
      </button>
      {open && (
        <div role="menu" className="absolute end-0 top-12 z-40 w-56 rounded-xl bg-white p-2 text-ink shadow-xl">
          <p className="px-3 py-2 text-sm font-semibold">{m.user_greeting({ name })}</p>
          {telesales && <p className="mx-3 mb-2 w-fit rounded bg-accent px-2 py-0.5 text-xs font-bold text-accent-ink">{m.user_telesales()}</p>}
          <Link role="menuitem" to="/user/profile" onClick={() => setOpen(false)} className="block rounded-lg px-3 py-2 text-sm hover:bg-surface">
            {m.user_dashboard()}
          </Link>
          <button
            role="menuitem"
            type="button"
            className="block w-full rounded-lg px-3 py-2 text-start text-sm hover:bg-surface"
            onClick={() => void signOut(false)}
          >
            {m.user_logout()}
          </button>
          <button
            role="menuitem"
            type="button"
            className="block w-full rounded-lg px-3 py-2 text-start text-sm hover:bg-surface"
            onClick={() => void signOut(true)}
          >
            {m.user_logout_shared_device()}
          </button>
        </div>
      )}
    </div>
  )
}
