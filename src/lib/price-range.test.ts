import { describe, expect, it } from 'vitest'
import { parsePriceRange } from './price-range'

describe('typed price range', () => {
  it('reads whole riyals in any digits, with separators, empty as no bound', () => {
    expect(parsePriceRange('100', '2,500')).toEqual({ price_min: 100, price_max: 2500 })
    expect(parsePriceRange('١٠٠', '۵۰۰')).toEqual({ price_min: 100, price_max: 500 })
    expect(parsePriceRange(' ', '')).toEqual({})
    expect(parsePriceRange('0', '300')).toEqual({ price_max: 300 })
  })

  it('refuses what is not whole riyals, and a highest price below the lowest', () => {
    for (const bad of ['-5', '12.5', 'abc', '1e3', '99999999']) expect(parsePriceRange(bad, '')).toEqual({ error: 'not_whole_riyals' })
    expect(parsePriceRange('', 'x')).toEqual({ error: 'not_whole_riyals' })
    expect(parsePriceRange('500', '100')).toEqual({ error: 'max_below_min' })
  })
})
