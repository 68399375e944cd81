/**
 * The console's numbers (docs/product.md, "The merchant console"): sales of today and of the last days, by day, by
 * payment method and by city, from one grouped read of the orders (worker/storage/numbers-store.ts). A sale is an
 * order placed and not cancelled (paid, or cash on its way); money is in halalas, exact, VAT included unless named.
 */

/** One group of the read: a Riyadh day, a payment method and a city. */
export interface SalesGroup {
  /** yyyy-mm-dd in Riyadh. */
  day: string
  method: string
  region_id: number
  orders: number
  /** Halalas, VAT included. */
  total: number
  /** Halalas of VAT. */
  vat: number
}

export interface Figures {
  orders: number
  /** Halalas, VAT included. */
  revenue: number
  /** Halalas, VAT excluded. */
  revenueExVat: number
  /** Halalas per order, rounded; 0 without orders. */
  average: number
}

export interface SalesNumbers {
  today: Figures
  period: Figures
  /** Every day of the period, oldest first, a day without orders included. */
  days: { day: string; orders: number; revenue: number }[]
  /** Most revenue first. */
  byMethod: { method: string; orders: number; revenue: number }[]
  byCity: { region_id: number; orders: number; revenue: number }[]
}

const figures = (groups: SalesGroup[]): Figures => {
  const orders = groups.reduce((sum, g) => sum + g.orders, 0)
  const revenue = groups.reduce((sum, g) => sum + g.total, 0)
  const vat = groups.reduce((sum, g) => sum + g.vat, 0)
  return { orders, revenue, revenueExVat: revenue - vat, average: orders === 0 ? 0 : Math.round(revenue / orders) }
}

/** The `count` Riyadh days that end with `today` (yyyy-mm-dd), oldest first. */
export function periodDays(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`)
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10))
}

function grouped<K extends string | number>(groups: SalesGroup[], key: (g: SalesGroup) => K) {
  const sums = new Map<K, { orders: number; revenue: number }>()
  for (const g of groups) {
    const sum = sums.get(key(g)) ?? { orders: 0, revenue: 0 }
    sums.set(key(g), { orders: sum.orders + g.orders, revenue: sum.revenue + g.total })
  }
  return [...sums].sort((a, b) => b[1].revenue - a[1].revenue)
}

/** The numbers of the `count` days ending today, from the groups of those days (a group outside them is ignored). */
export function salesNumbers(groups: SalesGroup[], today: string, count: number): SalesNumbers {
  const days = periodDays(today, count)
  const inPeriod = groups.filter((g) => g.day >= days[0]! && g.day <= today)
  return {
    today: figures(inPeriod.filter((g) => g.day === today)),
    period: figures(inPeriod),
    days: days.map((day) => {
      const sum = figures(inPeriod.filter((g) => g.day === day))
      return { day, orders: sum.orders, revenue: sum.revenue }
    }),
    byMethod: grouped(inPeriod, (g) => g.method).map(([method, sum]) => ({ method, ...sum })),
    byCity: grouped(inPeriod, (g) => g.region_id).map(([region_id, sum]) => ({ region_id, ...sum })),
  }
}
