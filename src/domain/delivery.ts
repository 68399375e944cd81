/**
 * The delivery badge (docs/product.md, "Screens" and "Rules") for a product in the shopper's city. Big items deliver
 * only in region 1101; region 1116 has its own 24-hour text for products flagged for it; a city is
 * fast delivery when its id is in the fast-delivery list (fdr_ids, from the home content).
 */
import { appConfig } from '../../app.config'

export type DeliveryBadge = 'in_showrooms' | 'big_item_elsewhere' | 'within_24_hours' | 'fast' | 'standard'

export interface DeliveryFields {
  /** Shown, not sold online: bought in a showroom, never delivered (issue 42, item 2). */
  not_for_sale: boolean
  fast_delivery: boolean
  big_items: boolean
  delivery_within_24_hours: boolean
}

export function deliveryBadge(product: DeliveryFields, regionId: number, fastDeliveryRegionIds: readonly number[]): DeliveryBadge {
  if (product.not_for_sale) return 'in_showrooms'
  if (product.big_items && regionId !== appConfig.regions.bigItemsOnlyId) return 'big_item_elsewhere'
  if (product.delivery_within_24_hours && regionId === appConfig.regions.twentyFourHourId) return 'within_24_hours'
  if (product.fast_delivery && fastDeliveryRegionIds.includes(regionId)) return 'fast'
  return 'standard'
}
