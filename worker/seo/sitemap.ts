/**
 * The sitemap's pages: home, every category with products, every product, static pages and blog
 * posts, each in both languages with hreflang alternates (slugs are the same in both, docs/architecture.md
 * section 3). Pure, so the XML's shape is unit-tested; the route reads the paths from D1.
 */
import { appConfig, type Locale } from '../../app.config'
import type { SitemapEntry } from '../storage/catalogue-store'

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

function localized(path: string, locale: Locale): string {
  const origin = appConfig.store.canonicalOrigin
  if (locale === 'ar') return origin + path
  return origin + (path === '/' ? '/en/' : `/en${path}`)
}

export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.flatMap((entry) =>
    (['ar', 'en'] as const).map((locale) => {
      const alternates = [
        `<xhtml:link rel="alternate" hreflang="ar-SA" href="${escapeXml(localized(entry.path, 'ar'))}"/>`,
        `<xhtml:link rel="alternate" hreflang="en-SA" href="${escapeXml(localized(entry.path, 'en'))}"/>`,
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(localized(entry.path, 'ar'))}"/>`,
      ].join('')
      const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod.slice(0, 10))}</lastmod>` : ''
      return `<url><loc>${escapeXml(localized(entry.path, locale))}</loc>${lastmod}${alternates}</url>`
    }),
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

export function robotsTxt(): string {
  return [
    'User-agent: *',
    // Shopper-only pages and machine routes carry nothing to index.
    'Disallow: /api/',
    'Disallow: /commerce/',
    'Disallow: /cart',
    'Disallow: /checkout',
    'Disallow: /user/',
    'Disallow: /compare',
    'Disallow: /invoice',
    'Disallow: /review',
    'Disallow: /en/cart',
    'Disallow: /en/checkout',
    'Disallow: /en/user/',
    'Disallow: /en/compare',
    'Disallow: /en/invoice',
    'Disallow: /en/review',
    'Allow: /',
    `Sitemap: ${appConfig.store.canonicalOrigin}/sitemap.xml`,
    '',
  ].join('\n')
}
