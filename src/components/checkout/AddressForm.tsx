/**
 * The Saudi National Address fields (docs/product.md, "Checkout"): district, street, a 4-digit building number, a
 * 5-digit postal code, the optional additional number and short address, and a note for the courier. The delivery
 * address starts from the short address, which fills the rest from Saudi Post (./ShortAddressLookup.tsx). The delivery
 * address's city is the cart's (changing it is the city-change rule, through the city popup); a billing address picks
 * any of the store's cities.
 */
import { useSetAtom } from 'jotai'
import type { RegionId } from '../../../app.config'
import type { AddressFields } from '../../domain/checkout'
import { m } from '../../paraglide/messages.js'
import { openModalAtom } from '../../state/shopper'
import { FormField } from '../ui/FormField'
import type { FieldErrors } from './field-messages'
import { formText } from '../../lib/form-fields'
import { ShortAddressLookup } from './ShortAddressLookup'

interface AddressFormProps {
  /** '' for the delivery address, 'billing_' for the billing address: the form's field names. */
  prefix: '' | 'billing_'
  defaults: AddressFields | null
  errors: FieldErrors
  regionId: RegionId
  cityLabel: string
  /** The cities a billing address may name (the delivery address keeps the cart's). */
  regions?: { label: string; value: string }[]
}

export function AddressForm({ prefix, defaults, errors, regionId, cityLabel, regions }: AddressFormProps) {
  const setOpenModal = useSetAtom(openModalAtom)
  const error = (field: keyof AddressFields) => errors[`${prefix}${field}`]
  const text = (field: keyof AddressFields) => (defaults ? String(defaults[field] ?? '') : '')
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {prefix === '' && <ShortAddressLookup defaultValue={text('shortAddress')} error={error('shortAddress')} />}
      {regions ? (
        <div>
          <label htmlFor={`${prefix}regionId`} className="mb-1 block text-sm font-medium">
            {m.checkout_city()}
          </label>
          <select
            id={`${prefix}regionId`}
            name={`${prefix}regionId`}
            defaultValue={String(defaults?.regionId ?? regionId)}
            className="h-11 w-full rounded-lg border border-line bg-white px-3 focus:outline-2 focus:outline-brand"
          >
            {regions.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div>
          <p className="mb-1 text-sm font-medium">{m.checkout_city()}</p>
          <div className="flex h-11 items-center justify-between gap-2 rounded-lg border border-line bg-surface px-3">
            <span className="font-medium">{cityLabel}</span>
            <button
              type="button"
              onClick={() => setOpenModal('city')}
              className="text-sm font-semibold text-brand underline-offset-2 hover:underline"
            >
              {m.checkout_change_city()}
            </button>
          </div>
        </div>
      )}
      <FormField
        label={m.checkout_district()}
        name={`${prefix}district`}
        defaultValue={text('district')}
        autoComplete="address-level3"
        error={error('district')}
      />
      <FormField
        label={m.checkout_street()}
        name={`${prefix}street`}
        defaultValue={text('street')}
        autoComplete="address-line1"
        error={error('street')}
        className="sm:col-span-2"
      />
      <FormField
        label={m.checkout_building()}
        name={`${prefix}building`}
        defaultValue={text('building')}
        inputMode="numeric"
        dir="ltr"
        maxLength={8}
        error={error('building')}
      />
      <FormField
        label={m.checkout_postal_code()}
        name={`${prefix}postalCode`}
        defaultValue={text('postalCode')}
        inputMode="numeric"
        autoComplete="postal-code"
        dir="ltr"
        maxLength={10}
        error={error('postalCode')}
      />
      <FormField
        label={m.checkout_additional_number()}
        name={`${prefix}additionalNumber`}
        defaultValue={text('additionalNumber')}
        inputMode="numeric"
        dir="ltr"
        maxLength={8}
        error={error('additionalNumber')}
      />
      {prefix === 'billing_' && (
        <FormField
          label={m.checkout_short_address()}
          name={`${prefix}shortAddress`}
          defaultValue={text('shortAddress')}
          dir="ltr"
          maxLength={12}
          placeholder="RRRD2929"
          error={error('shortAddress')}
        />
      )}
      {prefix === '' && (
        <div className="sm:col-span-2">
          <label htmlFor="note" className="mb-1 block text-sm font-medium">
            {m.checkout_note()}
          </label>
          <textarea
            id="note"
            name="note"
            rows={2}
            maxLength={400}
            defaultValue={text('note')}
            aria-invalid={error('note') ? true : undefined}
            aria-describedby={error('note') ? 'note-error' : undefined}
            className="w-full rounded-lg border border-line px-3 py-2 focus:outline-2 focus:outline-brand aria-invalid:border-sale"
          />
          {error('note') && (
            <p id="note-error" className="mt-1 text-xs font-medium text-sale">
              {error('note')}
            </p>
          )}
        </div>
      )}
    </div>
  )
}

/** The address a form holds, read by field name; without a city field (checkout's delivery address) it is `regionId`. */
export function addressFromForm(form: FormData, prefix: '' | 'billing_', regionId: number): AddressFields {
  const value = (field: string) => formText(form, `${prefix}${field}`)
  return {
    regionId: form.has(`${prefix}regionId`) ? Number(value('regionId')) : regionId,
    district: value('district'),
    street: value('street'),
    building: value('building'),
    postalCode: value('postalCode'),
    additionalNumber: value('additionalNumber'),
    shortAddress: value('shortAddress'),
    note: value('note'),
  }
}
