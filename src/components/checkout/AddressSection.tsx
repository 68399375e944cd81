/**
 * Checkout's delivery address (docs/product.md, "Checkout"): a customer's saved addresses in the cart's city to pick
 * from, or another one, as a National Address; and the billing address, the same unless the shopper unticks it. The
 * choices are kept by the checkout form, which reads the fields when the order is placed.
 */
import { m } from '../../paraglide/messages.js'
import type { CheckoutDetails, SavedAddress } from '../../domain/checkout'
import type { RegionId } from '../../../app.config'
import { AddressForm } from './AddressForm'
import type { FieldErrors } from './field-messages'
import { AddressLines } from './OrderConfirmation'

export function AddressSection({
  usable,
  picked,
  pickedAddress,
  onPick,
  kept,
  errors,
  regionId,
  cityLabel,
  regions,
  sameBilling,
  onBillingSame,
}: {
  /** The saved addresses in the cart's city. */
  usable: SavedAddress[]
  /** The saved address the form starts from, null for the kept or a new one. */
  picked: SavedAddress | null
  /** The shopper's pick: null when none yet, 0 for another address. */
  pickedAddress: number | null
  onPick: (id: number) => void
  /** What the shopper gave before, kept with the cart. */
  kept: CheckoutDetails | null
  errors: FieldErrors
  regionId: RegionId
  cityLabel: (id: number) => string
  regions: { label: string; value: string }[]
  sameBilling: boolean
  onBillingSame: (same: boolean) => void
}) {
  return (
    <section aria-labelledby="address-heading" className="space-y-4 rounded-2xl bg-white p-5">
      <div>
        <h2 id="address-heading" className="text-lg font-bold">
          {m.checkout_address()}
        </h2>
        <p className="text-sm text-muted">{m.checkout_address_hint()}</p>
      </div>
      {usable.length > 0 && (
        <fieldset>
          <legend className="mb-2 font-semibold">{m.checkout_saved_addresses()}</legend>
          <div className="space-y-2">
            {[...usable, null].map((saved) => (
              <label
                key={saved?.id ?? 0}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-line px-4 py-3 has-checked:border-brand has-checked:bg-brand-soft"
              >
                <input
                  type="radio"
                  name="saved_address"
                  checked={(picked?.id ?? 0) === (saved?.id ?? 0)}
                  onChange={() => onPick(saved?.id ?? 0)}
                  className="mt-1 accent-[var(--brand)]"
                />
                {saved ? (
                  <AddressLines address={saved.address} city={cityLabel(regionId)} />
                ) : (
                  <span className="font-medium">{m.checkout_new_address()}</span>
                )}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <AddressForm
        key={picked?.id ?? (pickedAddress === 0 ? 'new' : 'kept')}
        prefix=""
        defaults={picked?.address ?? (pickedAddress === 0 ? null : (kept?.shipping_address ?? null))}
        errors={errors}
        regionId={regionId}
        cityLabel={cityLabel(regionId)}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={sameBilling}
          onChange={(event) => onBillingSame(event.target.checked)}
          className="size-4 accent-[var(--brand)]"
        />
        {m.checkout_billing_same()}
      </label>
      {!sameBilling && (
        <BillingAddress
          legend={m.checkout_billing_address()}
          kept={kept}
          errors={errors}
          regionId={regionId}
          cityLabel={cityLabel(regionId)}
          regions={regions}
        />
      )}
    </section>
  )
}

/** The billing address under its own legend, in any of the store's cities: this section's, or a business pickup's. */
export function BillingAddress({
  legend,
  kept,
  errors,
  regionId,
  cityLabel,
  regions,
}: {
  legend: string
  kept: CheckoutDetails | null
  errors: FieldErrors
  regionId: RegionId
  cityLabel: string
  regions: { label: string; value: string }[]
}) {
  return (
    <fieldset className="space-y-3 border-t border-line pt-4">
      <legend className="float-start mb-3 font-bold">{legend}</legend>
      <div className="clear-both">
        <AddressForm
          prefix="billing_"
          defaults={kept?.billing_address ?? null}
          errors={errors}
          regionId={regionId}
          cityLabel={cityLabel}
          regions={regions}
        />
      </div>
    </fieldset>
  )
}
