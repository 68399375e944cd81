import { describe, expect, it } from 'vitest'
import { offeredPaymentMarks } from './payment-marks'

const all = ['mada', 'visa', 'mastercard', 'applepay', 'tabby', 'tamara', 'cod']

describe('offeredPaymentMarks', () => {
  it('shows only cash on delivery where no gateway is configured', () => {
    expect(offeredPaymentMarks(all, { card: false, hostedCardPage: false, tabby: false, tamara: false })).toEqual(['cod'])
  })
  it('shows the card networks with the embedded gateway, but not Apple Pay', () => {
    expect(offeredPaymentMarks(all, { card: true, hostedCardPage: false, tabby: true, tamara: true })).toEqual([
      'mada',
      'visa',
      'mastercard',
      'tabby',
      'tamara',
      'cod',
    ])
  })
  it('shows Apple Pay with the real hosted page, and drops marks it does not know', () => {
    expect(offeredPaymentMarks([...all, 'bitcoin'], { card: true, hostedCardPage: true, tabby: false, tamara: false })).toEqual([
      'mada',
      'visa',
      'mastercard',
      'applepay',
      'cod',
    ])
  })
})
