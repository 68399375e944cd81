import { describe, expect, it } from 'vitest'
import { differingRows, toggleCompare, toggleWishlist } from './compare'

describe('compare list', () => {
  it('adds and removes skus one at a time', () => {
    expect(toggleCompare([], 'A')).toEqual({ list: ['A'], outcome: 'added' })
    expect(toggleCompare(['A', 'B'], 'A')).toEqual({ list: ['B'], outcome: 'removed' })
  })

  it('refuses a fifth product and keeps the four', () => {
    const four = ['A', 'B', 'C', 'D']
    expect(toggleCompare(four, 'E')).toEqual({ list: four, outcome: 'full' })
    // Removing one of the four is still allowed.
    expect(toggleCompare(four, 'D')).toEqual({ list: ['A', 'B', 'C'], outcome: 'removed' })
  })

  it('marks the rows whose values differ', () => {
    expect(differingRows<unknown>([{ values: ['x', 'x'] }, { values: ['x', 'y'] }, { values: [1, undefined] }])).toEqual([false, true, true])
  })
})

describe('wishlist', () => {
  it('toggles a sku', () => {
    expect(toggleWishlist(['A'], 'B')).toEqual({ list: ['A', 'B'], outcome: 'added' })
    expect(toggleWishlist(['A', 'B'], 'A')).toEqual({ list: ['B'], outcome: 'removed' })
  })

  it('keeps at most 100, as an account does, and still lets one go at the cap', () => {
    const full = Array.from({ length: 100 }, (_, i) => `SKU-${i}`)
    expect(toggleWishlist(full, 'SKU-100')).toEqual({ list: full, outcome: 'full' })
    expect(toggleWishlist(full, 'SKU-7').outcome).toBe('removed')
  })
})
