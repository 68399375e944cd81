import { Link } from '@tanstack/react-router'
import { m } from '../paraglide/messages.js'

interface Crumb {
  label: string
  to?: string
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const all: Crumb[] = [{ label: m.breadcrumb_home(), to: '/' }, ...items]
  return (
    <nav aria-label={m.breadcrumb_label()} className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1">
        {all.map((item, i) => (
          <li key={item.to ?? item.label} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">/</span>}
            {item.to && i < all.length - 1 ? (
              <Link to={item.to} className="hover:text-brand hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current={i === all.length - 1 ? 'page' : undefined} className="font-medium text-ink">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
