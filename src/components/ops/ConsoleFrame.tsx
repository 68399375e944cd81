/**
 * The console's frame: its name, the sections the staff member's role may open (src/domain/staff.ts), the other
 * language, and who is signed in with the way out. A bar on a phone, the same bar on a desk.
 */
import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Permission } from '../../domain/staff'
import { currentLocale, otherLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { localizeHref } from '../../paraglide/runtime'
import { useSignOut, type Me } from '../../queries/ops'
import { roleText } from './ops-text'

/** The console's sections in the order a shift uses them: orders and customers, the catalogue, then the owner's. */
export const consoleSections: { to: LinkProps['to'] & string; permission: Permission; text: () => string }[] = [
  { to: '/ops', permission: 'orders.read', text: m.ops_orders },
  { to: '/ops/customers', permission: 'orders.read', text: m.ops_customers },
  { to: '/ops/carts', permission: 'orders.read', text: m.ops_carts },
  { to: '/ops/reviews', permission: 'reviews.moderate', text: m.ops_reviews_title },
  { to: '/ops/gift-vouchers', permission: 'orders.read', text: m.ops_gift_vouchers },
  { to: '/ops/products', permission: 'catalogue.manage', text: m.ops_products },
  { to: '/ops/stock', permission: 'catalogue.manage', text: m.ops_stock_low },
  { to: '/ops/import', permission: 'catalogue.manage', text: m.ops_import },
  { to: '/ops/coupons', permission: 'catalogue.manage', text: m.ops_coupons },
  { to: '/ops/numbers', permission: 'reports.read', text: m.ops_numbers },
  { to: '/ops/staff', permission: 'staff.manage', text: m.ops_staff },
  { to: '/ops/audit', permission: 'audit.read', text: m.ops_audit },
  { to: '/ops/data-requests', permission: 'audit.read', text: m.ops_data_requests },
  { to: '/ops/zatca', permission: 'staff.manage', text: m.ops_zatca },
]

// Never wrapped: on a phone the row scrolls sideways, each section a one-line pill.
const linkClass =
  'shrink-0 whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-semibold hover:bg-brand/10 [&.active]:bg-brand [&.active]:text-brand-ink'

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
          {consoleSections
            .filter((section) => may(section.permission))
            .map((section) => (
              <Link key={section.to} to={section.to} activeOptions={{ exact: section.to === '/ops' }} className={linkClass}>
                {section.text()}
              </Link>
            ))}
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-5">
        {children}
      </main>
    </div>
  )
}
