/**
 * The catalogue structure and content read through the KV cache (30 minutes per language).
 * Shared by the /api routes and the page server functions, so both answer the same.
 */
import { appConfig, type Locale } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { catalogueStore } from './catalogue-store'
import { markPageDegraded } from '../http/request-context'
import { cacheKey, kvCache } from './kv-cache'

export function cachedCatalogue(env: { DB: D1Database; CACHE: KVNamespace }) {
  const store = catalogueStore(env.DB)
  const cache = kvCache(env.CACHE)
  const homeContent = (locale: Locale) =>
    cache.getOrLoad(cacheKey('home', locale), serverLimits.cache.homeContentMs / 1000, () => store.homeContent(locale))
  return {
    categoryTree: (locale: Locale) =>
      cache.getOrLoad(cacheKey('category-tree', locale), appConfig.cache.categoryTreeSeconds, () => store.categoryTree(locale)),
    regions: (locale: Locale) => cache.getOrLoad(cacheKey('regions', locale), serverLimits.cache.regionsSeconds, () => store.regions(locale)),
    /**
     * Each city's delivery rules and showrooms, kept beside the regions: the shipping methods read no D1 of their own,
     * so choosing one costs the cart and the change only (docs/architecture.md, "Trips to storage"). An import or a
     * re-seed drops it with the other kinds.
     */
    delivery: (locale: Locale) => cache.getOrLoad(cacheKey('delivery', locale), serverLimits.cache.regionsSeconds, () => store.deliveryRules(locale)),
    homeContent,
    /** The fast-delivery cities (docs/product.md: fdr_ids) from the home content; none when it cannot be read. */
    fastDeliveryRegionIds: async (locale: Locale): Promise<number[]> => {
      const home = await homeContent(locale).catch(() => {
        // Without the list, fast delivery is offered nowhere on this page: it is not kept (worker/http/page-cache.ts).
        markPageDegraded()
        return []
      })
      return home[0]?.['fast-delivery-region-ids'] ?? []
    },
    brandLabels: (locale: Locale) =>
      cache.getOrLoad(cacheKey('brand-labels', locale), serverLimits.cache.brandLabelsSeconds, () => store.brandLabels(locale)),
    footer: (locale: Locale) => cache.getOrLoad(cacheKey('footer', locale), serverLimits.cache.footerSeconds, () => store.footer(locale)),
  }
}
