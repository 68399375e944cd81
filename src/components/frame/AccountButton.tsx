/**
 * Signed out: the login icon opening the auth modal. Signed in: the user menu (Dashboard, Log Out),
 * with the 'Telesales Account' badge for telesales users (docs/product.md, "Screens").
 */
import { useQuery } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { Suspense } from 'react'
import { lazyPart } from '../../lib/lazy-part'
import { Icon } from '../ui/Icon'
import { iconButton } from './HeaderIcons'
import { m } from '../../paraglide/messages.js'
import { sessionQueries } from '../../queries/session'
import { authTabAtom } from '../../state/auth'
import { openModalAtom } from '../../state/shopper'

const UserMenu = lazyPart(() => import('./UserMenu').then((module) => module.UserMenu))

export function AccountButton() {
  const { data: session } = useQuery(sessionQueries.current())
  const setOpenModal = useSetAtom(openModalAtom)
  const setTab = useSetAtom(authTabAtom)

  if (session) {
    return (
      <Suspense fallback={<span className={iconButton} />}>
        <UserMenu name={session.user.firstname} telesales={Boolean(session.user.telesales)} />
      </Suspense>
    )
  }
  return (
    <button
      type="button"
      className={iconButton}
      aria-label={m.header_login()}
      title={m.header_login()}
      onClick={() => {
        setTab('login')
        setOpenModal('auth')
      }}
    >
      <Icon name="log-in" className="size-6" />
    </button>
  )
}

/** Telesales users see a badge and a different header border (docs/product.md, "Screens"). */
export function useTelesales(): boolean {
  const { data: session } = useQuery(sessionQueries.current())
  return Boolean(session?.user.telesales)
}
