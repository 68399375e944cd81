import { describe, expect, it } from 'vitest'
import { unitsLeft, unitsValue, type RefundableOrder } from './refunds'

// Two phones at 1,000 and a case at 100 (2,100), a 210 coupon, 30 delivery: the buyer paid 1,920.
const order: RefundableOrder = {
  grand_total: 1920,
  delivery: 30,
  items: [
    { sku: 'PHONE', qty: 2, row_total: 2000, parent_sku: null },
    { sku: 'CASE', qty: 1, row_total: 100, parent_sku: null },
  ],
}

describe('unitsValue', () => {
  it('gives each unit its share of what the goods cost after the discount', () => {
    // 1,890 for goods over 2,100 listed: 90% of each price.
    expect(unitsValue(order, [{ sku: 'PHONE', qty: 1 }], false)).toBe(90_000)
    expect(unitsValue(order, [{ sku: 'CASE', qty: 1 }], true)).toBe(9_000 + 3_000)
  })

  it('gives back exactly the order total when every unit and the delivery go back', () => {
    const all = [
      { sku: 'PHONE', qty: 2 },
      { sku: 'CASE', qty: 1 },
    ]
    expect(unitsValue(order, all, true)).toBe(192_000)
  })

  it('counts nothing for a SKU the order does not hold, and lines at full price without a discount', () => {
    expect(unitsValue(order, [{ sku: 'OTHER', qty: 5 }], false)).toBe(0)
    expect(unitsValue({ ...order, grand_total: 2130 }, [{ sku: 'PHONE', qty: 1 }], false)).toBe(100_000)
  })
})

describe('unitsLeft', () => {
  it('takes away the units earlier refunds gave back', () => {
    expect(unitsLeft(order, [{ sku: 'PHONE', qty: 1 }])).toEqual([
      { sku: 'PHONE', qty: 1 },
      { sku: 'CASE', qty: 1 },
    ])
    expect(
      unitsLeft(order, [
        { sku: 'PHONE', qty: 2 },
        { sku: 'CASE', qty: 1 },
      ]),
    ).toEqual([])
  })
})
