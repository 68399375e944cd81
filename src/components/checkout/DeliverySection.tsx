/**
 * Delivery (docs/product.md, "Checkout"): the shipping methods the backend offers the cart, with their prices
 * (standard free above 299 SAR; fast in the fast-delivery cities; the 24-hour promise in region 1116; big items only
 * to Riyadh), and the chosen method's delivery dates.
 */
import type { ShippingChoice, ShippingCode } from '../../domain/shipping'
import { m } from '../../paraglide/messages.js'
import { Price } from '../Price'
import { OptionRadio, useChoiceFirst } from '../ui/OptionRadio'

interface DeliverySectionProps {
  methods: ShippingChoice[]
  chosen: ShippingCode
  onChoose: (code: ShippingCode) => void
  date: string | null
  onDate: (date: string) => void
  error?: string
  busy: boolean
}

const methodName: Record<ShippingCode, () => string> = { standard: m.checkout_ship_standard, fast: m.checkout_ship_fast }

export function DeliverySection({ methods, chosen, onChoose, date, onDate, error, busy }: DeliverySectionProps) {
  const dates = methods.find((method) => method.code === chosen)?.dates ?? []
  const [shown, choose] = useChoiceFirst(chosen, onChoose)
  const [shownDate, chooseDate] = useChoiceFirst(date, onDate)
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
                {!method.available && (
                  <span className="block text-xs text-muted">
                    {method.unavailable_reason === 'big_items' ? m.checkout_ship_big_items() : m.checkout_ship_not_fast_city()}
                  </span>
                )}
              </span>
              <span className="text-sm font-semibold">
                {method.amount === 0 ? m.checkout_ship_free() : <Price amount={method.amount} decimals={2} />}
              </span>
            </OptionRadio>
          ))}
        </div>
      </fieldset>
      <fieldset aria-describedby={error ? 'delivery-date-error' : undefined}>
        <legend className="mb-2 font-semibold">{m.checkout_delivery_date()}</legend>
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
    </section>
  )
}
