/** /sitemap.xml and /robots.txt for search engines (docs/product.md, "Search engines"). */
import { Hono } from 'hono'
import { catalogueStore } from '../storage/catalogue-store'
import { robotsTxt, sitemapXml } from './sitemap'

export const seoApp = new Hono<{ Bindings: Env }>()
  .get('/robots.txt', (c) => c.text(robotsTxt(), 200, { 'cache-control': 'public, max-age=3600' }))
  .get('/sitemap.xml', async (c) => {
    const entries = await catalogueStore(c.env.DB).sitemapEntries()
    return c.body(sitemapXml(entries), 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' })
  })
