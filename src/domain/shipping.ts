/**
 * Shipping methods and their prices (docs/product.md, "Checkout" and "Rules"), pure so the cart's totals and the
 * checkout page agree. Standard delivery goes everywhere and is free above the free-delivery threshold; fast
 * delivery is offered in the fast-delivery cities (fdr_ids) for a fixed fee, and only where its first date comes before
 * standard delivery's (a shopper paying 49 SAR for the same day as free delivery was promised nothing); region 1116 is
 * promised delivery within 24 hours; a cart with a big item ships only to region 1101. Pickup from a showroom is free,
 * offered only in a city with a showroom and for a cart the city's stock holds (no pre-order), ready the same day when
 * ordered before the pickup cut-off in Riyadh, else the next (docs/product.md, "Showrooms"); the city's stock is the
 * showrooms' (docs/decisions/0021-pickup-from-the-city-stock.md).
 */
import { appConfig } from '../../app.config'
import { checkoutRules } from '../../config/checkout-rules'
import { availableDeliveryDates, riyadhHour, type AvailableDate, type DisplayDate } from './dates'

export const shippingCodes = ['standard', 'fast', 'pickup'] as const
export type ShippingCode = (typeof shippingCodes)[number]

/** A showroom a pickup order may be collected from, in the page's language. */
/** A showroom to collect from, with what the shopper needs to get there and find it open (issue 42, item 4). */
export interface PickupShowroom {
  id: string
  name: string
  address: string
  /** Riyadh wall-clock 'HH:MM' (src/domain/showrooms.ts): Saturday to Thursday, and Friday's own. */
  opens: string
  closes: string
  friday_opens: string
  friday_closes: string
  phone: string
  map_url: string
}

/** A showroom's hours on a date ('YYYY-MM-DD', a Riyadh day): Friday's own, or the week's. */
export function showroomHoursOn(showroom: PickupShowroom, date: string): { opens: string; closes: string } {
  const friday = new Date(`${date}T12:00:00Z`).getUTCDay() === 5
  return friday ? { opens: showroom.friday_opens, closes: showroom.friday_closes } : { opens: showroom.opens, closes: showroom.closes }
}

export interface ShippingMethod {
  code: ShippingCode
  amount: number
  available: boolean
  /**
   * Why it cannot be chosen: a big item outside its region, a city without fast delivery (or where it is no sooner),
   * a city without a showroom, or a line the city's stock does not hold (a pre-order) for pickup.
   */
  unavailable_reason: 'big_items' | 'not_fast_city' | 'no_showroom' | 'not_in_city_stock' | null
  /** Region 1116's promise, shown instead of the usual text. */
  within_24_hours: boolean
  dates: AvailableDate[]
  /** Pickup: the city's showrooms, one of which the order names. */
  showrooms?: PickupShowroom[]
}

/** A shipping method with its dates in the page's language, as the checkout page shows it. */
export type ShippingChoice = Omit<ShippingMethod, 'dates'> & { dates: DisplayDate[] }

/** The delivery fee of a method for a cart whose products, after discounts, come to `afterDiscounts`. */
export function deliveryFee(code: ShippingCode, afterDiscounts: number, hasLines: boolean): number {
  if (!hasLines) return 0
  if (code === 'fast') return checkoutRules.fastDeliveryFeeSar
  if (code === 'pickup') return 0
  return afterDiscounts > appConfig.money.freeDeliveryAboveSar ? 0 : appConfig.money.deliveryFeeSar
}

export interface ShippingInput {
  regionId: number
  hasBigItem: boolean
  hasLines: boolean
  afterDiscounts: number
  fastRegionIds: readonly number[]
  /** The city's delivery dates: the first is `leadDays` after today, `dateCount` of them. */
  leadDays: number
  dateCount: number
  /** The city's showrooms (none: no pickup). */
  showrooms: readonly PickupShowroom[]
  /** Every product line is held in the city's stock (a pre-order is not). */
  allInCityStock: boolean
}

export function shippingMethods(input: ShippingInput, now: Date): ShippingMethod[] {
  const bigItemsBlocked = input.hasBigItem && input.regionId !== appConfig.regions.bigItemsOnlyId
  const fastLead = checkoutRules.fastLeadDays
  // Fast only where it is faster: a city whose standard delivery already comes as soon is not offered it.
  const fastCity = input.fastRegionIds.includes(input.regionId) && fastLead < input.leadDays
  return [
    {
      code: 'standard',
      amount: deliveryFee('standard', input.afterDiscounts, input.hasLines),
      available: !bigItemsBlocked,
      unavailable_reason: bigItemsBlocked ? 'big_items' : null,
      within_24_hours: input.regionId === appConfig.regions.twentyFourHourId,
      dates: availableDeliveryDates(now, input.leadDays, input.dateCount),
    },
    {
      code: 'fast',
      amount: deliveryFee('fast', input.afterDiscounts, input.hasLines),
      available: !bigItemsBlocked && fastCity,
      unavailable_reason: bigItemsBlocked ? 'big_items' : fastCity ? null : 'not_fast_city',
      within_24_hours: false,
      dates: availableDeliveryDates(now, fastLead, input.dateCount),
    },
    {
      code: 'pickup',
      amount: 0,
      available: input.showrooms.length > 0 && input.allInCityStock,
      unavailable_reason: input.showrooms.length === 0 ? 'no_showroom' : input.allInCityStock ? null : 'not_in_city_stock',
      within_24_hours: false,
      dates: availableDeliveryDates(now, pickupLeadDays(now), input.dateCount),
      showrooms: [...input.showrooms],
    },
  ]
}

/** Same day before the cut-off hour in Riyadh (a showroom needs the evening to set the order aside), else the next. */
export function pickupLeadDays(now: Date): number {
  return riyadhHour(now) < checkoutRules.pickupCutoffHour ? 0 : 1
}
