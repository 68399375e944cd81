import { describe, expect, it } from 'vitest'
import {
  addDays,
  availableDeliveryDates,
  deliveryDates,
  deliveryPromiseEpoch,
  firstDeliveryByCity,
  formatDisplayDate,
  riyadhDateString,
  riyadhHour,
} from './dates'

describe('dates in Asia/Riyadh', () => {
  it('takes the calendar date in Riyadh, not UTC', () => {
    // 22:30 UTC is 01:30 the next day in Riyadh (GMT+3).
    expect(riyadhDateString(new Date('2026-11-21T22:30:00Z'))).toBe('2026-11-22')
    expect(riyadhDateString(new Date('2026-11-21T20:59:00Z'))).toBe('2026-11-21')
  })
  it('takes the hour in Riyadh, not UTC', () => {
    expect(riyadhHour(new Date('2026-11-21T16:59:00Z'))).toBe(19)
    expect(riyadhHour(new Date('2026-11-21T17:00:00Z'))).toBe(20)
    expect(riyadhHour(new Date('2026-11-21T21:00:00Z'))).toBe(0)
  })
  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
  })
  it('offers delivery dates from the lead time on', () => {
    expect(availableDeliveryDates(new Date('2026-11-21T22:30:00Z'), 2, 3)).toEqual([
      { Date: '2026-11-24', Day: 'Tuesday' },
      { Date: '2026-11-25', Day: 'Wednesday' },
      { Date: '2026-11-26', Day: 'Thursday' },
    ])
  })
  it('shows dates with Western digits in Arabic', () => {
    const text = formatDisplayDate('2026-11-24', 'ar')
    expect(text).toMatch(/24/)
    expect(text).not.toMatch(/[٠-٩]/)
  })

  describe('the date on a card is the product page\'s first date (docs/product.md, "Product card")', () => {
    const cities = [
      { label: 'Select city', value: '' },
      { label: 'Riyadh', value: '1101', lead_days: 2 },
      { label: 'Jeddah', value: '1102', lead_days: 3 },
    ]
    const cases = [
      // Thursday 26 November 2026, one minute either side of midnight in Riyadh (the rule's only cut-off).
      { now: '2026-11-26T20:59:00Z', riyadh: { en: 'Sat 28 Nov', date: '2026-11-28' }, jeddah: '2026-11-29' },
      { now: '2026-11-26T21:01:00Z', riyadh: { en: 'Sun 29 Nov', date: '2026-11-29' }, jeddah: '2026-11-30' },
      // Friday 27 November: a Friday is a day like any other in this rule, either side of midnight.
      { now: '2026-11-27T20:59:00Z', riyadh: { en: 'Sun 29 Nov', date: '2026-11-29' }, jeddah: '2026-11-30' },
      { now: '2026-11-27T21:01:00Z', riyadh: { en: 'Mon 30 Nov', date: '2026-11-30' }, jeddah: '2026-12-01' },
      // Across the month end: Monday 30 November in Riyadh (00:30 UTC on the 30th is 03:30 there).
      { now: '2026-11-30T00:30:00Z', riyadh: { en: 'Wed 2 Dec', date: '2026-12-02' }, jeddah: '2026-12-03' },
    ]
    for (const c of cases) {
      it(`at ${c.now}`, () => {
        const now = new Date(c.now)
        for (const locale of ['ar', 'en'] as const) {
          const cards = firstDeliveryByCity(now, cities, locale)
          expect(Object.keys(cards)).toEqual(['1101', '1102'])
          expect(cards['1101']).toEqual(deliveryDates(now, 2, 3, locale)[0])
          expect(cards['1102']).toEqual(deliveryDates(now, 3, 3, locale)[0])
        }
        expect(firstDeliveryByCity(now, cities, 'en')['1101']).toMatchObject({ Date: c.riyadh.date, label: c.riyadh.en })
        expect(firstDeliveryByCity(now, cities, 'en')['1102']?.Date).toBe(c.jeddah)
        const ar = firstDeliveryByCity(now, cities, 'ar')['1101']!.label
        expect(ar).toContain(String(Number(c.riyadh.date.slice(8))))
        expect(ar).not.toMatch(/[٠-٩]/)
      })
    }
    it('names the Arabic month and weekday', () => {
      expect(firstDeliveryByCity(new Date('2026-11-30T00:30:00Z'), cities, 'ar')['1101']!.label).toMatch(/الأربعاء.*2 ديسمبر/)
    })
    it('changes its promise epoch exactly when the dates change', () => {
      expect(deliveryPromiseEpoch(new Date('2026-11-26T20:59:00Z'))).not.toBe(deliveryPromiseEpoch(new Date('2026-11-26T21:01:00Z')))
      expect(deliveryPromiseEpoch(new Date('2026-11-26T10:00:00Z'))).toBe(deliveryPromiseEpoch(new Date('2026-11-26T20:59:00Z')))
    })
  })
})
