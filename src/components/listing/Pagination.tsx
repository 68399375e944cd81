/** Page links with 6 page slots and ellipses (src/lib/pagination.ts); previous and next at the ends. */
import { Link } from '@tanstack/react-router'
import { Icon } from '../ui/Icon'
import { pageSlots } from '../../lib/pagination'
import { m } from '../../paraglide/messages.js'

const slotClass =
  'flex size-10 items-center justify-center rounded-lg border border-line bg-white font-medium hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-brand-ink'

export function Pagination({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null
  // Relative links keep the path and every filter; only the page changes.
  const to = (n: number) => ({ to: '.' as const, search: (prev: Record<string, unknown>) => ({ ...prev, page: n > 1 ? n : undefined }) })
  return (
    <nav aria-label={m.pagination_label()} className="mt-8 flex flex-wrap justify-center gap-2">
      {page > 1 && (
        <Link {...to(page - 1)} aria-label={m.pagination_previous()} className={slotClass}>
          <Icon name="chevron-right" className="size-5 ltr:rotate-180" />
        </Link>
      )}
      {pageSlots(page, pages).map((slot, i, slots) =>
        slot === 'gap' ? (
          // A gap is named by the page before it: there is one after the first page, one before the last.
          <span
            key={`after-${slots[i - 1]}`}
            role="img"
            aria-label={m.pagination_gap()}
            className="flex size-10 items-center justify-center text-muted"
          >
            …
          </span>
        ) : (
          <Link
            key={slot}
            {...to(slot)}
            aria-label={m.pagination_page({ page: slot })}
            aria-current={slot === page ? 'page' : undefined}
            className={slotClass}
          >
            {slot}
          </Link>
        ),
      )}
      {page < pages && (
        <Link {...to(page + 1)} aria-label={m.pagination_next()} className={slotClass}>
          <Icon name="chevron-left" className="size-5 ltr:rotate-180" />
        </Link>
      )}
    </nav>
  )
}
