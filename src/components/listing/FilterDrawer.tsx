/** The facets in a drawer, for phones (the desktop shows them beside the grid). */
import type { ListingFacets, ListingSearch } from '../../domain/listing'
import { m } from '../../paraglide/messages.js'
import { Dialog } from '../ui/Dialog'
import { Facets } from './Facets'
import { mainButtonClass } from '../ui/SubmitButton'

interface FilterDrawerProps {
  facets: ListingFacets
  search: ListingSearch
  total: number
  onChange: (next: ListingSearch) => void
  onClose: () => void
}

export function FilterDrawer({ facets, search, total, onChange, onClose }: FilterDrawerProps) {
  return (
    <Dialog open onClose={onClose} title={m.filters_title()} variant="drawer">
      <div className="overflow-y-auto px-5">
        <Facets facets={facets} search={search} onChange={onChange} />
      </div>
      <div className="border-t border-line p-4">
        <button type="button" onClick={onClose} className={mainButtonClass}>
          {m.filters_show_results({ count: total })}
        </button>
      </div>
    </Dialog>
  )
}
