import { describe, expect, it } from 'vitest'
import { effectiveRegion, regionFrom } from './region'

describe('region', () => {
  it('reads exactly 4 digits of a known city, as a number', () => {
    expect(regionFrom('1101')).toBe(1101)
    expect(regionFrom(1105)).toBe(1105)
    expect(regionFrom('110')).toBeNull()
    expect(regionFrom('11011')).toBeNull()
    expect(regionFrom('11a1')).toBeNull()
    expect(regionFrom('')).toBeNull()
    expect(regionFrom('١١٠١')).toBeNull()
    expect(regionFrom(' 1101')).toBeNull()
    expect(regionFrom(1101.5)).toBeNull()
  })
  it('refuses a well-formed id that is not one of the cities', () => {
    expect(regionFrom('9999')).toBeNull()
    expect(regionFrom(9999)).toBeNull()
  })
  it('falls back to the default region', () => {
    expect(effectiveRegion(undefined)).toBe(1101)
    expect(effectiveRegion('abc')).toBe(1101)
    expect(effectiveRegion('9999')).toBe(1101)
    expect(effectiveRegion('1105')).toBe(1105)
  })
})
