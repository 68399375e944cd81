// The product page's data from the seeded D1: options, fees by region with the 1101 fallback,
// delivery dates for the city and related products (limit 10), plus what its HTML carries.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { productDetail } from '~/storage/product-store'

const tv = 'samsung-neo-qled-qn90-55-inch-black-1115'
const phone = 'samsung-galaxy-s25-128gb-black-1001'
const now = new Date('2026-11-22T10:00:00Z')
const detail = (url: string, locale: 'ar' | 'en', region: number, relatedLimit = 10) =>
  productDetail(env.DB, url, locale, region, { now, relatedLimit })

describe('productDetail', () => {
  it("prices a service in the shopper's region, and in 1101's price where the region has none", async () => {
    const own = await detail(tv, 'en', 1112)
    expect(own?.product.fees).toEqual([expect.objectContaining({ title: 'Wall mounting', price: 179.5 })])
    const fallback = await detail(tv, 'ar', 1103)
    expect(fallback?.product.fees).toEqual([expect.objectContaining({ title: 'تركيب على الجدار', price: 149.5 })])
  })

  it("gives a configurable product's options in the page's language", async () => {
    const page = await detail(phone, 'en', 1101)
    expect(page?.product.type_id).toBe('configurable')
    const codes = page?.product.options.map((o) => o.code)
    expect(codes?.[0]).toBe('color')
    expect(page?.product.options[0]?.label).toBe('Colour')
    expect(page?.product.options[0]?.values.length).toBeGreaterThan(1)
    const simple = await detail(tv, 'en', 1101)
    expect(simple?.product.options).toEqual([])
  })

  it("lists the city's delivery days from its lead time, in Riyadh's calendar", async () => {
    const region = await env.DB.prepare('SELECT delivery_lead_days, delivery_date_count FROM regions WHERE id = 1105').first<{
      delivery_lead_days: number
      delivery_date_count: number
    }>()
    const page = await detail(tv, 'en', 1105)
    expect(page?.product.delivery_dates).toHaveLength(region!.delivery_date_count)
    const first = new Date(Date.UTC(2026, 10, 22 + region!.delivery_lead_days)).toISOString().slice(0, 10)
    expect(page?.product.delivery_dates[0]?.Date).toBe(first)
    // Each date's words come made in the page's language (Western digits in Arabic too).
    const day = 22 + region!.delivery_lead_days
    expect(page?.product.delivery_dates[0]?.label).toMatch(new RegExp(`^[A-Z][a-z]{2} ${day} Nov$`))
    const arabic = await detail(tv, 'ar', 1105)
    expect(arabic?.product.delivery_dates[0]?.label).toContain(`${day} نوفمبر`)
  })

  it('relates at most the limit of products of the same main category, never the product itself', async () => {
    const page = await detail(phone, 'en', 1101)
    expect(page?.related.length).toBe(10)
    expect(page?.related.map((p) => p.sku)).not.toContain(page?.product.sku)
    const few = await detail(phone, 'en', 1101, 3)
    expect(few?.related).toHaveLength(3)
  })

  it('answers null for an unknown product', async () => {
    expect(await detail('no-such-product', 'en', 1101)).toBeNull()
  })
})

describe('the product page HTML', () => {
  it('preloads its largest picture and offers Buy now and the services', async () => {
    const response = await SELF.fetch(`https://matjar.test/en/product/${tv}`, {
      headers: { cookie: 'region_id=1101', 'user-agent': 'Mozilla/5.0 Chrome/156.0' },
    })
    expect(response.status).toBe(200)
    const html = await response.text()
    // React preloads the picture marked fetchPriority="high", the page's largest (in the built
    // Worker it lands in the head: tests/e2e/product.spec.ts).
    expect(html.match(/<link rel="preload" as="image" href="[^"]+"/)?.[0]).toBe('<link rel="preload" as="image" href="/media/product/tv-180-0.svg"')
    expect(html.match(/>Buy now</g)).toHaveLength(1)
    expect(html.match(/>Wall mounting</g)).toHaveLength(1)
  })
})
