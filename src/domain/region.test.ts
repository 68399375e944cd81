import { describe, expect, it } from 'vitest'
import { effectiveRegionId, isStorableRegionId } from './region'

describe('region id', () => {
  it('stores exactly four digits only', () => {
    expect(isStorableRegionId('1101')).toBe(true)
    expect(isStorableRegionId('110')).toBe(false)
    expect(isStorableRegionId('11011')).toBe(false)
    expect(isStorableRegionId('11a1')).toBe(false)
    expect(isStorableRegionId('')).toBe(false)
    expect(isStorableRegionId(1101)).toBe(false)
    expect(isStorableRegionId('١١٠١')).toBe(false)
  })
  it('falls back to Riyadh (1101)', () => {
    expect(effectiveRegionId(undefined)).toBe('1101')
    expect(effectiveRegionId('abc')).toBe('1101')
    expect(effectiveRegionId('1105')).toBe('1105')
  })
})
