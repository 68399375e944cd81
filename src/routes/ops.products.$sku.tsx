/**
 * One product in the console (docs/product.md, "The merchant console"): its names and descriptions in both languages,
 * price and sale with its window in Riyadh time, whether shoppers see it, its flags, pictures by address and low-stock
 * threshold, saved together against the version the page was opened on; and its stock per city, changed with a reason.
 * A save someone else overtook is refused with who and when, and the form keeps what was typed.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useState, type FormEvent, type ReactNode } from 'react'
import { type RegionId } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { actionText } from '../components/ops/ops-text'
import { OrderQueryState } from '../components/ops/OrderQueryState'
import { formatRiyadhTime } from '../domain/dates'
import {
  editFlags,
  editProblems,
  riyadhMinuteOf,
  stockNoteMax,
  stockReasons,
  type EditField,
  type ProductEdit,
  type StockReason,
} from '../domain/product-edit'
import { currentLocale } from '../lib/i18n'
import { localizeHref } from '../paraglide/runtime'
import { cityName } from '../lib/city-search'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { productQueries, useChangeStock, useSaveProduct, type OpsProduct, type StockChange } from '../queries/ops-products'

export const Route = createFileRoute('/ops/products/$sku')({
  component: ProductPage,
})

const flagText: Record<(typeof editFlags)[number], () => string> = {
  not_for_sale: m.ops_product_flag_not_for_sale,
  preorder: m.ops_product_flag_preorder,
  big_items: m.ops_product_flag_big_items,
  fast_delivery: m.ops_product_flag_fast_delivery,
  delivery_within_24_hours: m.ops_product_flag_delivery_within_24_hours,
  eligible_for_tabby: m.ops_product_flag_eligible_for_tabby,
  eligible_for_tamara: m.ops_product_flag_eligible_for_tamara,
}

const reasonText: Record<StockReason, () => string> = {
  count: m.ops_stock_reason_count,
  damage: m.ops_stock_reason_damage,
  transfer: m.ops_stock_reason_transfer,
}

function ProductPage() {
  const { sku } = Route.useParams()
  const product = useQuery(productQueries.product(sku))
  const locale = currentLocale()
  // Here, not in the form: a save loads the next version, which makes a new form, and its answer must outlive the old one.
  const save = useSaveProduct(sku)
  if (!product.data) return <OrderQueryState query={product} />
  const p = product.data.product
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap justify-between gap-2">
        <Link to="/ops/products" className="text-sm font-semibold text-brand">
          {m.ops_products()}
        </Link>
        {p.parent_id === null && (
          <a href={localizeHref(`/product/${p.rewrite_url}`, { locale })} className="text-sm font-semibold text-brand">
            {m.ops_product_view()}
          </a>
        )}
      </div>
      <h1 className="text-2xl font-bold">{m.ops_product_edit({ name: locale === 'ar' ? p.name_ar : p.name_en })}</h1>
      <p className="text-sm text-muted">
        <bdi dir="ltr">{p.sku}</bdi>
        {p.updated_at && (
          <>
            {' · '}
            {m.ops_product_last_change({ who: p.updated_by ?? m.ops_product_by_import(), when: formatRiyadhTime(p.updated_at, locale) })}
          </>
        )}
      </p>
      <ProductForm
        key={p.version}
        product={p}
        save={save}
        onReload={() => {
          save.reset()
          void product.refetch()
        }}
      />
      <StockForm product={p} />
      {product.data.audit.length > 0 && (
        <section aria-labelledby="trail" className="rounded-2xl bg-white p-4">
          <h2 id="trail" className="mb-2 font-bold">
            {m.ops_audit()}
          </h2>
          <ul className="space-y-1 text-sm">
            {product.data.audit.map((entry) => (
              <li key={entry.id}>
                <span className="font-semibold">{entry.actor_name}</span> · {actionText(entry.action)} · {formatRiyadhTime(entry.at, locale)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

const inputClass = 'h-11 w-full rounded-lg border border-line px-3 aria-[invalid=true]:border-sale'

/** A labelled field with its refusal under it, tied to it for screen readers. */
function Field({ label, error, name, hint, children }: { label: string; error?: string; name: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={`field-${name}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`hint-${name}`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`error-${name}`} className="mt-1 text-sm text-sale">
          {error}
        </p>
      )}
    </div>
  )
}

/** The props every input of the form takes: its id, and its refusal and hint for screen readers. */
const described = (name: string, errors: Partial<Record<string, string>>, hint = false) => ({
  id: `field-${name}`,
  name,
  'aria-invalid': errors[name] ? true : undefined,
  'aria-describedby': [errors[name] ? `error-${name}` : '', hint ? `hint-${name}` : ''].filter(Boolean).join(' ') || undefined,
})

/** `2026-12-01 18:30` as a datetime-local input holds it, and back. */
const toInput = (minute: string | null) => minute?.replace(' ', 'T') ?? ''
const fromInput = (value: string) => (value ? value.replace('T', ' ').slice(0, 16) : null)
const amount = (value: string) => (value.trim() === '' ? NaN : Number(value.trim()))

type EditErrors = Partial<Record<EditField, string>>
type SaveRefusalError = NonNullable<ReturnType<typeof useSaveProduct>['error']>

function ProductForm({ product: p, save, onReload }: { product: OpsProduct; save: ReturnType<typeof useSaveProduct>; onReload: () => void }) {
  const locale = currentLocale()
  const [errors, setErrors] = useState<EditErrors>({})
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const edit = editOfForm(new FormData(event.currentTarget), p.version)
    const problems = editProblems(edit, locale)
    setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.message])))
    if (problems.length === 0) save.mutate(edit, { onError: (error) => setErrors(error.fields as EditErrors) })
  }
  const refusal = save.error
  return (
    <form onSubmit={submit} noValidate aria-label={m.ops_product_names()} className="space-y-4">
      <NamesSection product={p} errors={errors} />
      <PricesSection product={p} errors={errors} />
      <VisibilitySection product={p} errors={errors} />
      {refusal && <SaveRefusal refusal={refusal} onReload={onReload} />}
      {save.isSuccess && (
        <p role="status" className="rounded-2xl bg-white p-4 font-semibold text-brand">
          {m.ops_product_saved()}
        </p>
      )}
      <button type="submit" disabled={save.isPending} className="h-12 w-full rounded-full bg-brand px-6 font-semibold text-brand-ink md:w-auto">
        {save.isPending ? m.ops_product_saving() : m.ops_product_save()}
      </button>
    </form>
  )
}

/** The edit the form holds, as typed: editProblems judges it, the server judges it again. */
function editOfForm(form: FormData, version: OpsProduct['version']): ProductEdit {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const special = text('special_price').trim()
  const noteAr = text('preorder_note_ar').trim()
  const noteEn = text('preorder_note_en').trim()
  return {
    version,
    name: { ar: text('name_ar'), en: text('name_en') },
    description: { ar: text('description_ar'), en: text('description_en') },
    price: amount(text('price')),
    special_price: special ? amount(special) : null,
    special_from: fromInput(text('special_from')),
    special_to: fromInput(text('special_to')),
    hidden: form.get('hidden') === 'on',
    not_for_sale: form.get('not_for_sale') === 'on',
    preorder: form.get('preorder') === 'on',
    preorder_note: noteAr || noteEn ? { ar: noteAr, en: noteEn } : null,
    big_items: form.get('big_items') === 'on',
    fast_delivery: form.get('fast_delivery') === 'on',
    delivery_within_24_hours: form.get('delivery_within_24_hours') === 'on',
    eligible_for_tabby: form.get('eligible_for_tabby') === 'on',
    eligible_for_tamara: form.get('eligible_for_tamara') === 'on',
    images: text('images')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    low_stock: text('low_stock').trim() === '' ? null : amount(text('low_stock')),
  }
}

interface SectionProps {
  product: OpsProduct
  errors: EditErrors
}

function NamesSection({ product: p, errors }: SectionProps) {
  return (
    <section aria-labelledby="names" className="min-w-0 space-y-3 rounded-2xl bg-white p-4">
      <h2 id="names" className="font-bold">
        {m.ops_product_names()}
      </h2>
      <div className="grid gap-3 md:grid-cols-2">
        <Field label={m.ops_product_name_ar()} name="name_ar" error={errors.name_ar}>
          <input {...described('name_ar', errors)} defaultValue={p.name_ar} dir="rtl" lang="ar" className={inputClass} />
        </Field>
        <Field label={m.ops_product_name_en()} name="name_en" error={errors.name_en}>
          <input {...described('name_en', errors)} defaultValue={p.name_en} dir="ltr" lang="en" className={inputClass} />
        </Field>
        <Field label={m.ops_product_description_ar()} name="description_ar" error={errors.description_ar}>
          <textarea
            {...described('description_ar', errors)}
            defaultValue={p.description_ar}
            dir="rtl"
            lang="ar"
            rows={4}
            className="w-full rounded-lg border border-line p-3 aria-[invalid=true]:border-sale"
          />
        </Field>
        <Field label={m.ops_product_description_en()} name="description_en" error={errors.description_en}>
          <textarea
            {...described('description_en', errors)}
            defaultValue={p.description_en}
            dir="ltr"
            lang="en"
            rows={4}
            className="w-full rounded-lg border border-line p-3 aria-[invalid=true]:border-sale"
          />
        </Field>
      </div>
    </section>
  )
}

function PricesSection({ product: p, errors }: SectionProps) {
  return (
    <section aria-labelledby="prices" className="min-w-0 space-y-3 rounded-2xl bg-white p-4">
      <h2 id="prices" className="font-bold">
        {m.ops_product_prices()}
      </h2>
      <div className="grid gap-3 md:grid-cols-2">
        <Field label={m.ops_product_price()} name="price" error={errors.price}>
          <input {...described('price', errors)} defaultValue={p.price} inputMode="decimal" dir="ltr" className={inputClass} />
        </Field>
        <Field label={m.ops_product_special_price()} name="special_price" error={errors.special_price}>
          <input {...described('special_price', errors)} defaultValue={p.special_price ?? ''} inputMode="decimal" dir="ltr" className={inputClass} />
        </Field>
        <Field label={m.ops_product_special_from()} name="special_from" error={errors.special_from} hint={m.ops_product_window_hint()}>
          <input
            {...described('special_from', errors, true)}
            type="datetime-local"
            defaultValue={toInput(riyadhMinuteOf(p.discounted_price_from))}
            className={inputClass}
          />
        </Field>
        <Field label={m.ops_product_special_to()} name="special_to" error={errors.special_to} hint={m.ops_product_window_hint()}>
          <input
            {...described('special_to', errors, true)}
            type="datetime-local"
            defaultValue={toInput(riyadhMinuteOf(p.discounted_price_to))}
            className={inputClass}
          />
        </Field>
      </div>
    </section>
  )
}

/** Whether and how shoppers see it: hidden, the flags, the preorder note, pictures and the low-stock threshold. */
function VisibilitySection({ product: p, errors }: SectionProps) {
  return (
    <section aria-labelledby="visibility" className="min-w-0 space-y-3 rounded-2xl bg-white p-4">
      <h2 id="visibility" className="font-bold">
        {m.ops_product_visibility()}
      </h2>
      <div>
        <div className="grid gap-2 md:grid-cols-2">
          <label className="flex min-h-11 items-center gap-3 font-semibold">
            <input type="checkbox" name="hidden" defaultChecked={p.hidden === 1} className="size-5" />
            {m.ops_product_hidden()}
          </label>
          {editFlags.map((flag) => (
            <label key={flag} className="flex min-h-11 items-center gap-3">
              <input type="checkbox" name={flag} defaultChecked={flag === 'preorder' ? p.back_orders !== 0 : p[flag] === 1} className="size-5" />
              {flagText[flag]()}
            </label>
          ))}
        </div>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label={m.ops_product_preorder_note_ar()} name="preorder_note_ar" error={errors.preorder_note}>
            <input {...described('preorder_note_ar', errors)} defaultValue={p.preorder_note_ar ?? ''} dir="rtl" lang="ar" className={inputClass} />
          </Field>
          <Field label={m.ops_product_preorder_note_en()} name="preorder_note_en">
            <input {...described('preorder_note_en', errors)} defaultValue={p.preorder_note_en ?? ''} dir="ltr" lang="en" className={inputClass} />
          </Field>
        </div>
        <Field label={m.ops_product_pictures()} name="images" error={errors.images} hint={m.ops_product_pictures_hint()}>
          <textarea
            {...described('images', errors, true)}
            defaultValue={(JSON.parse(p.images) as string[]).join('\n')}
            dir="ltr"
            rows={3}
            className="w-full rounded-lg border border-line p-3 font-mono text-sm aria-[invalid=true]:border-sale"
          />
        </Field>
        <Field
          label={m.ops_product_low_stock()}
          name="low_stock"
          error={errors.low_stock}
          hint={m.ops_product_low_stock_hint({ count: serverLimits.orders.lowStockDefault })}
        >
          <input {...described('low_stock', errors, true)} defaultValue={p.low_stock ?? ''} inputMode="numeric" dir="ltr" className={inputClass} />
        </Field>
      </div>
    </section>
  )
}

/** The server's refusal of a save; one overtaken by another save offers to load the newer version. */
function SaveRefusal({ refusal, onReload }: { refusal: SaveRefusalError; onReload: () => void }) {
  const stale = refusal.status === 409
  return (
    <div role="alert" className="space-y-2 rounded-2xl border border-sale bg-white p-4 text-sale">
      <p>{refusal.refusal.message || refusal.issues.join(' ')}</p>
      {!stale && Object.keys(refusal.fields).length === 0 && refusal.issues.length > 0 && (
        <ul className="list-disc ps-5 text-sm" dir="auto">
          {refusal.issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      )}
      {stale && (
        <>
          <p className="text-sm text-ink">{m.ops_product_reload_hint()}</p>
          <button type="button" onClick={onReload} className="h-11 rounded-full border border-brand px-5 font-semibold text-brand">
            {m.ops_product_reload()}
          </button>
        </>
      )}
    </div>
  )
}

function StockForm({ product: p }: { product: OpsProduct }) {
  const locale = currentLocale()
  const regions = useQuery(catalogueQueries.frame(locale)).data?.regions
  const change = useChangeStock(p.sku)
  const [mode, setMode] = useState<'set' | 'add'>('add')
  const [nothing, setNothing] = useState(false)
  const follows = p.variant_count > 0
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const form = new FormData(element)
    const changes: StockChange['changes'] = []
    for (const { region_id } of p.stock) {
      const value = form.get(`qty-${region_id}`)
      if (typeof value !== 'string' || value.trim() === '') continue
      const units = Number(value.trim())
      if (!Number.isInteger(units)) continue
      changes.push(mode === 'set' ? { region_id, set: units } : { region_id, add: units })
    }
    setNothing(changes.length === 0)
    if (changes.length === 0) return
    const noteValue = form.get('note')
    const note = typeof noteValue === 'string' ? noteValue.trim() : ''
    change.mutate({ changes, reason: form.get('reason') as StockReason, ...(note ? { note } : {}) }, { onSuccess: () => element.reset() })
  }
  return (
    <form onSubmit={submit} aria-labelledby="stock" className="space-y-3 rounded-2xl bg-white p-4">
      <h2 id="stock" className="font-bold">
        {m.ops_stock()}
      </h2>
      {follows && <p className="text-sm text-muted">{m.ops_stock_follows_variants()}</p>}
      <fieldset className="flex min-w-0 flex-wrap gap-4" disabled={follows}>
        <legend className="mb-1 text-sm font-medium">{m.ops_stock_mode()}</legend>
        {(['add', 'set'] as const).map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)} className="size-5" />
            {value === 'set' ? m.ops_stock_mode_set() : m.ops_stock_mode_add()}
          </label>
        ))}
      </fieldset>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-start text-muted">
            <th scope="col" className="py-1 text-start font-medium">
              {m.ops_stock_city()}
            </th>
            <th scope="col" className="py-1 text-start font-medium">
              {m.ops_stock_units()}
            </th>
            <th scope="col" className="py-1 text-start font-medium">
              {m.ops_stock_change()}
            </th>
          </tr>
        </thead>
        <tbody>
          {p.stock.map(({ region_id, qty }) => {
            const city = cityName(regions, region_id as RegionId) ?? String(region_id)
            return (
              <tr key={region_id} className="border-t border-line">
                <th scope="row" className="py-1 text-start font-normal">
                  {city}
                </th>
                <td className="py-1 tabular-nums">{qty}</td>
                <td className="py-1">
                  <input
                    name={`qty-${region_id}`}
                    aria-label={`${m.ops_stock_change()} · ${city}`}
                    inputMode="numeric"
                    dir="ltr"
                    disabled={follows}
                    className="h-11 w-24 rounded-lg border border-line px-2"
                  />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <div className="grid gap-3 md:grid-cols-[1fr_2fr]">
        <label>
          <span className="mb-1 block text-sm font-medium">{m.ops_stock_reason()}</span>
          <select name="reason" disabled={follows} className="h-11 w-full rounded-lg border border-line bg-white px-2">
            {stockReasons.map((reason) => (
              <option key={reason} value={reason}>
                {reasonText[reason]()}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="mb-1 block text-sm font-medium">{m.ops_stock_note()}</span>
          <input name="note" maxLength={stockNoteMax} dir="auto" disabled={follows} className="h-11 w-full rounded-lg border border-line px-3" />
        </label>
      </div>
      {nothing && <p className="text-sm text-sale">{m.ops_stock_nothing()}</p>}
      {change.error && (
        <p role="alert" className="text-sale">
          {change.error.message}
        </p>
      )}
      {change.isSuccess && !change.isPending && (
        <p role="status" className="font-semibold text-brand">
          {m.ops_stock_saved()}
        </p>
      )}
      <button
        type="submit"
        disabled={follows || change.isPending}
        className="h-12 w-full rounded-full bg-brand px-6 font-semibold text-brand-ink md:w-auto"
      >
        {m.ops_stock_save()}
      </button>
    </form>
  )
}
