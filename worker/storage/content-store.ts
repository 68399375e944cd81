/** Static pages, blog posts and the showrooms, in the page's language. */
import type { Locale } from '../../app.config'
import type { Showroom } from '../../src/domain/showrooms'

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
    /** Every showroom with its city's name, in the region list's order, then the city's (docs/product.md, "Showrooms"). */
    async showrooms(locale: Locale): Promise<Showroom[]> {
      const l = pick(locale)
      const { results } = await db
        .prepare(
          `SELECT s.id, s.region_id, r.label_${l} AS city, s.name_${l} AS name, s.address_${l} AS address, s.opens, s.closes,
                  s.friday_opens, s.friday_closes, s.phone, s.map_url
           FROM showrooms s JOIN regions r ON r.id = s.region_id
           ORDER BY r.position, s.position`,
        )
        .all<Showroom>()
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
