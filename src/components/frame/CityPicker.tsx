/**
 * The city selector: shows the chosen city and opens the 'Choose City' popup with search as you
 * type. A choice is stored in region_id only when it is exactly 4 digits; stock and delivery
 * everywhere follow it.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { MapPin } from 'lucide-react'
import { useId, useState } from 'react'
import { appConfig } from '../../../app.config'
import { filterCities, type RegionOption } from '../../lib/city-search'
import { isStorableRegionId } from '../../lib/region'
import { cookieNames, writeBrowserCookie } from '../../lib/shopper-prefs'
import { m } from '../../paraglide/messages.js'
import { useAddToCart } from '../../queries/cart'
import { chosenRegionIdAtom, openModalAtom, pendingCartAddAtom } from '../../state/shopper'
import { Dialog } from '../ui/Dialog'

/** The region cookie lives as long as the handshake (spec section 9 gives no own figure). */
const regionCookieMaxAgeSeconds = appConfig.cookies.handshakeDays * 24 * 60 * 60

/** The header button showing the chosen city; it opens the one city dialog. */
export function CityButton({ regions, className = '' }: { regions: RegionOption[]; className?: string }) {
  const chosen = useAtomValue(chosenRegionIdAtom)
  const setOpenModal = useSetAtom(openModalAtom)
  const chosenLabel = regions.find((r) => r.value === chosen)?.label
  return (
    <button
      type="button"
      onClick={() => setOpenModal('city')}
      aria-haspopup="dialog"
      className={`flex items-center gap-1.5 rounded-lg px-2 py-1 text-start text-sm hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-ink ${className}`}
    >
      <MapPin aria-hidden="true" className="size-5 shrink-0" />
      <span className="leading-tight">
        <span className="text-xs opacity-80 lg:block">{m.header_deliver_to()}</span>{' '}
        <span className="font-semibold lg:block">{chosenLabel ?? m.header_choose_city()}</span>
      </span>
    </button>
  )
}

/** The 'Choose City' popup (rendered once, in the page frame). */
export function CityDialog({ regions }: { regions: RegionOption[] }) {
  const [chosen, setChosen] = useAtom(chosenRegionIdAtom)
  const [openModal, setOpenModal] = useAtom(openModalAtom)
  const [query, setQuery] = useState('')
  const queryClient = useQueryClient()
  const [pending, setPending] = useAtom(pendingCartAddAtom)
  const add = useAddToCart()
  const inputId = useId()
  const matches = filterCities(regions, query)

  const choose = (value: string) => {
    if (!isStorableRegionId(value)) return
    writeBrowserCookie(cookieNames.region, value, regionCookieMaxAgeSeconds)
    setChosen(value)
    setOpenModal(null)
    setQuery('')
    // Spec section 5: the product remembered when the popup opened is added now.
    if (pending) {
      setPending(null)
      add.mutate({ sku: pending.sku, qty: pending.qty, regionId: value })
    }
    // Stock and delivery badges depend on the city (the cart itself does not).
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'frame' && q.queryKey[0] !== 'cart' })
  }

  return (
    <Dialog open={openModal === 'city'} onClose={() => setOpenModal(null)} title={m.city_dialog_title()}>
      <div className="p-5">
        <label htmlFor={inputId} className="mb-2 block text-sm font-medium">
          {m.city_search_label()}
        </label>
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          className="h-11 w-full rounded-lg border border-line px-3 focus:outline-2 focus:outline-brand"
        />
        <ul className="mt-3 grid max-h-80 grid-cols-2 gap-2 overflow-y-auto">
          {matches.map((region) => (
            <li key={region.value}>
              <button
                type="button"
                onClick={() => choose(region.value)}
                aria-pressed={region.value === chosen}
                className="w-full rounded-lg border border-line px-3 py-2 text-start hover:border-brand aria-pressed:border-brand aria-pressed:bg-brand-soft aria-pressed:font-semibold"
              >
                {region.label}
              </button>
            </li>
          ))}
        </ul>
        {matches.length === 0 && (
          <p role="status" className="mt-3 text-sm text-muted">
            {m.city_none()}
          </p>
        )}
      </div>
    </Dialog>
  )
}
