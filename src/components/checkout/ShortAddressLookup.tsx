/**
 * The delivery address from the short address (docs/product.md, "Checkout"): the shopper types the 4 letters and 4
 * digits of their National Address, Saudi Post answers the building, street, district, postal code and additional
 * number, which fill the fields below and are shown to confirm. The backend looks the short address up again when the
 * order is placed (worker/commerce/address-check.ts): what the page filled in is a convenience, never the proof.
 * Saudi Post down or slow leaves the fields to the shopper; a short address it does not know says so under the field.
 */
import { useId, useRef, useState } from 'react'
import { shortAddressOf } from '../../domain/checkout'
import { m } from '../../paraglide/messages.js'
import { useShortAddressLookup } from '../../queries/national-address'

interface Found {
  building: string
  street: string
  district: string
  city: string
  postalCode: string
  additionalNumber: string
}

/** The form's fields a found address fills, by their names (./AddressForm.tsx). */
const filled = (found: Found): Record<string, string> => ({
  district: found.district,
  street: found.street,
  building: found.building,
  postalCode: found.postalCode,
  additionalNumber: found.additionalNumber,
})

export function ShortAddressLookup({ defaultValue, error }: { defaultValue: string; error: string | undefined }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const lookup = useShortAddressLookup()
  const [found, setFound] = useState<Found | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const shownError = problem ?? error

  async function find() {
    const field = input.current
    if (!field) return
    const shortAddress = shortAddressOf(field.value)
    setFound(null)
    if (!shortAddress) return setProblem(m.checkout_error_short_address())
    setProblem(null)
    const result = await lookup.mutateAsync(shortAddress)
    const answer = result.data
    if (!answer) return setProblem(result.error?.message || m.checkout_short_address_unavailable())
    if (answer.status !== 'found' || !answer.address) return setProblem(m.checkout_short_address_unavailable())
    field.value = shortAddress
    for (const [name, value] of Object.entries(filled(answer.address))) {
      const target = field.form?.elements.namedItem(name)
      if (target instanceof HTMLInputElement) target.value = value
    }
    setFound(answer.address)
  }

  const described = [`${id}-hint`, shownError && `${id}-error`].filter(Boolean).join(' ')
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {m.checkout_short_address_lookup()}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          name="shortAddress"
          defaultValue={defaultValue}
          dir="ltr"
          maxLength={12}
          placeholder="RRRD2929"
          autoCapitalize="characters"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={described}
          onKeyDown={(event) => {
            // Enter looks the address up rather than placing the order.
            if (event.key !== 'Enter') return
            event.preventDefault()
            void find()
          }}
          className="h-11 w-0 min-w-0 flex-1 rounded-lg border border-line px-3 uppercase focus:outline-2 focus:outline-brand aria-invalid:border-sale"
        />
        <button
          type="button"
          onClick={() => void find()}
          disabled={lookup.isPending}
          className="h-11 shrink-0 rounded-lg border border-brand px-4 text-sm font-semibold text-brand disabled:opacity-60"
        >
          {lookup.isPending ? m.checkout_short_address_finding() : m.checkout_short_address_find()}
        </button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {m.checkout_short_address_lookup_hint()}
      </p>
      {shownError && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-sale">
          {shownError}
        </p>
      )}
      {found && (
        <div role="status" className="mt-2 rounded-lg bg-brand-soft px-3 py-2 text-sm">
          <p className="font-medium">{m.checkout_short_address_found()}</p>
          <p>
            <bdi>{`${found.building} ${found.street}`}</bdi>
          </p>
          <p>
            <bdi>{found.district}</bdi>
          </p>
          <p>
            <bdi>{found.city}</bdi> <bdi dir="ltr">{`${found.postalCode} - ${found.additionalNumber}`}</bdi>
          </p>
        </div>
      )}
    </div>
  )
}
