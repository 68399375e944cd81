import { describe, expect, it } from 'vitest'
import { bnplOffered, installmentPlan, installmentPlans } from './installments'

describe('installmentPlan', () => {
  it('splits evenly when the price divides', () => {
    expect(installmentPlan(1200, 4)).toEqual({ count: 4, first: 300, later: 300 })
  })

  it('puts the remainder on the first payment, so the payments add up to the price', () => {
    const plan = installmentPlan(1299, 3)
    expect(plan).toEqual({ count: 3, first: 433, later: 433 })
    const odd = installmentPlan(100, 3)
    expect(odd).toEqual({ count: 3, first: 33.34, later: 33.33 })
    expect(Math.round((odd.first + odd.later * 2) * 100)).toBe(10000)
  })

  it('refuses a plan of fewer than 2 payments', () => {
    expect(() => installmentPlan(100, 1)).toThrow(RangeError)
  })
})

describe('installmentPlans', () => {
  it('offers 2, 3 and 4 payments (docs/product.md, "Limits")', () => {
    expect(installmentPlans(999).map((p) => p.count)).toEqual([2, 3, 4])
  })
})

describe('bnplOffered', () => {
  it('needs the product to be eligible and the price inside the provider limits', () => {
    const tabby = { minSar: 100, maxSar: 5000 }
    expect(bnplOffered(tabby, true, 1000)).toBe(true)
    expect(bnplOffered(tabby, false, 1000)).toBe(false)
    expect(bnplOffered(tabby, true, 99)).toBe(false)
    expect(bnplOffered(tabby, true, 5001)).toBe(false)
    expect(bnplOffered({ minSar: 100, maxSar: 10000 }, true, 9000)).toBe(true)
  })
  it('is never offered by a provider this deployment does not offer', () => {
    expect(bnplOffered(null, true, 1000)).toBe(false)
  })
})
