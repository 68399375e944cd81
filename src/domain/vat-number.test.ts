import { describe, expect, it } from 'vitest'
import { vatNumber } from './vat-number'

describe('a business buyer’s VAT number', () => {
  it('accepts 15 digits that start and end with 3', () => {
    expect(vatNumber('300000000000003')).toBe('300000000000003')
  })
  it('folds Arabic-Indic and Persian digits and drops spaces', () => {
    expect(vatNumber('٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣')).toBe('300000000000003')
    expect(vatNumber('۳۱۲ ۳۴۵ ۶۷۸۹ ۰۱۲۳ ۳')).toBe('312345678901233')
    expect(vatNumber(' 300 000 000 000 003 ')).toBe('300000000000003')
  })
  it('refuses a wrong length, a wrong first or last digit, and anything not a digit', () => {
    for (const input of ['30000000000003', '3000000000000003', '200000000000003', '300000000000002', '30000000000000a3', '', '3000-0000-0000-003']) {
      expect(vatNumber(input), input).toBeNull()
    }
  })
})
