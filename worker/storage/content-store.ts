/** Static pages and blog posts, in the page's language. */
import type { Locale } from '../../app.config'

export function contentStore(db: D1Database) {
  const pick = (locale: Locale) => (locale === 'ar' ? 'ar' : 'en')
  return {
    async staticPage(slug: string, locale: Locale) {
      const l = pick(locale)
      return db
        .prepare(`SELECT slug, title_${l} AS title, body_${l} AS body FROM static_pages WHERE slug = ?`)
        .bind(slug)
        .first<{ slug: string; title: string; body: string }>()
    },
    async blogPosts(locale: Locale) {
      const l = pick(locale)
      const { results } = await db
        .prepare(`SELECT slug, title_${l} AS title, excerpt_${l} AS excerpt, published_at FROM blog_posts ORDER BY published_at DESC`)
        .all<{ slug: string; title: string; excerpt: string; published_at: string }>()
      return results
    },
    async blogPost(slug: string, locale: Locale) {
      const l = pick(locale)
      return db
        .prepare(`SELECT slug, title_${l} AS title, body_${l} AS body, published_at FROM blog_posts WHERE slug = ?`)
        .bind(slug)
        .first<{ slug: string; title: string; body: string; published_at: string }>()
    },
  }
}
