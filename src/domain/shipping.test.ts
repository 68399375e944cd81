import { describe, expect, it } from 'vitest'
import { deliveryFee, pickupLeadDays, shippingMethods, showroomHoursOn, type ShippingInput } from './shipping'

const now = new Date('2026-11-22T10:00:00Z')
const base: ShippingInput = {
  regionId: 1102,
  hasBigItem: false,
  hasLines: true,
  afterDiscounts: 200,
  fastRegionIds: [1101, 1102],
  leadDays: 2,
  dateCount: 3,
  showrooms: [
    {
      id: 'jeddah-tahlia',
      name: 'Tahlia showroom',
      address: 'Al Andalus',
      opens: '10:00',
      closes: '23:00',
      friday_opens: '16:00',
      friday_closes: '23:00',
      phone: '0126520400',
      map_url: 'https://maps.example/tahlia',
    },
  ],
  allInCityStock: true,
}
const byCode = (input: ShippingInput) => Object.fromEntries(shippingMethods(input, now).map((m) => [m.code, m]))

describe('shipping methods', () => {
  it('charges standard delivery at or under 299 SAR and not above it', () => {
    expect(deliveryFee('standard', 299, true)).toBe(29)
    expect(deliveryFee('standard', 299.01, true)).toBe(0)
    expect(deliveryFee('standard', 10, false)).toBe(0)
  })
  it('charges fast delivery whatever the total', () => {
    expect(deliveryFee('fast', 5000, true)).toBe(49)
  })
  it('offers fast delivery only in the fast-delivery cities, from the next day', () => {
    const methods = byCode(base)
    expect(methods.fast).toMatchObject({ available: true, amount: 49 })
    expect(methods.fast!.dates[0]!.Date).toBe('2026-11-23')
    expect(methods.standard!.dates.map((d) => d.Date)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26'])
    expect(byCode({ ...base, regionId: 1111 }).fast).toMatchObject({ available: false, unavailable_reason: 'not_fast_city' })
  })
  it('offers fast delivery only where its first date comes before standard delivery', () => {
    // The seeded Riyadh once had a 1-day lead: fast delivery (49 SAR) then offered the same dates as free delivery.
    for (const leadDays of [0, 1, 2, 3, 5]) {
      const methods = byCode({ ...base, regionId: 1101, leadDays })
      if (methods.fast!.available) expect(methods.fast!.dates[0]!.Date < methods.standard!.dates[0]!.Date).toBe(true)
    }
    expect(byCode({ ...base, regionId: 1101, leadDays: 1 }).fast).toMatchObject({ available: false, unavailable_reason: 'not_fast_city' })
    expect(byCode({ ...base, regionId: 1101, leadDays: 2 }).fast!.available).toBe(true)
  })
  it('promises 24 hours in region 1116', () => {
    expect(byCode({ ...base, regionId: 1116 }).standard!.within_24_hours).toBe(true)
    expect(byCode(base).standard!.within_24_hours).toBe(false)
  })
  it('ships a big item only to region 1101', () => {
    expect(byCode({ ...base, hasBigItem: true }).standard).toMatchObject({ available: false, unavailable_reason: 'big_items' })
    expect(byCode({ ...base, hasBigItem: true, regionId: 1101 }).standard!.available).toBe(true)
  })
  it('offers a free pickup only in a city with a showroom, for what the city stock holds', () => {
    expect(deliveryFee('pickup', 10, true)).toBe(0)
    const pickup = byCode(base).pickup!
    expect(pickup).toMatchObject({ available: true, amount: 0, unavailable_reason: null, showrooms: base.showrooms })
    expect(byCode({ ...base, regionId: 1111, showrooms: [] }).pickup).toMatchObject({ available: false, unavailable_reason: 'no_showroom' })
    expect(byCode({ ...base, allInCityStock: false }).pickup).toMatchObject({ available: false, unavailable_reason: 'not_in_city_stock' })
  })
  it('has a pickup ready the same day before the cut-off in Riyadh, the next day after it', () => {
    // 10:00 in Riyadh: today; 20:00 and later: tomorrow.
    expect(byCode(base).pickup!.dates.map((d) => d.Date)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24'])
    expect(pickupLeadDays(new Date('2026-11-22T16:59:00Z'))).toBe(0)
    expect(pickupLeadDays(new Date('2026-11-22T17:00:00Z'))).toBe(1)
    expect(shippingMethods(base, new Date('2026-11-22T18:00:00Z')).find((m) => m.code === 'pickup')!.dates[0]!.Date).toBe('2026-11-23')
  })
})

describe('showroomHoursOn', () => {
  it("gives Friday its own hours (a showroom opens at 4 pm on Fridays) and every other day the week's", () => {
    const showroom = base.showrooms[0]!
    expect(showroomHoursOn(showroom, '2026-11-27')).toEqual({ opens: '16:00', closes: '23:00' })
    expect(showroomHoursOn(showroom, '2026-11-28')).toEqual({ opens: '10:00', closes: '23:00' })
  })
})
