import { describe, expect, it } from 'vitest'
import { deliveryBadge } from './delivery'

const fdr = [1101, 1102, 1116]
const plain = { not_for_sale: false, fast_delivery: false, big_items: false, delivery_within_24_hours: false }

describe('delivery badge', () => {
  it('is fast only for a fast-delivery product in a city of the fast-delivery list', () => {
    expect(deliveryBadge({ ...plain, fast_delivery: true }, 1102, fdr)).toBe('fast')
    expect(deliveryBadge({ ...plain, fast_delivery: true }, 1103, fdr)).toBe('standard')
    expect(deliveryBadge(plain, 1102, fdr)).toBe('standard')
    expect(deliveryBadge({ ...plain, fast_delivery: true }, 1102, [])).toBe('standard')
  })

  it('delivers big items only in region 1101', () => {
    const big = { ...plain, big_items: true, fast_delivery: true }
    expect(deliveryBadge(big, 1101, fdr)).toBe('fast')
    expect(deliveryBadge(big, 1102, fdr)).toBe('big_item_elsewhere')
    expect(deliveryBadge({ ...big, delivery_within_24_hours: true }, 1116, fdr)).toBe('big_item_elsewhere')
  })

  it('gives region 1116 its 24-hour text for products flagged for it', () => {
    expect(deliveryBadge({ ...plain, delivery_within_24_hours: true, fast_delivery: true }, 1116, fdr)).toBe('within_24_hours')
    expect(deliveryBadge({ ...plain, delivery_within_24_hours: true }, 1101, fdr)).toBe('standard')
    expect(deliveryBadge({ ...plain, fast_delivery: true }, 1116, fdr)).toBe('fast')
  })
  it('promises no delivery for a product sold only in showrooms, however fast its city (issue 42, item 2)', () => {
    const showroomOnly = { not_for_sale: true, fast_delivery: true, big_items: false, delivery_within_24_hours: true }
    expect(deliveryBadge(showroomOnly, 1101, [1101])).toBe('in_showrooms')
    expect(deliveryBadge(showroomOnly, 1116, [])).toBe('in_showrooms')
  })
})
