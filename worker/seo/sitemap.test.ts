import { describe, expect, it } from 'vitest'
import { robotsTxt, sitemapXml } from './sitemap'

describe('sitemap', () => {
  it('lists each page in both languages with hreflang alternates', () => {
    const xml = sitemapXml([{ path: '/' }, { path: '/product/a&b', lastmod: '2026-05-01T10:00:00Z' }])
    expect(xml).toContain('<loc>https://matjar.example/</loc>')
    expect(xml).toContain('<loc>https://matjar.example/en/</loc>')
    expect(xml).toContain('<loc>https://matjar.example/en/product/a&amp;b</loc><lastmod>2026-05-01</lastmod>')
    expect(xml.match(/<url>/g)).toHaveLength(4)
    expect(xml).toContain('hreflang="x-default" href="https://matjar.example/product/a&amp;b"')
  })

  it('keeps shopper-only pages out and names the sitemap', () => {
    const robots = robotsTxt()
    for (const path of ['/cart', '/checkout', '/user/', '/en/checkout', '/api/', '/invoice', '/en/invoice'])
      expect(robots).toContain(`Disallow: ${path}`)
    expect(robots).toContain('Sitemap: https://matjar.example/sitemap.xml')
  })
})
