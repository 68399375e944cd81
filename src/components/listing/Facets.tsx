/**
 * The listing's facets (docs/product.md: brand, price range, availability in the chosen city, delivery speed,
 * the in-stock filter). Every change is a new URL, so a filtered listing can be shared and the back
 * button undoes a choice. Counts come from the server (worker/catalogue/listing.ts).
 */
import { useAtomValue } from 'jotai'
import { type FormEvent, useId, useState } from 'react'
import { parsePriceRange, type PriceRangeError } from '../../lib/price-range'
import type { DeliveryFacetKey, ListingFacets, ListingSearch } from '../../domain/listing'
import { m } from '../../paraglide/messages.js'
import { chosenFilterCount } from './filter-count'
import { Check, Group, toggled } from './FilterControls'
import { regionIdAtom } from '../../state/shopper'
import { deliveryText } from '../product/DeliveryBadge'
import { cityName } from '../../lib/city-search'
import { submittedFields } from '../../lib/form-fields'
import { useFrameData } from '../frame/frame-data'

interface FacetsProps {
  facets: ListingFacets
  search: ListingSearch
  onChange: (next: ListingSearch) => void
}

export function Facets({ facets, search, onChange }: FacetsProps) {
  const region = useAtomValue(regionIdAtom)
  const city = cityName(useFrameData()?.regions, region) ?? ''
  const change = (patch: Partial<ListingSearch>) => onChange({ ...search, ...patch, page: undefined })
  const chosenBrands = search.brand?.split(',') ?? []
  const chosenDelivery = (search.delivery?.split(',') ?? []) as DeliveryFacetKey[]

  return (
    <div>
      {chosenFilterCount(search) > 0 && (
        <button type="button" onClick={() => onChange({ sort: search.sort })} className="mb-2 text-sm font-semibold text-brand underline">
          {m.filters_clear()}
        </button>
      )}
      <Group title={m.filters_availability()}>
        <Check
          label={m.filters_in_stock()}
          count={facets.inStock}
          checked={search.in_stock === 1}
          onChange={() => change({ in_stock: search.in_stock ? undefined : 1 })}
        />
        <Check
          label={m.filters_in_city({ city })}
          count={facets.city}
          checked={search.city === 1}
          onChange={() => change({ city: search.city ? undefined : 1 })}
        />
      </Group>
      {facets.delivery.length > 0 && (
        <Group title={m.filters_delivery()}>
          {facets.delivery.map((d) => (
            <Check
              key={d.key}
              label={deliveryText[d.key]()}
              count={d.count}
              checked={chosenDelivery.includes(d.key)}
              onChange={() => change({ delivery: toggled(search.delivery, d.key) })}
            />
          ))}
        </Group>
      )}
      {facets.brands.length > 0 && (
        <Group title={m.filters_brand()}>
          {facets.brands.map((b) => (
            <Check
              key={b.key}
              label={b.label}
              count={b.count}
              checked={chosenBrands.includes(b.key)}
              onChange={() => change({ brand: toggled(search.brand, b.key) })}
            />
          ))}
        </Group>
      )}
      {facets.price && (
        <Group title={m.filters_price()}>
          {/* Keyed by the applied range, so the inputs show it again after navigation. */}
          <PriceRangeForm key={`${search.price_min}-${search.price_max}`} bounds={facets.price} search={search} onApply={(range) => change(range)} />
        </Group>
      )}
    </div>
  )
}

const priceErrors: Record<PriceRangeError, () => string> = {
  not_whole_riyals: m.filters_price_not_whole,
  max_below_min: m.filters_price_max_below_min,
}

function PriceInput({
  name,
  label,
  value,
  placeholder,
  invalid,
  describedBy,
}: {
  name: string
  label: string
  value?: number
  placeholder: number
  invalid: boolean
  describedBy?: string
}) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs text-muted">
        {label}
      </label>
      {/* Text, not number: Arabic-Indic digits and separators are accepted and folded. */}
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        dir="ltr"
        defaultValue={value}
        placeholder={String(placeholder)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? describedBy : undefined}
        className="h-10 w-full rounded-lg border border-line px-2 text-sm aria-invalid:border-sale"
      />
    </div>
  )
}

function PriceRangeForm({
  bounds,
  search,
  onApply,
}: {
  bounds: { min: number; max: number }
  search: ListingSearch
  onApply: (range: Pick<ListingSearch, 'price_min' | 'price_max'>) => void
}) {
  const [error, setError] = useState<PriceRangeError | null>(null)
  const errorId = useId()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const field = submittedFields(event)
    const range = parsePriceRange(field('price_min'), field('price_max'))
    if ('error' in range) return setError(range.error)
    setError(null)
    onApply({ price_min: range.price_min, price_max: range.price_max })
  }
  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-2 gap-2">
      <PriceInput
        name="price_min"
        label={m.filters_price_min()}
        value={search.price_min}
        placeholder={bounds.min}
        invalid={error !== null}
        describedBy={errorId}
      />
      <PriceInput
        name="price_max"
        label={m.filters_price_max()}
        value={search.price_max}
        placeholder={bounds.max}
        invalid={error !== null}
        describedBy={errorId}
      />
      {error && (
        <p id={errorId} role="alert" className="col-span-2 text-xs font-medium text-sale">
          {priceErrors[error]()}
        </p>
      )}
      <button type="submit" className="col-span-2 h-10 rounded-full border border-brand text-sm font-semibold text-brand hover:bg-brand-soft">
        {m.filters_price_apply()}
      </button>
    </form>
  )
}
