// Server-rendered pages in workerd: language and direction in the HTML, security headers, the
// request log line, 404s and CSRF on server functions.
import { env, SELF } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' }
const page = (path: string, headers: Record<string, string> = {}) => SELF.fetch(`https://matjar.test${path}`, { headers: { ...browser, ...headers } })

// Warm up: the first render loads and transforms the whole app.
beforeAll(async () => {
  await (await page('/')).text()
})

afterEach(() => vi.restoreAllMocks())

describe('languages', () => {
  it('serves Arabic, right to left, at /', async () => {
    const response = await page('/')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toMatch(/<html lang="ar" dir="rtl"/)
    expect(html).toContain('الأقسام')
  })

  it('serves English, left to right, at /en/', async () => {
    const html = await (await page('/en/')).text()
    expect(html).toMatch(/<html lang="en" dir="ltr"/)
    expect(html).toContain('Categories')
  })

  it('keeps the same slug in both languages', async () => {
    const ar = await (await page('/laptops')).text()
    const en = await (await page('/en/laptops')).text()
    expect(ar).toContain('اللابتوبات')
    expect(en).toContain('Laptops')
  })

  it('renders the nav bar by the mega-menu rule: hidden categories never appear, at most 12', async () => {
    const html = await (await page('/en/')).text()
    const nav = html.match(/<nav aria-label="Main categories"[\s\S]*?<\/nav>/)?.[0] ?? ''
    const links = [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1])
    expect(links).toHaveLength(12)
    expect(links).not.toContain('/en/offers') // include_in_menu false
    expect(links).not.toContain('/en/gift-cards') // show_in_mega_menu false
    expect(links).not.toContain('/en/coming-soon') // no products
  })
})

describe('every response', () => {
  it('carries the security headers and a request id', async () => {
    const response = await page('/')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/)
    const api = await SELF.fetch('https://matjar.test/api/getRegions?lang=ar')
    expect(api.headers.get('content-security-policy')).toContain("script-src 'none'")
  })

  it('stamps the CSP nonce on the inline scripts', async () => {
    const response = await page('/')
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
    const html = await response.text()
    // JSON-LD data blocks are never executed, so the CSP does not apply to them.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'))
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`)
  })

  it('writes one JSON log line with id, method, path, status, duration and cache outcome', async () => {
    const log = vi.spyOn(console, 'log')
    const response = await SELF.fetch('https://matjar.test/api/getRegions?lang=en')
    const lines = log.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('"path":"/api/getRegions"'))
    expect(lines).toHaveLength(1)
    const entry = JSON.parse(lines[0]!)
    expect(entry).toMatchObject({
      id: response.headers.get('x-request-id'),
      method: 'GET',
      path: '/api/getRegions',
      status: 200,
      durationMs: expect.any(Number),
      cache: expect.stringMatching(/^(hit|miss)$/),
    })
  })
})

describe('not found', () => {
  it('answers an unknown category with a 404 page in the language', async () => {
    const ar = await page('/no-such-category')
    expect(ar.status).toBe(404)
    expect(await ar.text()).toContain('الصفحة غير موجودة')
    const en = await page('/en/product/no-such-product')
    expect(en.status).toBe(404)
    expect(await en.text()).toContain('Page not found')
  })
})

describe('media', () => {
  it('draws product pictures and refuses unknown ones', async () => {
    const ok = await SELF.fetch('https://matjar.test/media/product/phone-210-0.svg')
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toContain('image/svg+xml')
    expect(await ok.text()).toMatch(/^<svg /)
    expect((await SELF.fetch('https://matjar.test/media/product/spaceship-210-0.svg')).status).toBe(404)
    expect((await SELF.fetch('https://matjar.test/media/product/phone-999-0.svg')).status).toBe(404)
  })
})

describe('media cut-outs', () => {
  it('draws a product without its background for banners', async () => {
    const svg = await (await SELF.fetch('https://matjar.test/media/product/phone-210-1-cutout.svg')).text()
    expect(svg).not.toContain('<rect width="400" height="400"')
  })
})

describe('search engines', () => {
  it('serves a sitemap with every category and product in both languages, and robots.txt', async () => {
    const response = await SELF.fetch('https://matjar.example/sitemap.xml')
    expect(response.headers.get('content-type')).toContain('application/xml')
    const xml = await response.text()
    // A variant is shown on its parent's page and has none of its own (docs/decisions/0020-variants-are-products.md).
    const products = await env.DB.prepare('SELECT count(*) AS n FROM products WHERE parent_id IS NULL').first<{ n: number }>()
    expect(xml.match(/<loc>https:\/\/matjar\.example\/en\/product\//g)).toHaveLength(products!.n)
    expect(xml).toContain('<loc>https://matjar.example/laptops</loc>')
    expect(xml).toContain('<loc>https://matjar.example/en/laptops</loc>')
    // A category without products (Coming Soon) is not listed.
    expect(xml).not.toContain('/coming-soon<')
    const robots = await (await SELF.fetch('https://matjar.example/robots.txt')).text()
    expect(robots).toContain('Sitemap: https://matjar.example/sitemap.xml')
  })

  it('gives a product page its JSON-LD Product and BreadcrumbList and Open Graph tags', async () => {
    const row = await env.DB.prepare('SELECT rewrite_url, sku FROM products WHERE not_for_sale = 0 ORDER BY entity_id LIMIT 1').first<{
      rewrite_url: string
      sku: string
    }>()
    const html = await (await page(`/en/product/${row!.rewrite_url}`)).text()
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
    expect(blocks.find((b) => b['@type'] === 'Product')).toMatchObject({ sku: row!.sku, offers: { priceCurrency: 'SAR' } })
    expect(blocks.find((b) => b['@type'] === 'BreadcrumbList').itemListElement).toHaveLength(3)
    expect(html).toContain('property="og:type" content="product"')
    expect(html).toContain('property="og:locale" content="en_SA"')
  })

  it('gives the home page WebSite and Organization JSON-LD with the store search, and Open Graph', async () => {
    const html = await (await page('/')).text()
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
    const graph = blocks.find((b) => Array.isArray(b['@graph']))['@graph']
    expect(graph.map((node: { '@type': string }) => node['@type'])).toEqual(['WebSite', 'Organization'])
    expect(graph[0].potentialAction.target.urlTemplate).toBe('https://matjar.example/search?q={search_term_string}')
    expect(html).toContain('property="og:locale" content="ar_SA"')
    expect(html).toContain('property="og:type" content="website"')
  })

  it('gives a category page its BreadcrumbList and Open Graph tags', async () => {
    const html = await (await page('/en/laptops')).text()
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
    const trail = blocks.find((b) => b['@type'] === 'BreadcrumbList').itemListElement
    expect(trail.at(-1)).toMatchObject({ name: 'Laptops', item: 'https://matjar.example/en/laptops' })
    expect(html).toContain('property="og:title" content="Laptops"')
  })
})
