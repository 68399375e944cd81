/** /sitemap.xml and /robots.txt for search engines (issue: search engines and speed). */
import { Hono } from 'hono'
import { robotsTxt, sitemapXml, type SitemapEntry } from './sitemap'

export const seoApp = new Hono<{ Bindings: Env }>()
  .get('/robots.txt', (c) => c.text(robotsTxt(), 200, { 'cache-control': 'public, max-age=3600' }))
  .get('/sitemap.xml', async (c) => {
    const db = c.env.DB
    const [categories, products, pages, posts] = await db.batch([
      db.prepare(
        `SELECT c.url_key FROM categories c
         WHERE EXISTS (SELECT 1 FROM product_categories pc WHERE pc.category_id = c.id)
         ORDER BY c.position, c.id`,
      ),
      db.prepare('SELECT rewrite_url, created_at FROM products ORDER BY entity_id'),
      db.prepare('SELECT slug FROM static_pages ORDER BY slug'),
      db.prepare('SELECT slug, published_at FROM blog_posts ORDER BY published_at DESC'),
    ])
    const entries: SitemapEntry[] = [
      { path: '/' },
      ...(categories!.results as { url_key: string }[]).map((r) => ({ path: `/${r.url_key}` })),
      ...(products!.results as { rewrite_url: string; created_at: string }[]).map((r) => ({ path: `/product/${r.rewrite_url}`, lastmod: r.created_at })),
      ...(pages!.results as { slug: string }[]).map((r) => ({ path: `/static/${r.slug}` })),
      { path: '/blogs' },
      ...(posts!.results as { slug: string; published_at: string }[]).map((r) => ({ path: `/blogs/${r.slug}`, lastmod: r.published_at })),
    ]
    return c.body(sitemapXml(entries), 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' })
  })
