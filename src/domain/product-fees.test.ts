import { describe, expect, it } from 'vitest'
import { feesForRegion, type PricedFeeOption } from './product-fees'

const row = (fee_id: number, region_id: number, price: number): PricedFeeOption => ({
  fee_id,
  fee_option_id: fee_id * 10000 + region_id,
  region_id,
  price,
  title_ar: `خدمة ${fee_id}`,
  title_en: `Service ${fee_id}`,
})

describe('feesForRegion', () => {
  it("prices a fee in the shopper's region when it has a price there", () => {
    const fees = feesForRegion([row(1, 1101, 100), row(1, 1105, 120)], 1105, 1101, 'en')
    expect(fees).toEqual([{ fee_id: 1, fee_option_id: 11105, title: 'Service 1', price: 120 }])
  })

  it('falls back to the default region when the region has no price', () => {
    expect(feesForRegion([row(2, 1101, 80.5)], 1105, 1101, 'ar')).toEqual([{ fee_id: 2, fee_option_id: 21101, title: 'خدمة 2', price: 80.5 }])
  })

  it('offers no fee priced in neither region, and keeps fee order stable', () => {
    const fees = feesForRegion([row(3, 1110, 50), row(2, 1101, 20), row(1, 1105, 10)], 1105, 1101, 'en')
    expect(fees.map((f) => f.fee_id)).toEqual([1, 2])
  })
})
