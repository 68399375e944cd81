import { describe, expect, it } from 'vitest'
import { cartView, computeTotals, isMaskedQuote } from './cart'
import { testCart, testLine } from './cart.test-fixtures'

const now = new Date('2026-11-21T12:00:00+03:00')

const line = testLine
const cart = testCart

describe('cart totals', () => {
  it('sums special or original price per line, and shows the VAT included', () => {
    const t = computeTotals(cart([line({ qty: 2, price: 200 }), line({ item_id: 2, price: 115 })]), now)
    expect(t.subtotal).toBe(515)
    expect(t.delivery).toBe(0) // above 299
    expect(t.grand_total).toBe(515)
    expect(t.vat).toBe(67.17) // 515 - 515/1.15
    expect(t.items_qty).toBe(3)
  })

  it('uses the special price only inside its window', () => {
    const discounted = line({
      price: 400,
      special_price: 300,
      discounted_price_from: '2026-11-01T00:00:00+03:00',
      discounted_price_to: '2026-11-30T00:00:00+03:00',
    })
    expect(computeTotals(cart([discounted]), now).subtotal).toBe(300)
    expect(computeTotals(cart([discounted]), new Date('2026-12-01T00:00:00+03:00')).subtotal).toBe(400)
  })

  it('charges delivery at or under 299 SAR and not above', () => {
    expect(computeTotals(cart([line({ price: 299 })]), now).delivery).toBe(29)
    expect(computeTotals(cart([line({ price: 299.5 })]), now).delivery).toBe(0)
    expect(computeTotals(cart([]), now).delivery).toBe(0)
  })

  it('counts product fees in the subtotal but not in the item count', () => {
    const t = computeTotals(cart([line({ price: 1000 }), line({ item_id: 2, price: 149.5, parent_item_id: 1, fee_id: 1, fee_option_id: 1 })]), now)
    expect(t.subtotal).toBe(1149.5)
    expect(t.items_qty).toBe(1)
  })

  it('applies a coupon only above its minimum, and vouchers after delivery', () => {
    const percent = { code: 'WELCOME10', kind: 'percent' as const, amount: 10, min_subtotal: 0 }
    expect(computeTotals(cart([line({ price: 500 })], { coupon: percent }), now).coupon_discount).toBe(50)
    const fixed = { code: 'SAVE50', kind: 'fixed' as const, amount: 50, min_subtotal: 300 }
    expect(computeTotals(cart([line({ price: 200 })], { coupon: fixed }), now).coupon_discount).toBe(0)
    const withVoucher = computeTotals(cart([line({ price: 200 })], { gift_voucher: { voucher: 'G', amount: 1000 } }), now)
    expect(withVoucher.gift_voucher).toBe(229) // 200 + 29 delivery, never below zero
    expect(withVoucher.grand_total).toBe(0)
  })

  it('caps the replacement discount', () => {
    expect(computeTotals(cart([line({ price: 2000, replacement_discount: true })]), now).replacement_discount).toBe(200)
    expect(computeTotals(cart([line({ price: 9000, replacement_discount: true })]), now).replacement_discount).toBe(500)
  })
})

describe('quote identity', () => {
  it('digits only is a customer cart, anything else masked', () => {
    expect(isMaskedQuote('12345')).toBe(false)
    expect(isMaskedQuote('aB3x-9')).toBe(true)
    expect(isMaskedQuote('')).toBe(true)
  })
})

describe('cart totals on screen', () => {
  it('add up: products, their discounts, services, coupon, replacement, delivery and vouchers make the grand total', () => {
    const ac = line({
      price: 3000,
      special_price: 2500,
      discounted_price_from: '2026-11-01T00:00:00+03:00',
      discounted_price_to: '2026-11-30T00:00:00+03:00',
      replacement_discount: true,
    })
    const service = line({ item_id: 2, price: 149.5, parent_item_id: 1, fee_id: 1, fee_option_id: 1 })
    const tv = line({ item_id: 3, price: 100, qty: 2 })
    const state = cart([ac, service, tv], {
      coupon: { code: 'WELCOME10', kind: 'percent', amount: 10, min_subtotal: 0 },
      gift_voucher: { voucher: 'G', amount: 100, balance: 250 },
      erp_voucher: { voucher: 'E', amount: 100 },
    })
    const t = computeTotals(state, now)
    expect(t.products_original).toBe(3200)
    expect(t.product_discount).toBe(500)
    expect(t.services).toBe(149.5)
    expect(t.coupon_discount).toBe(270) // 10% of the products' 2700
    expect(t.replacement_discount).toBe(250) // 10% of 2500
    const shown =
      t.products_original - t.product_discount + t.services - t.coupon_discount - t.replacement_discount + t.delivery - t.gift_voucher - t.erp_voucher
    expect(Math.round(shown * 100) / 100).toBe(t.grand_total)
    expect(t.grand_total).toBe(2129.5)
  })

  it('says what is left on a gift voucher after this cart uses its share', () => {
    const view = cartView(cart([line({ price: 500 })], { gift_voucher: { voucher: 'G', amount: 300, balance: 1000 } }), 'en', now)
    expect(view.totals.gift_voucher).toBe(300)
    expect(view.gift_voucher_left).toBe(700)
    // More asked than the cart costs: only what the cart costs is used.
    const small = cartView(cart([line({ price: 100 })], { gift_voucher: { voucher: 'G', amount: 1000, balance: 1000 } }), 'en', now)
    expect(small.totals.gift_voucher).toBe(129)
    expect(small.gift_voucher_left).toBe(871)
  })

  it('offers the replacement discount only on lines marked eligible', () => {
    const view = cartView(cart([line({ replacement_eligible: true }), line({ item_id: 2 })]), 'ar', now)
    expect(view.cartItems.map((item) => item.extension_attributes.replacement_eligible)).toEqual([true, false])
  })
})
