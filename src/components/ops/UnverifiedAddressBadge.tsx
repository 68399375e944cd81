/**
 * "Unverified address" beside an order's delivery address in the console (docs/product.md, "Checkout"): Saudi Post
 * did not confirm it (down, slow, or typed by hand without a short address), so staff check it with the buyer before
 * a courier refuses it. Nothing for a pickup or a verified address.
 */
import type { AddressFields } from '../../domain/checkout'
import { m } from '../../paraglide/messages.js'

export function UnverifiedAddressBadge({ address }: { address: AddressFields | null }) {
  if (!address || address.verified === true) return null
  return (
    <span
      title={m.ops_address_unverified_hint()}
      className="ms-2 inline-block rounded-full bg-[#fde8eb] px-2 py-0.5 align-middle text-xs font-semibold text-sale"
    >
      {m.ops_address_unverified()}
      <span className="sr-only">: {m.ops_address_unverified_hint()}</span>
    </span>
  )
}
