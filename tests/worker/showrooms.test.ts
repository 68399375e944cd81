// The showrooms "Available on stores" points to (docs/product.md, "Showrooms"): the statement's rows in both
// languages, the page at /showrooms and /en/showrooms, cached as content and shown anew once purged
// (docs/decisions/0010), linked from the footer; and no product promises a pickup checkout cannot give.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { purgePageTags } from '~/http/page-cache'
import { cachedCatalogue } from '~/storage/cached-catalogue'
import { contentStore } from '~/storage/content-store'
import { productStore } from '~/storage/product-store'
import type { RegionId } from '../../app.config'
import worker from '../../src/worker-entry'

const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' }

async function view(path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(`https://matjar.test${path}`, { headers: { ...browser, ...headers } }), env, ctx)
  const html = await response.text()
  await waitOnExecutionContext(ctx)
  return { status: response.status, outcome: response.headers.get('x-page-cache'), html }
}

describe('showrooms', () => {
  it('lists every showroom with its city, in both languages, in the region list order', async () => {
    const ar = await contentStore(env.DB).showrooms('ar')
    const en = await contentStore(env.DB).showrooms('en')
    expect(ar.length).toBeGreaterThanOrEqual(6)
    expect(en.map((s) => s.id)).toEqual(ar.map((s) => s.id))
    expect(new Set(en.map((s) => s.city))).toEqual(new Set(['Riyadh', 'Jeddah', 'Makkah', 'Madinah', 'Dammam', 'Khobar']))
    expect(en[0]).toMatchObject({ region_id: 1101, city: 'Riyadh' })
    expect(ar[0]!.city).toBe('الرياض')
    for (const showroom of ar) {
      expect(showroom.name).toMatch(/^[\u0600-\u06ff ]+$/)
      expect(showroom.address).toMatch(/[\u0600-\u06ff]/)
      expect(showroom.phone).toMatch(/^01[1-7]\d{7}$/)
      expect(showroom.map_url).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=\d+\.\d+,\d+\.\d+$/)
      for (const time of [showroom.opens, showroom.closes, showroom.friday_opens, showroom.friday_closes]) expect(time).toMatch(/^\d{2}:\d{2}$/)
    }
    // Ordered by the region list, then within a city.
    const positions = en.map((s) => [1101, 1102, 1103, 1104, 1105, 1106].indexOf(s.region_id))
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
  })

  it('serves the page in both languages, the shopper city first', async () => {
    const ar = await view('/showrooms')
    expect(ar.status).toBe(200)
    expect(ar.html).toContain('<h1 class="mt-4 text-3xl font-bold">معارضنا</h1>')
    expect(ar.html).toContain('معرض العليا')
    expect(ar.html).toContain('tel:+966112180400')
    const en = await view('/en/showrooms', { cookie: 'region_id=1105' })
    expect(en.html).toContain('Our showrooms')
    expect(en.html).toContain('10:00 AM')
    expect(en.html.indexOf('Ash Shati showroom')).toBeLessThan(en.html.indexOf('Olaya showroom'))
  })

  it('is cached as content, and shows a change once content is purged', async () => {
    const first = await view('/en/showrooms?from=cache-test')
    const second = await view('/en/showrooms?from=cache-test')
    expect([first.outcome, second.outcome]).toEqual(['miss', 'hit'])
    await env.DB.prepare("UPDATE showrooms SET closes = '22:00' WHERE id = 'riyadh-olaya'").run()
    try {
      expect((await view('/en/showrooms?from=cache-test')).html).not.toContain('10:00 PM')
      await purgePageTags(env, ['content'])
      const after = await view('/en/showrooms?from=cache-test')
      expect(after.outcome).toBe('miss')
      expect(after.html).toContain('10:00 PM')
    } finally {
      await env.DB.prepare("UPDATE showrooms SET closes = '23:00' WHERE id = 'riyadh-olaya'").run()
    }
  })

  it('is linked from the footer in both languages', async () => {
    for (const locale of ['ar', 'en'] as const) {
      const footer = await cachedCatalogue(env).footer(locale)
      expect(footer!.columns.flatMap((c) => c.links.map((l) => l.href))).toContain('/showrooms')
    }
  })

  it('shows the pickup message only where the city has a showroom and holds the product', async () => {
    const row = await env.DB.prepare(
      `SELECT p.entity_id AS id FROM products p JOIN stock s ON s.product_id = p.entity_id AND s.region_id = 1101
       WHERE p.product_messages LIKE '%"pickup"%' AND p.not_for_sale = 0 AND p.back_orders = 0 AND s.qty > 0 ORDER BY p.entity_id LIMIT 1`,
    ).first<{ id: number }>()
    const id = row!.id
    await env.DB.prepare('INSERT OR REPLACE INTO stock (product_id, region_id, qty) VALUES (?1, 1111, 5), (?1, 1102, 0)').bind(id).run()
    const keys = async (region: number, locale: 'ar' | 'en' = 'en') =>
      (await productStore(env.DB).summariesByIds([id], locale, region as RegionId))[0]!.messages.map((m) => m.key)
    expect(await keys(1101)).toContain('pickup')
    expect((await productStore(env.DB).summariesByIds([id], 'ar', 1101 as RegionId))[0]!.messages).toContainEqual(
      expect.objectContaining({ key: 'pickup', text: 'استلمه من معرض في مدينتك' }),
    )
    // Abha has no showroom; Jeddah has two but none of this product.
    expect(await keys(1111)).not.toContain('pickup')
    expect(await keys(1102)).not.toContain('pickup')
  })
})
