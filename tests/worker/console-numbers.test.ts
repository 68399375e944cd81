// The console's numbers (docs/product.md, "The merchant console") against orders whose sums were worked out by hand:
// Riyadh's day (an order at 22:30 UTC is the next day's), cancelled and unpaid orders left out, exact halalas.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { riyadhDateString } from '@/domain/dates'
import { serverLimits } from '../../config/server-limits'
import { asOperator } from './order-helpers'
import { asStaff, joined } from './staff-helpers'

let placed = 0
async function order(at: Date, status: string, method: string, region: number, total: number, vat: number) {
  placed += 1
  await env.DB.prepare(
    `INSERT INTO orders (increment_id, quote_id, email, region_id, payment_method, status, subtotal, discount, delivery, vat, grand_total, created_at)
     VALUES (?1, ?2, 'n@example.com', ?3, ?4, ?5, ?6, 0, 0, ?7, ?6, ?8)`,
  )
    .bind(`MJ9${String(placed).padStart(11, '0')}`, `numbers-${placed}`, region, method, status, total, vat, at.toISOString())
    .run()
}

describe('the console`s numbers', () => {
  it('sum today and the last days by Riyadh`s calendar, leaving out cancelled and unpaid orders', async () => {
    const now = new Date()
    const today = riyadhDateString(now)
    const midnight = Date.parse(`${today}T00:00:00+03:00`)
    // Today in Riyadh: 30 minutes after its midnight (still yesterday in UTC) and an hour before now.
    await order(new Date(midnight + 30 * 60_000), 'processing', 'card', 1101, 115, 15)
    await order(new Date(Math.max(midnight + 60_000, now.getTime() - 3600_000)), 'complete', 'cashondelivery', 1102, 57.5, 7.5)
    await order(new Date(midnight + 40 * 60_000), 'canceled', 'card', 1101, 1000, 130.43)
    await order(new Date(midnight + 50 * 60_000), 'pending_payment', 'card', 1101, 2000, 260.87)
    // Yesterday in Riyadh: 30 minutes before today's midnight.
    await order(new Date(midnight - 30 * 60_000), 'processing', 'tabby', 1101, 1150, 150)
    // Eight days ago: outside a week.
    await order(new Date(midnight - 8 * 86_400_000), 'processing', 'card', 1101, 99, 12.91)

    const week = await asOperator('GET', '/numbers?days=7')
    expect(week.status).toBe(200)
    const data = week.body.data
    expect(data.today).toEqual({ orders: 2, revenue: 17_250, revenueExVat: 15_000, average: 8_625 })
    expect(data.period).toEqual({ orders: 3, revenue: 132_250, revenueExVat: 115_000, average: 44_083 })
    expect(data.days).toHaveLength(7)
    expect(data.days.at(-1)).toEqual({ day: today, orders: 2, revenue: 17_250 })
    expect(data.days.at(-2).revenue).toBe(115_000)
    expect(data.byMethod.map((m: { method: string }) => m.method)).toEqual(['tabby', 'card', 'cashondelivery'])
    expect(data.byCity).toEqual([
      { region_id: 1101, orders: 2, revenue: 126_500 },
      { region_id: 1102, orders: 1, revenue: 5_750 },
    ])
    expect(data.attention).toMatchObject({
      unreported_invoices: expect.any(Number),
      dead_messages: expect.any(Number),
      to_confirm: expect.any(Number),
    })
    expect((await asOperator('GET', '/numbers?days=10')).body.data.period.orders).toBe(4)
  })

  it('count the stock that has run low, as the stock screen lists it', async () => {
    const before = (await asOperator('GET', '/numbers')).body.data.attention.low_stock
    expect(before).toEqual(expect.any(Number))
    const product = await env.DB.prepare(
      `SELECT s.product_id, s.region_id FROM stock s JOIN products p ON p.entity_id = s.product_id
       WHERE s.qty > coalesce(p.low_stock, ?1) AND p.type_id = 'simple' AND p.hidden = 0 AND p.not_for_sale = 0 AND p.back_orders = 0 LIMIT 1`,
    )
      .bind(serverLimits.orders.lowStockDefault)
      .first<{ product_id: number; region_id: number }>()
    await env.DB.prepare('UPDATE stock SET qty = 1 WHERE product_id = ?1 AND region_id = ?2').bind(product!.product_id, product!.region_id).run()
    expect((await asOperator('GET', '/numbers')).body.data.attention.low_stock).toBe(before + 1)
  })

  it('are the owner`s: refused to the other roles, and to a period of no days or more than 90', async () => {
    for (const role of ['operations', 'support', 'catalogue'] as const)
      expect((await asStaff(await joined(role), 'GET', '/numbers')).status).toBe(403)
    expect((await asStaff(await joined('owner'), 'GET', '/numbers')).status).toBe(200)
    for (const days of ['0', '91', '7.5', 'x']) expect((await asOperator('GET', `/numbers?days=${days}`)).status).toBe(400)
  })
})
