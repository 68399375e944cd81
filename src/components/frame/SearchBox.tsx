/**
 * The header's search field. It submits to /search?q= as a plain form; the suggestion popup and
 * the results page arrive with the search issue.
 */
import { Search } from 'lucide'
import { useId } from 'react'
import { Icon } from '../ui/Icon'
import { m } from '../../paraglide/messages.js'
import { localizeHref } from '../../paraglide/runtime'

export function SearchBox({ className = '' }: { className?: string }) {
  const id = useId()
  return (
    <form role="search" action={localizeHref('/search')} method="get" className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {m.header_search_label()}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        required
        minLength={2}
        maxLength={200}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={m.header_search_placeholder()}
        className="h-11 w-full rounded-full border-0 bg-white ps-5 pe-12 text-ink placeholder:text-muted focus:outline-2 focus:outline-accent"
      />
      <button
        type="submit"
        className="absolute inset-y-1 end-1 inline-flex w-9 items-center justify-center rounded-full bg-brand text-brand-ink hover:opacity-90"
        aria-label={m.header_search_submit()}
      >
        <Icon icon={Search} className="size-5" />
      </button>
    </form>
  )
}
