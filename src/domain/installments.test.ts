import { describe, expect, it } from 'vitest'
import { bnplOffered, bnplRefusal, installmentPlan, providerPlan } from './installments'

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

describe('providerPlan', () => {
  it("splits in each provider's own number of payments: Tabby in 4, Tamara in 3", () => {
    expect(providerPlan('tabby', 5099)).toMatchObject({ count: 4 })
    expect(providerPlan('tamara', 5099)).toEqual({ count: 3, first: 1699.68, later: 1699.66 })
  })
})

describe('bnplRefusal', () => {
  const tabby = { minSar: 100, maxSar: 5000 }
  const line = { eligible: true, preorder: false }
  it('tells the first rule a cart breaks, as checkout does', () => {
    expect(bnplRefusal(null, [line], 1000)).toEqual({ reason: 'not_offered' })
    expect(bnplRefusal(tabby, [line, { eligible: true, preorder: true }], 1000)).toEqual({ reason: 'preorder' })
    expect(bnplRefusal(tabby, [line, { eligible: false, preorder: false }], 1000)).toEqual({ reason: 'not_eligible' })
    expect(bnplRefusal(tabby, [], 1000)).toEqual({ reason: 'not_eligible' })
    expect(bnplRefusal(tabby, [line], 99)).toEqual({ reason: 'below_minimum', amount: 100 })
    // Issue 42, item 2: a 5,099 cart was promised "4 payments of 1,274.75" that Tabby refuses.
    expect(bnplRefusal(tabby, [line], 5099)).toEqual({ reason: 'above_maximum', amount: 5000 })
    expect(bnplRefusal(tabby, [line, line], 5000)).toBeNull()
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
