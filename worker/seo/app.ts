/** /sitemap.xml and /robots.txt for search engines; the cart and checkout stay out (docs/decisions/0008-the-cart-stays-out-of-search.md). */
import { Hono } from 'hono'
import { faviconSvg } from '../../src/domain/brand'
import { daysToSeconds } from '../../src/domain/time'
import { catalogueStore } from '../storage/catalogue-store'
import { robotsTxt, sitemapXml } from './sitemap'

export const seoApp = new Hono<{ Bindings: Env }>()
  // Browsers ask for /favicon.ico on pages that name no icon: the store's icon, not a not-found page.
  .get('/favicon.ico', (c) => c.body(faviconSvg, 200, { 'content-type': 'image/svg+xml', 'cache-control': `public, max-age=${daysToSeconds(1)}` }))
  .get('/robots.txt', (c) => c.text(robotsTxt(), 200, { 'cache-control': 'public, max-age=3600' }))
  .get('/sitemap.xml', async (c) => {
    const entries = await catalogueStore(c.env.DB).sitemapEntries()
    return c.body(sitemapXml(entries), 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' })
  })
