/**
 * The city selector: shows the chosen city and opens the 'Choose City' popup (CityDialog.tsx, whose
 * code loads when it first opens).
 */
import { useAtomValue, useSetAtom } from 'jotai'
import { Icon } from '../ui/Icon'
import { m } from '../../paraglide/messages.js'
import { chosenRegionIdAtom, openModalAtom } from '../../state/shopper'
import type { RegionOption } from '../../domain/catalogue'
import { cityName } from '../../lib/city-search'

/** The header button showing the chosen city; it opens the one city dialog. */
export function CityButton({ regions, className = '' }: { regions: RegionOption[]; className?: string }) {
  const chosen = useAtomValue(chosenRegionIdAtom)
  const setOpenModal = useSetAtom(openModalAtom)
  const chosenLabel = cityName(regions, chosen)
  return (
    <button
      type="button"
      onClick={() => setOpenModal('city')}
      aria-haspopup="dialog"
      className={`flex items-center gap-1.5 rounded-lg px-2 py-1 text-start text-sm hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-ink ${className}`}
    >
      <Icon name="map-pin" className="size-5 shrink-0" />
      <span className="leading-tight">
        <span className="text-xs opacity-80 lg:block">{m.header_deliver_to()}</span>{' '}
        <span className="font-semibold lg:block">{chosenLabel ?? m.header_choose_city()}</span>
      </span>
    </button>
  )
}
