import { describe, expect, it } from 'vitest'
import { allowedTypos, typoDistance } from './typos'

describe('typos, as Algolia counts them', () => {
  it('allows none under 4 letters, one from 4, two from 8', () => {
    expect([allowedTypos('tab'), allowedTypos('sony'), allowedTypos('samsung'), allowedTypos('nespresso')]).toEqual([0, 1, 1, 2])
  })
  it('counts a swap of neighbouring letters as one typo', () => {
    expect(typoDistance('samsnug', 'samsung', 2)).toBe(1)
    expect(typoDistance('lenvoo', 'lenovo', 2)).toBe(1)
    expect(typoDistance('شاموي', 'شاومي', 2)).toBe(1)
  })
  it('counts insertions, deletions and substitutions one each', () => {
    expect(typoDistance('nespreso', 'nespresso', 2)).toBe(1)
    expect(typoDistance('refrigirator', 'refrigerator', 2)).toBe(1)
    expect(typoDistance('galaxi', 'galaxy', 2)).toBe(1)
  })
  it('counts a wrong first letter as two', () => {
    expect(typoDistance('bony', 'sony', 2)).toBe(2)
    expect(typoDistance('sany', 'sony', 2)).toBe(1)
  })
  it('stops counting past the most it is asked about', () => {
    expect(typoDistance('samsung', 'philips', 1)).toBe(2)
    expect(typoDistance('tv', 'television', 2)).toBe(3)
  })
})
