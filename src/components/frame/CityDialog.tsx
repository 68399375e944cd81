/**
 * The 'Choose City' popup (docs/product.md, "Rules" and "Validation"): search as you type; a choice is stored in
 * region_id only when it is exactly 4 digits, adds the product remembered when the popup opened,
 * and clears a cart kept in another region once the shopper has said yes. Stock and delivery everywhere follow the city.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useAtom } from 'jotai'
import { useId, useState } from 'react'
import { filterCities } from '../../lib/city-search'
import { currentLocale } from '../../lib/i18n'
import { regionFrom } from '../../domain/region'
import { regionCookie } from '../../domain/cookies'
import { writeBrowserCookie } from '../../lib/browser-cookies'
import { m } from '../../paraglide/messages.js'
import { cartQueries, useAddToCart } from '../../queries/cart'
import { useEmptyCartForCityChange } from '../../queries/city'
import { chosenRegionIdAtom, openModalAtom, pendingCartAddAtom } from '../../state/shopper'
import { ConfirmBody } from '../ui/ConfirmDialog'
import { Dialog } from '../ui/Dialog'
import type { RegionOption } from '../../domain/catalogue'

/** The region cookie lives as long as the handshake (docs/product.md, "Limits" gives no own figure). */

export function CityDialog({ regions }: { regions: RegionOption[] }) {
  const [chosen, setChosen] = useAtom(chosenRegionIdAtom)
  const [openModal, setOpenModal] = useAtom(openModalAtom)
  const [query, setQuery] = useState('')
  const queryClient = useQueryClient()
  const [pending, setPending] = useAtom(pendingCartAddAtom)
  const add = useAddToCart()
  const clearCart = useEmptyCartForCityChange()
  const inputId = useId()
  const locale = currentLocale()
  const matches = filterCities(regions, query)

  const [confirming, setConfirming] = useState<{
    value: string
    label: string
  } | null>(null)
  const close = () => {
    setOpenModal(null)
    setConfirming(null)
  }

  const choose = async (value: string, label: string, confirmed = false) => {
    const region = regionFrom(value)
    if (region === null) return
    // docs/product.md, "Rules": a cart in another region is cleared on the server, and the cart and checkout
    // state reset, before the new region is set. The shopper is asked first (docs/product.md, "Cart").
    const cartKey = cartQueries.current(locale).queryKey
    const cart = queryClient.getQueryData(cartKey)
    if (cart && cart.region_id !== region && cart.cartItems.length > 0) {
      if (!confirmed) return setConfirming({ value, label })
      await clearCart.mutateAsync()
    }
    setConfirming(null)
    writeBrowserCookie(regionCookie, value)
    setChosen(region)
    setOpenModal(null)
    setQuery('')
    // docs/product.md, "Validation": the product remembered when the popup opened is added now.
    if (pending) {
      setPending(null)
      add.mutate({ ...pending, regionId: region })
    }
    // Stock and delivery badges depend on the city (the cart itself does not).
    void queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] !== 'frame' && q.queryKey[0] !== 'cart',
    })
  }

  return (
    <Dialog open={openModal === 'city'} onClose={close} title={confirming ? m.city_change_title() : m.city_dialog_title()}>
      {confirming ? (
        <ConfirmBody
          text={m.city_change_text({ city: confirming.label })}
          confirmLabel={m.city_change_confirm()}
          cancelLabel={m.city_change_keep()}
          busy={clearCart.isPending}
          onConfirm={() => void choose(confirming.value, confirming.label, true)}
          onCancel={() => {
            // Keeping the city drops the add that was waiting for a city choice, if any.
            setPending(null)
            close()
          }}
        />
      ) : (
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
                  onClick={() => void choose(region.value, region.label)}
                  aria-pressed={regionFrom(region.value) === chosen}
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
      )}
    </Dialog>
  )
}
