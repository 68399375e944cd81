/**
 * Delivery (docs/product.md, "Checkout"): the shipping methods the backend offers the cart, with their prices
 * (standard free above 299 SAR; fast in the fast-delivery cities, where it comes sooner; the 24-hour promise in region
 * 1116; big items only to Riyadh; a free pickup in a city with a showroom), each with its earliest date, then for a
 * pickup the city's showrooms to choose from, and the chosen method's dates. A pickup then shows where and when: the
 * showroom's hours on the chosen day (Friday's are its own), its phone and its map (issue 42, item 4).
 */
import type { PickupShowroom, ShippingChoice, ShippingCode } from '../../domain/shipping'
import { appConfig } from '../../../app.config'
import { m } from '../../paraglide/messages.js'
import { Price } from '../Price'
import { OptionRadio, useChoiceFirst } from '../ui/OptionRadio'
import { PickupHours } from './PickupHours'

interface DeliverySectionProps {
  methods: ShippingChoice[]
  chosen: ShippingCode
  onChoose: (code: ShippingCode) => void
  date: string | null
  onDate: (date: string) => void
  error?: string
  /** Pickup: the chosen showroom and its message. */
  showroom: string | null
  onShowroom: (id: string) => void
  showroomError?: string
  busy: boolean
}

const methodName: Record<ShippingCode, () => string> = {
  standard: m.checkout_ship_standard,
  fast: m.checkout_ship_fast,
  pickup: m.checkout_ship_pickup,
}

const unavailable: Record<NonNullable<ShippingChoice['unavailable_reason']>, () => string> = {
  big_items: m.checkout_ship_big_items,
  not_fast_city: m.checkout_ship_not_fast_city,
  no_showroom: m.checkout_ship_no_showroom,
  not_in_city_stock: m.checkout_ship_not_in_city_stock,
}

export function DeliverySection({ methods, chosen, onChoose, date, onDate, error, showroom, onShowroom, showroomError, busy }: DeliverySectionProps) {
  const chosenMethod = methods.find((method) => method.code === chosen)
  const dates = chosenMethod?.dates ?? []
  const pickup = chosen === 'pickup' && chosenMethod?.available
  const [shown, choose] = useChoiceFirst(chosen, onChoose)
  const [shownDate, chooseDate] = useChoiceFirst(date, onDate)
  const [shownShowroom, chooseShowroom] = useChoiceFirst(showroom, onShowroom)
  return (
    <section aria-labelledby="delivery-heading" className="space-y-5 rounded-2xl bg-white p-5">
      <h2 id="delivery-heading" className="text-lg font-bold">
        {m.checkout_delivery()}
      </h2>
      <fieldset disabled={busy}>
        <legend className="sr-only">{m.checkout_delivery()}</legend>
        <div className="space-y-2">
          {methods.map((method) => (
            <OptionRadio
              key={method.code}
              name="shipping_method"
              value={method.code}
              disabled={!method.available}
              checked={shown === method.code}
              onChange={() => choose(method.code)}
            >
              <span className="flex-1">
                <span className="block font-medium">{methodName[method.code]()}</span>
                {method.within_24_hours && <span className="block text-xs text-[#00683a]">{m.checkout_ship_within_24_hours()}</span>}
                {/* Each method's first date side by side: what fast delivery's fee buys (docs/product.md, "Checkout"). */}
                {method.available && method.dates[0] && (
                  <span className="block text-xs text-muted">
                    {(method.code === 'pickup' ? m.checkout_ship_ready : m.checkout_ship_earliest)({ date: method.dates[0].label })}
                  </span>
                )}
                {!method.available && method.unavailable_reason && (
                  <span className="block text-xs text-muted">{unavailable[method.unavailable_reason]()}</span>
                )}
              </span>
              <span className="text-sm font-semibold">
                {method.amount === 0 ? m.checkout_ship_free() : <Price amount={method.amount} decimals={appConfig.money.totalDecimals} />}
              </span>
            </OptionRadio>
          ))}
        </div>
      </fieldset>
      {pickup && (
        <fieldset aria-describedby={showroomError ? 'pickup-showroom-error' : undefined}>
          <legend className="mb-2 font-semibold">{m.checkout_pickup_showroom()}</legend>
          <div className="space-y-2">
            {(chosenMethod.showrooms ?? []).map((s) => (
              <OptionRadio key={s.id} name="pickup_showroom" value={s.id} checked={shownShowroom === s.id} onChange={() => chooseShowroom(s.id)}>
                <span className="flex-1">
                  <span className="block font-medium">{s.name}</span>
                  <span className="block text-xs text-muted">{s.address}</span>
                </span>
              </OptionRadio>
            ))}
          </div>
          {showroomError && (
            <p id="pickup-showroom-error" className="mt-1 text-xs font-medium text-sale">
              {showroomError}
            </p>
          )}
        </fieldset>
      )}
      <fieldset aria-describedby={error ? 'delivery-date-error' : undefined}>
        <legend className="mb-2 font-semibold">{pickup ? m.checkout_pickup_date() : m.checkout_delivery_date()}</legend>
        <div className="flex flex-wrap gap-2">
          {dates.map((d) => (
            <label
              key={d.Date}
              className="cursor-pointer rounded-lg border border-line px-4 py-2 text-sm font-medium has-checked:border-brand has-checked:bg-brand-soft has-focus-visible:outline-2 has-focus-visible:outline-brand"
            >
              <input
                type="radio"
                name="delivery_date"
                value={d.Date}
                checked={shownDate === d.Date}
                onChange={() => chooseDate(d.Date)}
                className="sr-only"
              />
              <time dateTime={d.Date}>{d.label}</time>
            </label>
          ))}
        </div>
        {error && (
          <p id="delivery-date-error" className="mt-1 text-xs font-medium text-sale">
            {error}
          </p>
        )}
      </fieldset>
      {pickup && shownDate && <PickupPlace showroom={chosenMethod.showrooms?.find((s) => s.id === shownShowroom)} date={shownDate} />}
    </section>
  )
}

/** Where and when the chosen showroom hands the order over, with its phone and map. */
function PickupPlace({ showroom, date }: { showroom: PickupShowroom | undefined; date: string }) {
  if (!showroom) return null
  return (
    <div className="space-y-1 rounded-xl bg-surface p-4 text-sm" aria-live="polite">
      <p className="font-semibold">{showroom.name}</p>
      <PickupHours showroom={showroom} date={date} />
    </div>
  )
}
