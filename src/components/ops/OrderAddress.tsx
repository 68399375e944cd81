/**
 * Where an order goes, as the console's order page and the packing slip both write it (docs/product.md, "The merchant
 * console"): building, street, district and postal code as the buyer typed them, then the National Address's
 * additional number and short address, which couriers look the door up by.
 */
import type { Locale } from '../../../app.config'
import type { AddressFields } from '../../domain/checkout'
import { m } from '../../paraglide/messages.js'

export function OrderAddress({ address, locale }: { address: AddressFields; locale: Locale }) {
  const t = { locale }
  return (
    <>
      {/* Typed in either language: its own direction, so its commas and numbers keep their places. */}
      <bdi dir="auto">
        {[address.building, address.street, address.district, address.postalCode].filter(Boolean).join(locale === 'ar' ? '، ' : ', ')}
      </bdi>
      {address.additionalNumber && (
        <span>
          {locale === 'ar' ? '، ' : ', '}
          {m.ops_additional_number({ number: address.additionalNumber }, t)}
        </span>
      )}
      {address.shortAddress && <bdi dir="ltr"> ({address.shortAddress})</bdi>}
    </>
  )
}

/** The buyer's mobile as a console link; nothing once the retention schedule has removed it (docs/decisions/0028). */
export function BuyerPhone({ phone, link }: { phone: string | null; link: boolean }) {
  if (!phone) return null
  return link ? (
    <a href={`tel:+${phone}`} dir="ltr" className="text-brand">
      +{phone}
    </a>
  ) : (
    <span dir="ltr">+{phone}</span>
  )
}
