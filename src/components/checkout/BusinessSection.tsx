/**
 * A tax invoice for a business (docs/product.md, "Checkout", "A tax invoice for a business"): ticked, the shopper gives
 * the business's registered name and VAT number, and the order's invoice is a standard one that ZATCA clears before it
 * reaches them. It names the billing address, else the delivery address; a pickup has neither, so ticking it there asks
 * for the business's National Address as the billing address.
 */
import type { RegionId } from '../../../app.config'
import type { BusinessBuyer, CheckoutDetails } from '../../domain/checkout'
import { formText } from '../../lib/form-fields'
import { m } from '../../paraglide/messages.js'
import { FormField } from '../ui/FormField'
import { BillingAddress } from './AddressSection'
import type { FieldErrors } from './field-messages'

export function BusinessSection({
  open,
  onOpen,
  pickup,
  kept,
  errors,
  regionId,
  cityLabel,
  regions,
}: {
  open: boolean
  onOpen: (open: boolean) => void
  /** A pickup: the business's address is asked here, as the billing address. */
  pickup: boolean
  kept: CheckoutDetails | null
  errors: FieldErrors
  regionId: RegionId
  cityLabel: string
  regions: { label: string; value: string }[]
}) {
  return (
    <section aria-labelledby="business-heading" className="space-y-4 rounded-2xl bg-white p-5">
      <h2 id="business-heading" className="sr-only">
        {m.checkout_business_toggle()}
      </h2>
      <label className="flex items-center gap-2 font-semibold">
        <input
          type="checkbox"
          name="business"
          checked={open}
          onChange={(event) => onOpen(event.target.checked)}
          className="size-4 accent-[var(--brand)]"
        />
        {m.checkout_business_toggle()}
      </label>
      {open && (
        <>
          <p className="text-sm text-muted">{m.checkout_business_hint()}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={m.checkout_company()}
              name="company"
              defaultValue={kept?.business?.company ?? ''}
              autoComplete="organization"
              maxLength={200}
              error={errors.company}
            />
            <FormField
              label={m.checkout_vat_number()}
              name="vat_number"
              defaultValue={kept?.business?.vat_number ?? ''}
              inputMode="numeric"
              dir="ltr"
              maxLength={20}
              hint={m.checkout_vat_number_hint()}
              error={errors.vat_number}
            />
          </div>
          {pickup ? (
            <BillingAddress
              legend={m.checkout_business_address()}
              kept={kept}
              errors={errors}
              regionId={regionId}
              cityLabel={cityLabel}
              regions={regions}
            />
          ) : (
            <p className="text-sm text-muted">{m.checkout_business_address_hint()}</p>
          )}
        </>
      )}
    </section>
  )
}

/** The business a checkout form holds, or null when the shopper did not ask for a business's invoice. */
export function businessFromForm(form: FormData, open: boolean): BusinessBuyer | null {
  return open ? { company: formText(form, 'company'), vat_number: formText(form, 'vat_number') } : null
}
