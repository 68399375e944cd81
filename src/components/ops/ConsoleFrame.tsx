/**
 * The console's frame: its name, the sections the staff member's role may open (src/domain/staff.ts), the other
 * language, and who is signed in with the way out. A bar on a phone, the same bar on a desk.
 */
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { currentLocale, otherLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { localizeHref } from '../../paraglide/runtime'
import { useSignOut, type Me } from '../../queries/ops'
import { roleText } from './ops-text'

const linkClass = 'rounded-full px-3 py-1.5 text-sm font-semibold hover:bg-brand/10 [&.active]:bg-brand [&.active]:text-brand-ink'

export function ConsoleFrame({ me, children }: { me: Me; children: ReactNode }) {
  const signOut = useSignOut()
  const locale = currentLocale()
  const other = otherLocale(locale)
  const may = (permission: Me['permissions'][number]) => me.permissions.includes(permission)
  return (
    <div className="min-h-screen bg-surface print:bg-white">
      <header className="border-b border-line bg-white print:hidden">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-3">
          <p className="me-auto text-lg font-bold">{m.ops_title()}</p>
          <p className="text-sm text-muted">
            <bdi>{me.name}</bdi> · {roleText[me.role]()}
          </p>
          <a href={localizeHref('/ops', { locale: other })} lang={other} className="text-sm font-semibold text-brand">
            {other === 'en' ? 'English' : 'العربية'}
          </a>
          <button type="button" onClick={() => signOut.mutate(undefined)} className="text-sm font-semibold text-sale" disabled={signOut.isPending}>
            {m.ops_sign_out()}
          </button>
        </div>
        <nav aria-label={m.ops_sections()} className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 pb-2">
          {may('orders.read') && (
            <Link to="/ops" activeOptions={{ exact: true }} className={linkClass}>
              {m.ops_orders()}
            </Link>
          )}
          {may('orders.read') && (
            <>
              <Link to="/ops/customers" className={`${linkClass} shrink-0 whitespace-nowrap`}>
                {m.ops_customers()}
              </Link>
              <Link to="/ops/carts" className={`${linkClass} shrink-0 whitespace-nowrap`}>
                {m.ops_carts()}
              </Link>
            </>
          )}
          {may('reports.read') && (
            <Link to="/ops/numbers" className={linkClass}>
              {m.ops_numbers()}
            </Link>
          )}
          {may('staff.manage') && (
            <Link to="/ops/staff" className={linkClass}>
              {m.ops_staff()}
            </Link>
          )}
          {may('audit.read') && (
            <Link to="/ops/audit" className={linkClass}>
              {m.ops_audit()}
            </Link>
          )}
          {may('staff.manage') && (
            <Link to="/ops/zatca" className={linkClass}>
              {m.ops_zatca()}
            </Link>
          )}
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-5">
        {children}
      </main>
    </div>
  )
}
