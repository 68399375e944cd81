import { describe, expect, it } from 'vitest'
import { computeTotals } from './cart'
import { testCart, testLine } from './cart.test-fixtures'
import { checkedCoupon, couponForm, couponState, halalasOf, riyadhInstant, riyadhWallTime, type CouponForm } from './coupons'

const form = (over: Partial<CouponForm> = {}): CouponForm => ({
  code: 'RAMADAN26',
  kind: 'fixed',
  value: '50',
  min_subtotal: '',
  starts: '',
  ends: '',
  max_uses: '',
  max_uses_per_customer: '',
  products: '',
  categories: '',
  ...over,
})

describe('the coupon form', () => {
  it('reads SAR exactly to the halala, and nothing else as money', () => {
    expect(halalasOf('19.99')).toBe(1999)
    expect(halalasOf('0.1')).toBe(10)
    expect(halalasOf('100')).toBe(10000)
    for (const bad of ['1.005', '-5', '1e3', '', 'ten', '1,5']) expect(halalasOf(bad)).toBeNull()
  })

  it('reads the window as Riyadh wall time, and refuses days that do not exist', () => {
    expect(riyadhInstant('2026-12-01T09:00')).toBe('2026-12-01T09:00:00+03:00')
    expect(Date.parse(riyadhInstant('2026-12-01T00:00')!)).toBe(Date.parse('2026-11-30T21:00:00Z'))
    expect(riyadhInstant('2026-02-30T09:00')).toBeNull()
    expect(riyadhInstant('2026-12-01T24:00')).toBeNull()
    expect(riyadhWallTime('2026-11-30T21:00:00.000Z')).toBe('2026-12-01T00:00')
  })

  it('stores the code in upper case and the terms it was given', () => {
    const checked = checkedCoupon(form({ code: 'ramadan26', value: '12.50', min_subtotal: '300', max_uses: '100', products: 'A-1, B-2\nA-1' }))
    expect(checked).toEqual({
      terms: {
        code: 'RAMADAN26',
        kind: 'fixed',
        amount: 12.5,
        min_subtotal: 300,
        active_from: null,
        active_to: null,
        max_uses: 100,
        max_uses_per_customer: null,
        product_skus: ['A-1', 'B-2'],
        category_keys: null,
      },
    })
    if ('terms' in checked) expect(checkedCoupon(couponForm(checked.terms))).toEqual(checked)
  })

  it('names every refused field', () => {
    expect(
      checkedCoupon(
        form({
          code: 'no spaces',
          kind: 'percent',
          value: '101',
          starts: '2026-12-02T09:00',
          ends: '2026-12-01T09:00',
          max_uses_per_customer: '1.5',
          categories: 'Not A Key',
        }),
      ),
    ).toEqual({
      problems: { code: 'code', value: 'percent', ends: 'window', max_uses_per_customer: 'limit', categories: 'targets' },
    })
    expect(checkedCoupon(form({ code: '', value: '' }))).toEqual({ problems: { code: 'required', value: 'required' } })
    expect(checkedCoupon(form({ value: '0' }))).toEqual({ problems: { value: 'amount' } })
  })
})

describe('where a coupon stands', () => {
  const now = new Date('2026-12-01T12:00:00+03:00')
  it('is paused first, then scheduled, expired or active by its window', () => {
    const window = { active_from: '2026-12-01T12:00:00+03:00', active_to: '2026-12-01T12:00:00+03:00' }
    expect(couponState({ paused: true, ...window }, now)).toBe('paused')
    expect(couponState({ paused: false, ...window }, now)).toBe('active')
    expect(couponState({ paused: false, active_from: '2026-12-01T12:01:00+03:00', active_to: null }, now)).toBe('scheduled')
    expect(couponState({ paused: false, active_from: null, active_to: '2026-12-01T11:59:00+03:00' }, now)).toBe('expired')
  })
})

describe('a coupon kept to products or categories', () => {
  const now = new Date('2026-11-21T12:00:00+03:00')
  const lines = [
    testLine({ item_id: 1, sku: 'AC-1', price: 1000, category_key: 'split-ac' }),
    testLine({ item_id: 2, sku: 'TV-1', price: 2000, category_key: 'tvs' }),
    testLine({ item_id: 3, sku: 'FEE', price: 100, parent_item_id: 1, fee_id: 1, fee_option_id: 1 }),
  ]
  const coupon = { code: 'X', kind: 'percent' as const, amount: 10, min_subtotal: 0 }

  it('discounts only the lines it covers, never a service', () => {
    expect(computeTotals(testCart(lines, { coupon }), now).coupon_discount).toBe(300)
    expect(computeTotals(testCart(lines, { coupon: { ...coupon, skus: ['ac-1'] } }), now).coupon_discount).toBe(100)
    expect(computeTotals(testCart(lines, { coupon: { ...coupon, category_keys: ['tvs'] } }), now).coupon_discount).toBe(200)
  })

  it('takes a fixed amount off at most what the covered lines cost, with the minimum counted on the whole cart', () => {
    const fixed = { code: 'Y', kind: 'fixed' as const, amount: 1500, min_subtotal: 2500, skus: ['AC-1'] }
    expect(computeTotals(testCart(lines, { coupon: fixed }), now).coupon_discount).toBe(1000)
    expect(computeTotals(testCart(lines.slice(0, 1), { coupon: fixed }), now).coupon_discount).toBe(0)
  })
})
