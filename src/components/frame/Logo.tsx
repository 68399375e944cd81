import { Link } from '@tanstack/react-router'
import { m } from '../../paraglide/messages.js'

/** The store's mark: a shopping-bag glyph and the name in the page's language. */
export function Logo() {
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-ink"
      aria-label={m.header_home()}
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--accent)" />
        <path d="M9 12h14l-1.2 12.5a2 2 0 0 1-2 1.5h-7.6a2 2 0 0 1-2-1.5z" fill="var(--brand)" />
        <path d="M12.5 12V10a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="var(--brand)" strokeWidth="2" />
      </svg>
      <span className="text-xl font-extrabold tracking-tight max-[25rem]:hidden">{m.site_name()}</span>
    </Link>
  )
}
