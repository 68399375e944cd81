/**
 * Reads the catalogue structure and content from D1 in the shapes the product's calls return.
 */
import type { Locale } from '../../app.config'
import type { CategoryNode } from '../../src/domain/category-tree'
import type { RegionOption, CategoryRow } from '../../src/domain/catalogue'
import type { FooterContent, HomeContent } from '../../src/domain/content'
import type { PickupShowroom } from '../../src/domain/shipping'

/** What delivery to one city depends on: its lead days and date count, and the showrooms a pickup may name. */
export interface CityDelivery {
  leadDays: number
  dateCount: number
  showrooms: PickupShowroom[]
}

interface CategoryRecord extends CategoryRow {
  product_count: number
}

/** Magento's default category, the root every tree hangs from. */
const rootCategoryId = 2

/** A page of the sitemap (worker/seo/sitemap.ts writes them as XML). */
export interface SitemapEntry {
  /** The Arabic path (the English one is /en + path). */
  path: string
  lastmod?: string
}

export function catalogueStore(db: D1Database) {
  return {
    async categoryTree(locale: Locale): Promise<CategoryNode> {
      const { results } = await db
        .prepare(
          `SELECT c.*, (SELECT count(*) FROM product_categories pc WHERE pc.category_id = c.id) AS product_count
           FROM categories c ORDER BY c.parent_id IS NOT NULL, c.position`,
        )
        .all<CategoryRecord>()
      const nodes = new Map<number, CategoryNode>()
      const root: CategoryNode = {
        id: rootCategoryId,
        parent_id: 1,
        url_key: '',
        name: locale === 'ar' ? 'الرئيسية' : 'Default Category',
        position: 0,
        level: 1,
        is_active: true,
        include_in_menu: true,
        show_in_mega_menu: true,
        show_animation: false,
        product_count: 0,
        banners: { desktop: null, mobile: null },
        children_data: [],
      }
      for (const r of results) {
        nodes.set(r.id, {
          id: r.id,
          parent_id: r.parent_id ?? rootCategoryId,
          url_key: r.url_key,
          name: locale === 'ar' ? r.name_ar : r.name_en,
          position: r.position,
          level: r.parent_id === null ? 2 : 3,
          is_active: true,
          include_in_menu: r.include_in_menu === 1,
          show_in_mega_menu: r.show_in_mega_menu === 1,
          show_animation: r.show_animation === 1,
          product_count: r.product_count,
          banners: {
            desktop: r.banner_desktop ? { image_src: r.banner_desktop } : null,
            mobile: r.banner_mobile ? { image_src: r.banner_mobile } : null,
          },
          children_data: [],
        })
      }
      for (const node of nodes.values()) {
        const parent = node.parent_id === rootCategoryId ? root : nodes.get(node.parent_id)
        parent?.children_data.push(node)
      }
      for (const node of [root, ...nodes.values()]) node.children_data.sort((a, b) => a.position - b.position)
      root.product_count = root.children_data.reduce((sum, c) => sum + c.product_count, 0)
      return root
    },

    /** The product's region list: a placeholder entry first (the city popup skips it), then the ordering map. */
    async regions(locale: Locale): Promise<RegionOption[]> {
      const { results } = await db
        .prepare('SELECT id, label_ar, label_en, delivery_lead_days FROM regions ORDER BY position')
        .all<{ id: number; label_ar: string; label_en: string; delivery_lead_days: number }>()
      return [
        { label: locale === 'ar' ? 'اختر المدينة' : 'Select city', value: '' },
        ...results.map((r) => ({ label: locale === 'ar' ? r.label_ar : r.label_en, value: String(r.id), lead_days: r.delivery_lead_days })),
      ]
    },

    /** Each brand's name in either language mapped to its name in this one (search facets from the other language's index). */
    async brandLabels(locale: Locale): Promise<Record<string, string>> {
      const { results } = await db.prepare('SELECT DISTINCT brand_ar, brand_en FROM products').all<{ brand_ar: string; brand_en: string }>()
      return Object.fromEntries(results.flatMap((r) => [r.brand_ar, r.brand_en].map((name) => [name, locale === 'ar' ? r.brand_ar : r.brand_en])))
    },

    async region(id: number) {
      return db
        .prepare('SELECT id, delivery_lead_days, delivery_date_count FROM regions WHERE id = ?')
        .bind(id)
        .first<{ id: number; delivery_lead_days: number; delivery_date_count: number }>()
    },

    /**
     * Every city's delivery rules and showrooms in one batch (one trip), by region id: small (a few dozen cities and
     * their showrooms), so it is kept whole in KV beside the regions (worker/storage/cached-catalogue.ts).
     */
    async deliveryRules(locale: Locale): Promise<Record<string, CityDelivery>> {
      const l = locale === 'ar' ? 'ar' : 'en'
      const [regions, showrooms] = await db.batch<unknown>([
        db.prepare('SELECT id, delivery_lead_days, delivery_date_count FROM regions'),
        db.prepare(
          `SELECT region_id, id, name_${l} AS name, address_${l} AS address, opens, closes, friday_opens, friday_closes, phone, map_url
           FROM showrooms ORDER BY region_id, position`,
        ),
      ])
      const rules: Record<string, CityDelivery> = {}
      for (const r of regions!.results as { id: number; delivery_lead_days: number; delivery_date_count: number }[]) {
        rules[r.id] = { leadDays: r.delivery_lead_days, dateCount: r.delivery_date_count, showrooms: [] }
      }
      for (const { region_id, ...showroom } of showrooms!.results as (PickupShowroom & { region_id: number })[]) {
        rules[region_id]?.showrooms.push(showroom)
      }
      return rules
    },

    async homeContent(locale: Locale): Promise<HomeContent[]> {
      return JSON.parse((await document(db, 'home', locale)) ?? '[]') as HomeContent[]
    },

    async footer(locale: Locale): Promise<FooterContent | null> {
      const body = await document(db, 'footer', locale)
      return body ? (JSON.parse(body) as FooterContent) : null
    },

    /** Every page a search engine should know, in one batch: categories with products, products, static pages, posts. */
    async sitemapEntries(): Promise<SitemapEntry[]> {
      const [categories, products, pages, posts] = await db.batch([
        db.prepare(
          `SELECT c.url_key FROM categories c
           WHERE EXISTS (SELECT 1 FROM product_categories pc WHERE pc.category_id = c.id)
           ORDER BY c.position, c.id`,
        ),
        // A variant has no page of its own: its parent's page shows it (docs/decisions/0020-variants-are-products.md).
        db.prepare('SELECT rewrite_url, created_at FROM products WHERE parent_id IS NULL AND hidden = 0 ORDER BY entity_id'),
        db.prepare('SELECT slug FROM static_pages ORDER BY slug'),
        db.prepare('SELECT slug, published_at FROM blog_posts ORDER BY published_at DESC'),
      ])
      return [
        { path: '/' },
        ...(categories!.results as { url_key: string }[]).map((r) => ({ path: `/${r.url_key}` })),
        ...(products!.results as { rewrite_url: string; created_at: string }[]).map((r) => ({
          path: `/product/${r.rewrite_url}`,
          lastmod: r.created_at,
        })),
        ...(pages!.results as { slug: string }[]).map((r) => ({ path: `/static/${r.slug}` })),
        { path: '/blogs' },
        ...(posts!.results as { slug: string; published_at: string }[]).map((r) => ({ path: `/blogs/${r.slug}`, lastmod: r.published_at })),
      ]
    },
  }
}

async function document(db: D1Database, kind: string, locale: Locale): Promise<string | null> {
  const row = await db.prepare('SELECT body FROM content_documents WHERE kind = ? AND locale = ?').bind(kind, locale).first<{ body: string }>()
  return row?.body ?? null
}
