import { describe, expect, it } from 'vitest'
import { appConfig } from '../../app.config'
import { formatAmount, vatIncluded } from './money'

describe('money', () => {
  it('rounds prices to whole riyals with Western digits and grouping', () => {
    expect(formatAmount(1299)).toBe('1,299')
    expect(formatAmount(1299.6)).toBe('1,300')
    expect(formatAmount(12999.4)).toBe('12,999')
  })
  it('shows fee prices with one decimal', () => {
    expect(formatAmount(149.5, appConfig.money.feePriceDecimals)).toBe('149.5')
    expect(formatAmount(99, appConfig.money.feePriceDecimals)).toBe('99.0')
  })
  it('prints what Intl.NumberFormat en-US prints, for any amount and number of decimals', () => {
    const amounts = [0, 0.5, 1.005, 999, 1000, 150304.65, 999999.995, 1234567.891, -1299.5, 123456789012, 1e-7]
    let seed = 42 // a fixed sequence: the same amounts every run
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let i = 0; i < 500; i++) amounts.push(Math.round((next() - 0.2) * 10 ** (1 + (i % 10)) * 1000) / 1000)
    for (const decimals of [0, 1, 2])
      for (const amount of amounts) {
        const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
        // The one difference: a negative amount that rounds to nothing is "0", not Intl's "-0".
        expect(formatAmount(amount, decimals), `${amount} with ${decimals} decimals`).toBe(intl.format(amount).replace(/^-(?=[0.]+$)/, ''))
      }
    expect(formatAmount(-0.4)).toBe('0')
  })
  it('refuses a non-number', () => {
    expect(() => formatAmount(Number.NaN)).toThrow(RangeError)
  })
  it('finds the 15% VAT inside a VAT-inclusive price', () => {
    expect(vatIncluded(115)).toBe(15)
    expect(vatIncluded(299)).toBe(39)
  })
})
