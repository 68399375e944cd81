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

  it('writes one JSON log line with id, method, path, status, duration, cache outcome and trips to storage', async () => {
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
      d1: expect.any(Number),
      d1Batches: expect.any(Number),
      do: expect.any(Number),
      serialTrips: expect.any(Number),
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
  it('draws product pictures by kind, line style and colour, and refuses unknown ones', async () => {
    const ok = await SELF.fetch('https://matjar.test/media/product/phone-tri-silver-0.svg')
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toContain('image/svg+xml')
    expect(ok.headers.get('cache-control')).toContain('immutable')
    const silver = await ok.text()
    expect(silver).toMatch(/^<svg /)
    // The colour is the product's: a silver phone is drawn silver, a black one black (worker/media/illustrations.ts).
    expect(silver).toContain('#d5d8dc')
    const black = await (await SELF.fetch('https://matjar.test/media/product/phone-tri-black-0.svg')).text()
    expect(black).toContain('#2b2d31')
    // Lines look different: another camera layout is another drawing.
    expect(await (await SELF.fetch('https://matjar.test/media/product/phone-row-silver-0.svg')).text()).not.toBe(silver)
    // The older hue address an import's drawing gives still draws.
    expect((await SELF.fetch('https://matjar.test/media/product/phone-210-0.svg')).status).toBe(200)
    for (const bad of [
      'spaceship-210-0',
      'phone-999-0',
      'phone-tri-silver-3',
      'phone-tri-plaid-0',
      'phone-oled55-black-0',
      'tv-oled54-black-0',
      'phone-tri-silver-0.png',
      'PHONE-tri-silver-0',
    ]) {
      expect((await SELF.fetch(`https://matjar.test/media/product/${bad}.svg`)).status, bad).toBe(404)
    }
  })
})

describe('media cut-outs', () => {
  it('draws a product without its background for banners', async () => {
    const svg = await (await SELF.fetch('https://matjar.test/media/product/phone-tri-orange-2-cutout.svg')).text()
    expect(svg).not.toContain('<rect width="400" height="400"')
  })
})

describe('social previews', () => {
  const png = async (path: string) => {
    const response = await SELF.fetch(`https://matjar.test${path}`)
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) }
  }

  it("paints a product's drawing and the store's own picture as 1200 x 630 PNGs", async () => {
    for (const path of ['/media/og/phone-tri-silver.png', '/media/og/tv-oled65-black.png', '/media/og/sofa-30.png', '/media/og/store.png']) {
      const { response, bytes } = await png(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/png')
      expect(response.headers.get('cache-control')).toContain('immutable')
      expect([...bytes.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10])
      const header = new DataView(bytes.buffer, 16, 8)
      expect([header.getUint32(0), header.getUint32(4)]).toEqual([1200, 630])
    }
    // Two colours, two pictures.
    const silver = (await png('/media/og/phone-tri-silver.png')).bytes
    const black = (await png('/media/og/phone-tri-black.png')).bytes
    expect(silver).not.toEqual(black)
  })

  it('refuses a preview of a drawing it does not make', async () => {
    for (const bad of ['phone-tri-plaid', 'phone-oled55-black', 'spaceship-tri-black', 'phone-999', 'stores', 'phone-tri-silver-0', '../store']) {
      expect((await SELF.fetch(`https://matjar.test/media/og/${bad}.png`)).status, bad).toBe(404)
    }
    expect((await SELF.fetch('https://matjar.test/media/og/phone-tri-silver.svg')).status).toBe(404)
  })

  it("names the product's preview on its page and the store's on the others", async () => {
    const row = await env.DB.prepare(
      "SELECT rewrite_url, images FROM products WHERE parent_id IS NULL AND images LIKE '%phone-%' ORDER BY entity_id LIMIT 1",
    ).first<{
      rewrite_url: string
      images: string
    }>()
    const drawing = /\/media\/product\/(.+)-0\.svg/.exec(JSON.parse(row!.images)[0])![1]
    const html = await (await page(`/en/product/${row!.rewrite_url}`)).text()
    const content = (text: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]+)"`).exec(text)?.[1]
    expect(content(html, 'og:image')).toBe(`https://matjar.example/media/og/${drawing}.png`)
    expect(content(html, 'og:image:type')).toBe('image/png')
    expect(content(await (await page('/')).text(), 'og:image')).toBe('https://matjar.example/media/og/store.png')
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
