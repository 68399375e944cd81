// The delivery date on every card (docs/product.md, "Product card", docs/decisions/0040-card-delivery-dates.md): a
// category page carries its city's first delivery date, the product page's own, and the page cache never serves a
// page kept under yesterday's Riyadh day.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import worker from '../../src/worker-entry'
import { deliveryDates } from '../../src/domain/dates'

const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' }

async function view(path: string, cookie: string) {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(`https://matjar.test${path}`, { headers: { ...browser, cookie } }), env, ctx)
  const html = await response.text()
  await waitOnExecutionContext(ctx)
  return { outcome: response.headers.get('x-page-cache'), html }
}

/** What a card says for the city at this moment, by the product page's rule. */
const arrives = (leadDays: number, at: Date) => `Arrives ${deliveryDates(at, leadDays, 1, 'en')[0]!.label}`

/** A category whose first page holds products in stock in both cities. */
async function categoryStockedIn(a: number, b: number): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT c.url_key FROM products p JOIN categories c ON c.id = p.main_category_id
     JOIN stock sa ON sa.product_id = p.entity_id AND sa.region_id = ?1 AND sa.qty > 0
     JOIN stock sb ON sb.product_id = p.entity_id AND sb.region_id = ?2 AND sb.qty > 0
     WHERE p.parent_id IS NULL AND p.hidden = 0 AND p.not_for_sale = 0 AND p.big_items = 0
     GROUP BY c.url_key ORDER BY COUNT(*) DESC LIMIT 1`,
  )
    .bind(a, b)
    .first<{ url_key: string }>()
  return row!.url_key
}

// An isolate's first render is a cold one (as in page-cache.test.ts): the pages under test are rendered warm.
beforeAll(async () => {
  await view('/en/', '')
})

afterEach(() => {
  vi.useRealTimers()
})

describe('the delivery date on cards', () => {
  it('shows each city its own first date, the one its product page gives', async () => {
    // Riyadh (1101) delivers from 2 days on, Abha (1111) from 4 (worker/storage/region-rows.ts).
    const path = `/en/${await categoryStockedIn(1101, 1111)}`
    await view(path, 'region_id=1105') // the route's first render in a test isolate is a cold one, degraded and not kept
    const riyadh = await view(path, 'region_id=1101')
    const abha = await view(path, 'region_id=1111')
    const now = new Date()
    expect(riyadh.html).toContain(arrives(2, now))
    expect(abha.html).toContain(arrives(4, now))
    expect(abha.html).not.toContain(arrives(2, now))
    expect(riyadh.html).not.toContain(arrives(4, now))
  })

  it('renders a cached page again once midnight in Riyadh has moved the dates on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const path = `/en/${await categoryStockedIn(1101, 1102)}?sort=newest`
    // 23:59 on Thursday 26 November 2026 in Riyadh, then two minutes later: the page is still fresh by its age.
    const before = new Date('2026-11-26T20:59:00Z')
    const after = new Date('2026-11-26T21:01:00Z')
    vi.setSystemTime(before)
    await view(path, 'region_id=1105') // a cold first render (see above)
    expect((await view(path, 'region_id=1102')).outcome).toBe('miss')
    const cached = await view(path, 'region_id=1102')
    expect(cached.outcome).toBe('hit')
    expect(cached.html).toContain(arrives(2, before))
    vi.setSystemTime(after)
    const next = await view(path, 'region_id=1102')
    expect(next.html).not.toContain(arrives(2, before))
    expect(next.html).toContain(arrives(2, after))
    expect(next.outcome).toBe('miss')
    // And the new day's page is then shared as before.
    expect((await view(path, 'region_id=1102')).outcome).toBe('hit')
  })
})
