import { describe, expect, it } from 'vitest'
import { type CartLineRecord, type CartState, computeTotals } from '../../src/domain/cart'
import { testCart, testLine } from '../../src/domain/cart.test-fixtures'
import { appConfig } from '../../app.config'
import { instalmentOffers, paymentMethods } from './payments'

// A 1,000 SAR line: within both instalment providers' limits unless a test says otherwise.
const line = (over: Partial<CartLineRecord> = {}): CartLineRecord => testLine({ price: 1000, ...over })
const cart = (lines: CartLineRecord[]): CartState => testCart(lines)
const available = (state: CartState) =>
  paymentMethods(state, computeTotals(state, new Date()))
    .filter((p) => p.is_available)
    .map((p) => p.code)

describe('payment methods', () => {
  it('offers all four to an eligible cart within the limits', () => {
    expect(available(cart([line()]))).toEqual(['cashondelivery', 'card', 'tabby', 'tamara'])
  })
  it('drops a BNPL provider when any product is not eligible or the total is outside its limits', () => {
    expect(available(cart([line(), line({ item_id: 2, eligible_for_tabby: false })]))).toEqual(['cashondelivery', 'card', 'tamara'])
    expect(available(cart([line({ price: 50 })]))).toEqual(['cashondelivery', 'card'])
    expect(available(cart([line({ price: 6000 })]))).toEqual(['cashondelivery', 'card', 'tamara'])
  })
  it('keeps only the card for a cart with a pre-order item', () => {
    expect(available(cart([line(), line({ item_id: 2, back_orders: 101 })]))).toEqual(['card'])
  })
  it('lists every method with is_available', () => {
    expect(paymentMethods(cart([]), computeTotals(cart([]), new Date())).map((p) => p.code)).toEqual(['cashondelivery', 'card', 'tabby', 'tamara'])
  })
  it('says why a method cannot pay, the first rule it breaks', () => {
    const why = (state: CartState, gateways = { card: true, tabby: true, tamara: true }) =>
      Object.fromEntries(paymentMethods(state, computeTotals(state, new Date()), gateways).map((p) => [p.code, p.unavailable_reason]))
    expect(why(cart([line({ price: 50 })]))).toMatchObject({ cashondelivery: null, card: null, tabby: { reason: 'below_minimum', amount: 100 } })
    expect(why(cart([line({ price: 6000 })])).tabby).toEqual({ reason: 'above_maximum', amount: 5000 })
    expect(why(cart([line(), line({ item_id: 2, eligible_for_tamara: false })])).tamara).toEqual({ reason: 'not_eligible' })
    expect(why(cart([line(), line({ item_id: 2, back_orders: 101 })]))).toMatchObject({
      cashondelivery: { reason: 'preorder' },
      tabby: { reason: 'preorder' },
    })
    expect(why(cart([line()]), { card: false, tabby: false, tamara: true })).toMatchObject({
      card: { reason: 'not_offered' },
      tabby: { reason: 'not_offered' },
    })
  })
})

describe('the pay-later offers the promo widgets show (docs/decisions/0019-tamara-for-real.md)', () => {
  it('are the providers this deployment offers, with the limits checkout applies', () => {
    const production = { APP_ENV: 'production', TABBY_API_URL: 'https://api.tabby.sa', TAMARA_API_URL: '' } as Env
    expect(instalmentOffers(production)).toEqual({ tabby: appConfig.payments.tabby, tamara: null })
    expect(instalmentOffers({ ...production, TAMARA_API_URL: 'https://api.tamara.co' } as Env)).toEqual(appConfig.payments)
    expect(instalmentOffers({ APP_ENV: 'production', TABBY_API_URL: '', TAMARA_API_URL: '' } as Env)).toEqual({ tabby: null, tamara: null })
    // In development the embedded providers stand in for both.
    expect(instalmentOffers({ APP_ENV: 'development', TABBY_API_URL: '', TAMARA_API_URL: '' } as Env)).toEqual(appConfig.payments)
  })
})
