/**
 * Moving a placed order to its buyer (docs/product.md, "Fulfilment"): the operator's steps, in order, and the couriers
 * an order ships with. Pure rules, shared by the operator API, the timeline and the messages.
 */
/**
 * What the operator does to an order, in the order it is done; "prepare" may be skipped, "cancel" is only before
 * shipping. A pickup order is made "ready" at its showroom instead of shipped, and "deliver" is then its collection.
 */
export const fulfilmentSteps = ['confirm', 'prepare', 'ship', 'ready', 'deliver', 'cancel'] as const
export type FulfilmentStep = (typeof fulfilmentSteps)[number]

/**
 * The couriers a Saudi store ships with, and where each lets a buyer follow a parcel. The store's own drivers have no
 * public tracking page, nor has Saudi Post a stable link by number, so those show the number alone.
 */
export const couriers = {
  aramex: (number: string) => `https://www.aramex.com/sa/en/track/results?ShipmentNumber=${number}`,
  smsa: (number: string) => `https://www.smsaexpress.com/sa/trackingdetails?tracknumbers=${number}`,
  dhl: (number: string) => `https://www.dhl.com/sa-en/home/tracking/tracking-express.html?submit=1&tracking-id=${number}`,
  spl: null,
  store: null,
} as const satisfies Record<string, ((number: string) => string) | null>
export type Courier = keyof typeof couriers

export const courierCodes = Object.keys(couriers) as Courier[]

/** A courier's tracking number: letters, digits and dashes, as every courier above prints them (so safe in a URL). */
export const trackingNumber = /^[A-Za-z0-9-]{4,40}$/

/** Where the buyer follows the parcel, or null when the courier has no public page. */
export function trackingUrl(courier: Courier, number: string): string | null {
  const link = couriers[courier]
  return link && trackingNumber.test(number) ? link(encodeURIComponent(number)) : null
}

/** A shipped order's parcel as its buyer sees it: the courier's name comes in the order's language. */
export interface Shipment {
  courier: Courier
  courier_name: string
  tracking_number: string
  tracking_url: string | null
}

export function shipmentView(courier: Courier, number: string): Omit<Shipment, 'courier_name'> {
  return { courier, tracking_number: number, tracking_url: trackingUrl(courier, number) }
}

export function isCourier(code: string): code is Courier {
  return Object.hasOwn(couriers, code)
}
