/**
 * The listing's facets (spec: brand, price range, availability in the chosen city, delivery speed,
 * the in-stock filter). Every change is a new URL, so a filtered listing can be shared and the back
 * button undoes a choice. Counts come from the server (worker/catalogue/listing.ts).
 */
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react'
import type { ListingFacets } from '~/catalogue/listing'
import { currentLocale } from '../../lib/i18n'
import { parsePriceRange, type PriceRangeError } from '../../lib/price-range'
import type { DeliveryFacetKey, ListingSearch } from '../../lib/search-params'
import { m } from '../../paraglide/messages.js'
import { chosenFilterCount } from './filter-count'
import { catalogueQueries } from '../../queries/catalogue'
import { regionIdAtom } from '../../state/shopper'
import { deliveryText } from '../product/DeliveryBadge'

interface FacetsProps {
  facets: ListingFacets
  search: ListingSearch
  onChange: (next: ListingSearch) => void
}

function toggled(list: string | undefined, key: string): string | undefined {
  const items = list ? list.split(',') : []
  const next = items.includes(key) ? items.filter((item) => item !== key) : [...items, key]
  return next.length > 0 ? next.join(',') : undefined
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="border-b border-line py-4 last:border-b-0">
      <legend className="float-start mb-2 text-sm font-bold">{title}</legend>
      <div className="clear-both space-y-1">{children}</div>
    </fieldset>
  )
}

function Check({ label, count, checked, onChange }: { label: string; count: number; checked: boolean; onChange: () => void }) {
  // The box follows the click at once; the URL (and so `checked`) follows when the new listing loads.
  const [shown, setShown] = useState(checked)
  useEffect(() => setShown(checked), [checked])
  return (
    <label className={`flex min-h-9 cursor-pointer items-center gap-3 text-sm ${count === 0 && !checked ? 'text-muted' : ''}`}>
      <input
        type="checkbox"
        checked={shown}
        onChange={() => {
          setShown(!shown)
          onChange()
        }}
        className="size-4 shrink-0 accent-[var(--brand)]"
      />
      <span className="flex-1">{label}</span>
      <span className="text-xs text-muted" aria-hidden="true">
        {count}
      </span>
      <span className="sr-only">({count})</span>
    </label>
  )
}

export function Facets({ facets, search, onChange }: FacetsProps) {
  const locale = currentLocale()
  const region = useAtomValue(regionIdAtom)
  const city = useQuery(catalogueQueries.frame(locale)).data?.regions.find((r) => r.value === region)?.label ?? ''
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
        <Check label={m.filters_in_stock()} count={facets.inStock} checked={search.in_stock === 1} onChange={() => change({ in_stock: search.in_stock ? undefined : 1 })} />
        <Check label={m.filters_in_city({ city })} count={facets.city} checked={search.city === 1} onChange={() => change({ city: search.city ? undefined : 1 })} />
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
            <Check key={b.key} label={b.label} count={b.count} checked={chosenBrands.includes(b.key)} onChange={() => change({ brand: toggled(search.brand, b.key) })} />
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

function PriceInput({ name, label, value, placeholder, invalid, describedBy }: { name: string; label: string; value?: number; placeholder: number; invalid: boolean; describedBy?: string }) {
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

function PriceRangeForm({ bounds, search, onApply }: { bounds: { min: number; max: number }; search: ListingSearch; onApply: (range: Pick<ListingSearch, 'price_min' | 'price_max'>) => void }) {
  const [error, setError] = useState<PriceRangeError | null>(null)
  const errorId = useId()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const range = parsePriceRange(String(form.get('price_min') ?? ''), String(form.get('price_max') ?? ''))
    if ('error' in range) return setError(range.error)
    setError(null)
    onApply({ price_min: range.price_min, price_max: range.price_max })
  }
  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-2 gap-2">
      <PriceInput name="price_min" label={m.filters_price_min()} value={search.price_min} placeholder={bounds.min} invalid={error !== null} describedBy={errorId} />
      <PriceInput name="price_max" label={m.filters_price_max()} value={search.price_max} placeholder={bounds.max} invalid={error !== null} describedBy={errorId} />
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
