import { describe, expect, it } from 'vitest'
import { formatAmount, formatFeeAmount, riyalSign, vatIncluded } from './money'

describe('money', () => {
  it('rounds prices to whole riyals with Western digits and grouping', () => {
    expect(formatAmount(1299)).toBe('1,299')
    expect(formatAmount(1299.6)).toBe('1,300')
    expect(formatAmount(12999.4)).toBe('12,999')
  })
  it('shows fee prices with one decimal', () => {
    expect(formatFeeAmount(149.5)).toBe('149.5')
    expect(formatFeeAmount(99)).toBe('99.0')
  })
  it('uses the U+20C1 riyal sign, never the old U+FDFC ligature', () => {
    expect(riyalSign.codePointAt(0)).toBe(0x20c1)
    expect(riyalSign).not.toBe('\uFDFC')
  })
  it('refuses a non-number', () => {
    expect(() => formatAmount(Number.NaN)).toThrow(RangeError)
  })
  it('finds the 15% VAT inside a VAT-inclusive price', () => {
    expect(vatIncluded(115)).toBe(15)
    expect(vatIncluded(299)).toBe(39)
  })
})
