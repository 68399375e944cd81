import { describe, expect, it } from 'vitest'
import { purchaseEvent } from './search-insights'

describe('purchaseEvent (docs/product.md, "Validation")', () => {
  it('reports the purchased objects with their data, one for one', () => {
    expect(purchaseEvent('products_en', [{ objectID: '12', price: 100, quantity: 2 }])).toEqual({
      eventType: 'conversion',
      eventSubtype: 'purchase',
      eventName: 'Products Purchased',
      index: 'products_en',
      objectIDs: ['12'],
      objectData: [{ price: 100, quantity: 2 }],
    })
  })

  it('ignores undefined ids and the string "undefined"', () => {
    const event = purchaseEvent('products_ar', [
      { objectID: undefined, price: 1, quantity: 1 },
      { objectID: 'undefined', price: 1, quantity: 1 },
      { objectID: '7', price: 5, quantity: 1 },
    ])
    expect(event?.objectIDs).toEqual(['7'])
    expect(event?.objectData).toHaveLength(1)
  })

  it('reports nothing without ids or without an index', () => {
    expect(purchaseEvent('products_en', [{ objectID: 'undefined', price: 1, quantity: 1 }])).toBeNull()
    expect(purchaseEvent('', [{ objectID: '1', price: 1, quantity: 1 }])).toBeNull()
  })
})
