/**
 * The coupon form (docs/product.md, "The merchant console"): create, or edit a coupon from the version the staff member
 * read. The server checks every field again (src/domain/coupons.ts `checkedCoupon`, worker/api/ops-coupons.ts); a
 * refusal is shown beside each field it names, and the window is typed in Riyadh time whatever the device's zone.
 */
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { couponKinds, type CouponField, type CouponForm, type CouponKind } from '../../domain/coupons'
import { submittedFields } from '../../lib/form-fields'
import { m } from '../../paraglide/messages.js'
import { useCouponSave } from '../../queries/ops-coupons'
import { FormField } from '../ui/FormField'
import { couponRefusal } from './coupon-text'

const kindText: Record<CouponKind, () => string> = { percent: m.ops_coupon_kind_percent, fixed: m.ops_coupon_kind_fixed }

const empty: CouponForm = {
  code: '',
  kind: 'percent',
  value: '',
  min_subtotal: '',
  starts: '',
  ends: '',
  max_uses: '',
  max_uses_per_customer: '',
  products: '',
  categories: '',
}

export function CouponEditor({ initial, version }: { initial?: CouponForm; version?: string | null }) {
  const editing = initial !== undefined
  const start = initial ?? empty
  const save = useCouponSave()
  const navigate = useNavigate()
  const [problems, setProblems] = useState<{ fields: Partial<Record<CouponField, string>>; form: string | null; saved?: boolean }>({
    fields: {},
    form: null,
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const field = submittedFields(event)
    const form: CouponForm = {
      code: editing ? start.code : field('code'),
      kind: field('kind') as CouponKind,
      value: field('value'),
      min_subtotal: field('min_subtotal'),
      starts: field('starts'),
      ends: field('ends'),
      max_uses: field('max_uses'),
      max_uses_per_customer: field('max_uses_per_customer'),
      products: field('products'),
      categories: field('categories'),
    }
    save.mutate(
      { form, version, editing },
      {
        onSuccess: ({ code }) => {
          setProblems({ fields: {}, form: null, saved: true })
          if (!editing) void navigate({ to: '/ops/coupons/$code', params: { code } })
        },
        onError: (error) => setProblems(couponRefusal(error)),
      },
    )
  }
  const text = (name: CouponField, label: string, extra: Partial<Parameters<typeof FormField>[0]> = {}) => (
    <FormField label={label} name={name} defaultValue={start[name]} error={problems.fields[name]} dir="ltr" {...extra} />
  )
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? m.ops_coupon_edit() : m.ops_coupons_new()}
      className="grid gap-3 rounded-2xl bg-white p-4 md:grid-cols-2"
    >
      {text('code', m.ops_coupon_code(), { readOnly: editing, hint: m.ops_coupon_code_hint(), autoCapitalize: 'characters', maxLength: 32 })}
      <fieldset>
        <legend className="mb-1 block text-sm font-medium">{m.ops_coupon_kind()}</legend>
        <div className="flex flex-wrap gap-4 pt-2">
          {couponKinds.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input type="radio" name="kind" value={kind} defaultChecked={start.kind === kind} className="size-4 accent-brand" />
              {kindText[kind]()}
            </label>
          ))}
        </div>
      </fieldset>
      {text('value', m.ops_coupon_value(), { inputMode: 'decimal', hint: m.ops_coupon_value_hint() })}
      {text('min_subtotal', m.ops_coupon_min_subtotal(), { inputMode: 'decimal' })}
      {text('starts', m.ops_coupon_starts(), { type: 'datetime-local' })}
      {text('ends', m.ops_coupon_ends(), { type: 'datetime-local' })}
      {text('max_uses', m.ops_coupon_max_uses(), { inputMode: 'numeric', hint: m.ops_coupon_limit_hint() })}
      {text('max_uses_per_customer', m.ops_coupon_max_uses_per_customer(), { inputMode: 'numeric', hint: m.ops_coupon_limit_hint() })}
      {text('products', m.ops_coupon_products(), { hint: m.ops_coupon_targets_hint() })}
      {text('categories', m.ops_coupon_categories())}
      <div className="flex flex-wrap items-center gap-3 md:col-span-2">
        <button type="submit" disabled={save.isPending} className="h-11 rounded-full bg-brand px-5 font-semibold text-brand-ink">
          {m.ops_coupon_save()}
        </button>
        {problems.form && (
          <p role="alert" className="text-sale">
            {problems.form}
          </p>
        )}
        {problems.saved && (
          <p role="status" className="text-brand">
            {m.ops_saved()}
          </p>
        )}
      </div>
    </form>
  )
}
