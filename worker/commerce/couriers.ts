/** The couriers' names as the buyer reads them, in the order's language (docs/product.md, "Fulfilment"). */
import type { Locale } from '../../app.config'
import { shipmentView, type Courier, type Shipment } from '../../src/domain/fulfilment'
import { m } from '../../src/paraglide/messages.js'

const names: Record<Courier, (inputs: object, options: { locale: Locale }) => string> = {
  aramex: m.courier_aramex,
  smsa: m.courier_smsa,
  dhl: m.courier_dhl,
  spl: m.courier_spl,
  store: m.courier_store,
}

export function courierName(courier: Courier, locale: Locale): string {
  return names[courier]({}, { locale })
}

/** A parcel as its buyer sees it: the courier named in their language, the number, and where to follow it. */
export function shipmentFor(courier: Courier, trackingNumber: string, locale: Locale): Shipment {
  return { ...shipmentView(courier, trackingNumber), courier_name: courierName(courier, locale) }
}
