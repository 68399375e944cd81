import { describe, expect, it } from 'vitest'
import { isCourier, trackingUrl } from './fulfilment'

describe('trackingUrl', () => {
  it('links a courier that has a public tracking page, with the number in it', () => {
    expect(trackingUrl('aramex', '44012345678')).toBe('https://www.aramex.com/sa/en/track/results?ShipmentNumber=44012345678')
    expect(trackingUrl('smsa', 'SA-2291')).toContain('tracknumbers=SA-2291')
  })

  it('has no link for the store’s own drivers or Saudi Post, nor for a number that is not one', () => {
    expect(trackingUrl('store', '12345')).toBeNull()
    expect(trackingUrl('spl', 'RR123456789SA')).toBeNull()
    expect(trackingUrl('dhl', '12"><script>')).toBeNull()
  })

  it('knows only its couriers', () => {
    expect(isCourier('aramex')).toBe(true)
    expect(isCourier('toString')).toBe(false)
  })
})
