/**
 * Delivery to the shopper's city (docs/product.md, "Calls" and "Rules"): the city, a way to change it, the delivery
 * badge, and the days a delivery can arrive, in the page's language and Riyadh's calendar.
 */
import { useAtomValue, useSetAtom } from 'jotai'
import { Icon } from '../ui/Icon'
import type { DisplayDate } from '../../domain/dates'
import type { DeliveryFields } from '../../domain/delivery'
import { m } from '../../paraglide/messages.js'
import { chosenRegionIdAtom, openModalAtom, regionIdAtom } from '../../state/shopper'
import { deliveryText, useDeliveryBadge } from '../product/DeliveryBadge'
import { cityName } from '../../lib/city-search'
import { useFrameData } from '../frame/frame-data'

interface DeliveryDatesProps {
  product: DeliveryFields
  dates: DisplayDate[]
  /** Dates only mean something for a product the city can receive now. */
  showDates: boolean
}

export function DeliveryDates({ product, dates, showDates }: DeliveryDatesProps) {
  const region = useAtomValue(regionIdAtom)
  // A city the shopper has not chosen is never named as theirs (issue 42): the dates are said to be the default's.
  const chosen = useAtomValue(chosenRegionIdAtom) !== null
  const setOpenModal = useSetAtom(openModalAtom)
  const city = cityName(useFrameData()?.regions, region) ?? ''
  const badge = useDeliveryBadge(product)
  const deliverable = showDates && badge !== 'big_item_elsewhere' && dates.length > 0
  return (
    <section aria-labelledby="delivery-heading" className="rounded-xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="delivery-heading" className="flex items-center gap-2 text-sm font-semibold">
          <Icon name="map-pin" className="size-4 text-brand" />
          {chosen ? m.product_delivery_to({ city }) : m.product_delivery_heading()}
        </h2>
        <button type="button" onClick={() => setOpenModal('city')} className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
          {chosen ? m.product_change_city() : m.city_choose_yours()}
        </button>
      </div>
      {!chosen && <p className="mt-2 text-sm text-muted">{m.product_delivery_assumed({ city })}</p>}
      <p className={`mt-2 text-sm ${badge === 'big_item_elsewhere' ? 'text-sale' : 'text-muted'}`}>{deliveryText[badge]()}</p>
      {deliverable && (
        <>
          <p className="mt-3 text-sm">{m.product_delivery_dates_intro()}</p>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label={m.product_delivery_dates_intro()}>
            {dates.map((date) => (
              <li key={date.Date} className="rounded-lg bg-surface px-3 py-1.5 text-sm font-medium">
                <time dateTime={date.Date}>{date.label}</time>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
