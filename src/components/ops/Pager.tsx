/**
 * The console's pages of a list, newest first (worker/api/ops.ts `olderPage`): "older" carries on from the last row
 * shown, "newest" goes back to the start. The place in the list is the address's `before`, so the back button and a
 * shared link land on the same page.
 */
import { Link } from '@tanstack/react-router'
import { m } from '../../paraglide/messages.js'

export function Pager<S extends { before?: number }>({
  to,
  search,
  older,
}: {
  to: '/ops' | '/ops/audit' | '/ops/products' | '/ops/customers'
  search: S
  older: number | null | undefined
}) {
  if (!older && !search.before) return null
  const link = 'flex h-11 items-center rounded-full border border-brand px-5 font-semibold text-brand'
  return (
    <nav aria-label={m.ops_pages()} className="flex justify-between gap-3">
      {search.before ? (
        <Link to={to} search={{ ...search, before: undefined } as never} className={link}>
          {m.ops_page_newest()}
        </Link>
      ) : (
        <span />
      )}
      {older ? (
        <Link to={to} search={{ ...search, before: older } as never} className={link}>
          {m.ops_page_older()}
        </Link>
      ) : null}
    </nav>
  )
}
