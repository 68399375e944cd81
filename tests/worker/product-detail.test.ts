// The product page's data from the seeded D1: options, fees by region with the 1101 fallback,
// delivery dates for the city and related products (limit 10), plus what its HTML carries.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { productDetail } from '~/storage/product-store'

const tv = 'samsung-neo-qled-qn90-55-inch-black-1139'
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

  it("carries a configurable product's variants: what differs from the parent, in the page's language and the city's stock", async () => {
    const page = await detail(phone, 'en', 1101)
    const variants = page!.product.variants
    // Every colour with every storage (docs/decisions/0020-variants-are-products.md).
    const [colours, storages] = page!.product.options.map((o) => o.values.length)
    expect(variants).toHaveLength(colours! * storages!)
    // The page opens on the variant the parent is named after.
    const opening = variants.find((v) => v.sku === page!.product.opening_variant)!
    expect(opening.name).toBe(page!.product.name)
    expect(opening.specifications).toEqual([])
    const dearest = variants.find((v) => v.values.color === 2 && v.values.variant === storages)!
    expect(dearest.name).toMatch(/^Samsung Galaxy S25 \S+ Smartphone, Silver$/)
    expect(dearest.price).toBeGreaterThan(opening.price)
    expect(dearest.image[0]).not.toBe(opening.image[0])
    expect(dearest.specifications.map((s) => s.name)).toEqual(['Storage', 'Colour'])
    expect(dearest.description).toContain('silver')
    const stock = await env.DB.prepare(
      'SELECT s.qty FROM stock s JOIN products p ON p.entity_id = s.product_id WHERE p.sku = ? AND s.region_id = 1101',
    )
      .bind(dearest.sku)
      .first<{ qty: number }>()
    expect(dearest.in_stock).toBe(stock!.qty > 0)
    const arabic = await detail(phone, 'ar', 1101)
    expect(arabic!.product.variants.find((v) => v.sku === dearest.sku)!.name).toContain('فضي')
    // A simple product has none.
    expect((await detail(tv, 'en', 1101))!.product.variants).toEqual([])
  })

  it('never relates, lists, finds or maps a variant on its own, nor gives it a page', async () => {
    const child = await env.DB.prepare('SELECT sku, rewrite_url FROM products WHERE parent_id IS NOT NULL LIMIT 1').first<{
      sku: string
      rewrite_url: string
    }>()
    expect(await detail(child!.rewrite_url, 'en', 1101)).toBeNull()
    const page = await detail(phone, 'en', 1101, 50)
    expect(page!.related.every((p) => p.type_id === 'configurable' || !/-\d+-\d+$/.test(p.sku))).toBe(true)
    const sitemap = await (await SELF.fetch('https://matjar.test/sitemap.xml')).text()
    expect(sitemap).not.toContain(child!.rewrite_url)
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
    expect(html.match(/<link rel="preload" as="image" href="[^"]+"/)?.[0]).toBe(
      '<link rel="preload" as="image" href="/media/product/tv-qled55-black-0.svg"',
    )
    expect(html.match(/>Buy now</g)).toHaveLength(1)
    expect(html.match(/>Wall mounting</g)).toHaveLength(1)
  })

  it("renders the variant its address names at once, with the parent's canonical address", async () => {
    const page = await detail(phone, 'en', 1101)
    const silver = page!.product.variants.find((v) => v.values.color === 2 && v.sku !== page!.product.opening_variant)!
    const response = await SELF.fetch(`https://matjar.test/en/product/${phone}?variant=${silver.sku}`, {
      headers: { cookie: 'region_id=1101', 'user-agent': 'Mozilla/5.0 Chrome/156.0' },
    })
    const html = await response.text()
    expect(html).toContain(`<title>${silver.name}`)
    expect(html).toMatch(new RegExp(`<h1[^>]*>${silver.name}</h1>`))
    expect(html).toContain(`>${silver.sku}</bdi>`)
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/en/product/${phone}"`))
  })
})
