import { describe, expect, it } from 'vitest'
import { stockState } from './stock'

const product = { back_orders: 0, not_for_sale: false, in_stock: true }

describe('stock state', () => {
  it('is in stock when the region has units', () => {
    expect(stockState(product)).toBe('in_stock')
    expect(stockState({ ...product, in_stock: false })).toBe('out_of_stock')
  })
  it('is a pre-order when back_orders is 101, whatever the stock', () => {
    expect(stockState({ ...product, back_orders: 101, in_stock: false })).toBe('preorder')
    expect(stockState({ ...product, back_orders: 100, in_stock: false })).toBe('out_of_stock')
  })
  it('not for sale wins over everything', () => {
    expect(stockState({ ...product, back_orders: 101, not_for_sale: true })).toBe('not_for_sale')
  })
})
