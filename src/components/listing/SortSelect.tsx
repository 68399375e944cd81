/** The listing's sort order; the default (most popular) leaves the URL clean. */
import { useId } from 'react'
import { sortKeys, type ListingSearch, type SortKey } from '../../lib/search-params'
import { m } from '../../paraglide/messages.js'

const sortLabels: Record<SortKey, () => string> = {
  popular: m.sort_popular,
  newest: m.sort_newest,
  price_asc: m.sort_price_asc,
  price_desc: m.sort_price_desc,
}

export function SortSelect({ search, onChange }: { search: ListingSearch; onChange: (next: ListingSearch) => void }) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted max-sm:sr-only">
        {m.sort_label()}
      </label>
      <select
        id={id}
        value={search.sort ?? 'popular'}
        onChange={(event) => {
          const sort = event.target.value as SortKey
          onChange({ ...search, sort: sort === 'popular' ? undefined : sort, page: undefined })
        }}
        className="h-10 rounded-lg border border-line bg-white px-3 text-sm font-medium"
      >
        {sortKeys.map((key) => (
          <option key={key} value={key}>
            {sortLabels[key]()}
          </option>
        ))}
      </select>
    </div>
  )
}
