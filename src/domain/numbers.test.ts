import { describe, expect, it } from 'vitest'
import { periodDays, salesNumbers, type SalesGroup } from './numbers'

const group = (day: string, method: string, region_id: number, orders: number, total: number, vat: number): SalesGroup => ({
  day,
  method,
  region_id,
  orders,
  total,
  vat,
})

describe('the console`s sales numbers', () => {
  it('count the days of a period across a month`s end, oldest first', () => {
    expect(periodDays('2026-12-02', 4)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'])
  })

  it('sum today, the period, each day, each method and each city, as worked out by hand', () => {
    const groups = [
      // Today: two card orders in Riyadh (115.00 + 230.00, VAT 15.00 + 30.00), one cash in Jeddah (57.50, VAT 7.50).
      group('2026-12-02', 'card', 1101, 2, 34_500, 4_500),
      group('2026-12-02', 'cashondelivery', 1102, 1, 5_750, 750),
      // Yesterday: one Tabby order in Riyadh (1,150.00, VAT 150.00).
      group('2026-12-01', 'tabby', 1101, 1, 115_000, 15_000),
      // Before the period: ignored.
      group('2026-11-28', 'card', 1101, 9, 999_999, 99_999),
    ]
    const numbers = salesNumbers(groups, '2026-12-02', 3)
    expect(numbers.today).toEqual({ orders: 3, revenue: 40_250, revenueExVat: 35_000, average: 13_417 })
    expect(numbers.period).toEqual({ orders: 4, revenue: 155_250, revenueExVat: 135_000, average: 38_813 })
    expect(numbers.days).toEqual([
      { day: '2026-11-30', orders: 0, revenue: 0 },
      { day: '2026-12-01', orders: 1, revenue: 115_000 },
      { day: '2026-12-02', orders: 3, revenue: 40_250 },
    ])
    expect(numbers.byMethod).toEqual([
      { method: 'tabby', orders: 1, revenue: 115_000 },
      { method: 'card', orders: 2, revenue: 34_500 },
      { method: 'cashondelivery', orders: 1, revenue: 5_750 },
    ])
    expect(numbers.byCity).toEqual([
      { region_id: 1101, orders: 3, revenue: 149_500 },
      { region_id: 1102, orders: 1, revenue: 5_750 },
    ])
  })

  it('are zeros, never a division by nothing, for a period without orders', () => {
    const numbers = salesNumbers([], '2026-12-02', 2)
    expect(numbers.today).toEqual({ orders: 0, revenue: 0, revenueExVat: 0, average: 0 })
    expect(numbers.days.map((d) => d.revenue)).toEqual([0, 0])
  })
})
