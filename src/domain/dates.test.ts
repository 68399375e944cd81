import { describe, expect, it } from 'vitest'
import { addDays, availableDeliveryDates, formatDisplayDate, riyadhDateString, riyadhHour } from './dates'

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
})
