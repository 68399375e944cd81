import { describe, expect, it } from 'vitest'
import { isDiscountActive, pricesWithTax } from './pricing'

const product = {
  price: 1000,
  special_price: 800,
  discounted_price_from: '2026-11-01T00:00:00+03:00',
  discounted_price_to: '2026-11-30T23:59:59+03:00',
}

describe('discount window', () => {
  it('applies the special price inside the window', () => {
    const now = new Date('2026-11-21T12:00:00+03:00')
    expect(isDiscountActive(product, now)).toBe(true)
    expect(pricesWithTax(product, now)).toEqual({
      price: 800,
      original_price: 1000,
      discounted_price: 800,
      discounted_percentage: 20,
      discount_amount: 200,
    })
  })
  it('ignores it before and after the window, to the second', () => {
    expect(isDiscountActive(product, new Date('2026-10-31T23:59:59+03:00'))).toBe(false)
    expect(isDiscountActive(product, new Date('2026-12-01T00:00:00+03:00'))).toBe(false)
    expect(pricesWithTax(product, new Date('2026-12-02T00:00:00+03:00')).price).toBe(1000)
  })
  it('ignores a special price that is not lower, missing or with broken dates', () => {
    const now = new Date('2026-11-21T12:00:00+03:00')
    expect(isDiscountActive({ ...product, special_price: 1000 }, now)).toBe(false)
    expect(isDiscountActive({ ...product, special_price: null }, now)).toBe(false)
    expect(isDiscountActive({ ...product, discounted_price_to: 'not a date' }, now)).toBe(false)
  })
  it('treats an open end as unbounded', () => {
    expect(isDiscountActive({ ...product, discounted_price_to: null }, new Date('2040-01-01'))).toBe(true)
  })
})
