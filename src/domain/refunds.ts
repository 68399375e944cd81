/**
 * What a refund gives back (docs/product.md, "Returns and refunds"): the whole of what is left, units of the order's
 * lines, or an amount. The worker decides (worker/commerce/refunds.ts) and the console shows the same figure before a
 * staff member sends it. Money here is in halalas, whole numbers.
 */

export const refundMethods = ['provider', 'bank_transfer', 'showroom'] as const
export type RefundMethod = (typeof refundMethods)[number]

/** The longest reason a staff member writes for a refund or a refused return (the buyer reads it). */
export const refundReasonMaxLength = 300

export interface RefundUnits {
  sku: string
  qty: number
}

/** What of an order the refund's figure reads (amounts in SAR, as the order stores them). */
export interface RefundableOrder {
  grand_total: number
  delivery: number
  items: { sku: string; qty: number; row_total: number; parent_sku: string | null }[]
}

const halalas = (sar: number) => Math.round(sar * 100)

/**
 * What units of the order's lines (and, with `delivery`, its delivery charge) are worth to their buyer: each unit's
 * share of what the goods cost after the order's discounts (coupons, vouchers), so that refunding every unit and the
 * delivery gives back exactly the order's total.
 */
export function unitsValue(order: RefundableOrder, units: readonly RefundUnits[], delivery: boolean): number {
  const goodsPaid = halalas(order.grand_total) - halalas(order.delivery)
  const listed = order.items.reduce((sum, item) => sum + halalas(item.row_total), 0)
  const share = listed > 0 ? Math.min(1, goodsPaid / listed) : 0
  let value = 0
  for (const unit of units) {
    const line = order.items.find((item) => item.sku === unit.sku && item.parent_sku === null)
    if (line && line.qty > 0) value += (halalas(line.row_total) / line.qty) * unit.qty * share
  }
  return Math.round(value) + (delivery ? halalas(order.delivery) : 0)
}

/** The units of each product line not given back yet by `given` (the order's earlier refunds). */
export function unitsLeft(order: RefundableOrder, given: readonly RefundUnits[]): RefundUnits[] {
  return order.items
    .filter((item) => item.parent_sku === null)
    .map((item) => ({ sku: item.sku, qty: item.qty - given.filter((unit) => unit.sku === item.sku).reduce((sum, unit) => sum + unit.qty, 0) }))
    .filter((unit) => unit.qty > 0)
}
