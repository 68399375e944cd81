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
  const minId = useId()
  const maxId = useId()
  const change = (patch: Partial<ListingSearch>) => onChange({ ...search, ...patch, page: undefined })
  const chosenBrands = search.brand?.split(',') ?? []
  const chosenDelivery = (search.delivery?.split(',') ?? []) as DeliveryFacetKey[]

  const applyPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const read = (name: string) => {
      const value = Number(String(form.get(name) ?? '').trim() || Number.NaN)
      return Number.isInteger(value) && value >= 0 ? value : undefined
    }
    const min = read('price_min')
    const max = read('price_max')
    change({ price_min: min || undefined, price_max: max !== undefined && (min === undefined || max >= min) ? max : undefined })
  }

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
          <form key={`${search.price_min}-${search.price_max}`} onSubmit={applyPrice} className="grid grid-cols-2 gap-2">
            <div>
              <label htmlFor={minId} className="mb-1 block text-xs text-muted">
                {m.filters_price_min()}
              </label>
              <input
                id={minId}
                name="price_min"
                type="number"
                inputMode="numeric"
                min={0}
                dir="ltr"
                defaultValue={search.price_min}
                placeholder={String(facets.price.min)}
                className="h-10 w-full rounded-lg border border-line px-2 text-sm"
              />
            </div>
            <div>
              <label htmlFor={maxId} className="mb-1 block text-xs text-muted">
                {m.filters_price_max()}
              </label>
              <input
                id={maxId}
                name="price_max"
                type="number"
                inputMode="numeric"
                min={0}
                dir="ltr"
                defaultValue={search.price_max}
                placeholder={String(facets.price.max)}
                className="h-10 w-full rounded-lg border border-line px-2 text-sm"
              />
            </div>
            <button type="submit" className="col-span-2 h-10 rounded-full border border-brand text-sm font-semibold text-brand hover:bg-brand-soft">
              {m.filters_price_apply()}
            </button>
          </form>
        </Group>
      )}
    </div>
  )
}
