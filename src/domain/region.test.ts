import { describe, expect, it } from 'vitest'
import { cityAfterSignIn, effectiveRegion, regionFrom } from './region'

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

  describe('the city after a sign-in', () => {
    it("takes the account cart's city when the cart holds anything, over a city chosen before", () => {
      expect(cityAfterSignIn({ chosen: null, cart: { regionId: 1101, lines: 2 }, defaultAddressRegion: 1102 })).toBe(1101)
      expect(cityAfterSignIn({ chosen: 1105, cart: { regionId: 1101, lines: 1 }, defaultAddressRegion: null })).toBe(1101)
    })
    it('keeps a chosen city over an empty cart, and asks for no change when they agree', () => {
      expect(cityAfterSignIn({ chosen: 1105, cart: { regionId: 1101, lines: 0 }, defaultAddressRegion: 1102 })).toBeNull()
      expect(cityAfterSignIn({ chosen: 1101, cart: { regionId: 1101, lines: 3 }, defaultAddressRegion: null })).toBeNull()
    })
    it("with no city chosen and an empty cart, takes the default address's city, else nothing", () => {
      expect(cityAfterSignIn({ chosen: null, cart: { regionId: 1101, lines: 0 }, defaultAddressRegion: 1102 })).toBe(1102)
      expect(cityAfterSignIn({ chosen: null, cart: null, defaultAddressRegion: null })).toBeNull()
      expect(cityAfterSignIn({ chosen: null, cart: null, defaultAddressRegion: 9999 })).toBeNull()
    })
  })
})
