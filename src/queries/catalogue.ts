/** Query-key factories for the catalogue (docs/architecture.md, "Layers"): loaders ensure, components suspend. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { ListingQuery } from '../domain/listing'
import { appConfig, type Locale, type RegionId } from '../../app.config'
import {
  getBlogPost,
  getBlogPosts,
  getCategoryPage,
  getFrameData,
  getHomePage,
  getProductPage,
  getProductsBySkus,
  getShowrooms,
  getStaticPage,
} from '../server/catalogue.functions'

/** The frame's data follows the KV cache's life (30 minutes). */
const frameStaleMs = appConfig.cache.categoryTreeSeconds * 1000
const pageStaleMs = 60_000

/** What the frame query holds (src/components/frame/frame-data.tsx hands it down). */
export type FrameData = Awaited<ReturnType<typeof getFrameData>>

export const catalogueQueries = {
  frame: (locale: Locale) =>
    queryOptions({ queryKey: ['frame', locale], queryFn: () => getFrameData({ data: { locale } }), staleTime: frameStaleMs }),
  home: (locale: Locale, regionId: RegionId) =>
    queryOptions({
      queryKey: ['home', locale, regionId],
      queryFn: () => getHomePage({ data: { locale, regionId } }),
      staleTime: pageStaleMs,
    }),
  category: (locale: Locale, regionId: RegionId, urlKey: string, query: ListingQuery) =>
    queryOptions({
      queryKey: ['category', locale, regionId, urlKey, query],
      queryFn: () => getCategoryPage({ data: { locale, regionId, urlKey, query } }),
      staleTime: pageStaleMs,
      // Changing a filter keeps the current grid on screen until the new one arrives.
      placeholderData: keepPreviousData,
    }),
  product: (locale: Locale, regionId: RegionId, rewriteUrl: string) =>
    queryOptions({
      queryKey: ['product', locale, regionId, rewriteUrl],
      queryFn: () => getProductPage({ data: { locale, regionId, rewriteUrl } }),
      staleTime: pageStaleMs,
    }),
  bySkus: (locale: Locale, regionId: RegionId, skus: readonly string[]) =>
    queryOptions({
      queryKey: ['products-by-sku', locale, regionId, skus],
      queryFn: () => getProductsBySkus({ data: { locale, regionId, skus: [...skus] } }),
      staleTime: pageStaleMs,
    }),
  staticPage: (locale: Locale, slug: string) =>
    queryOptions({ queryKey: ['static', locale, slug], queryFn: () => getStaticPage({ data: { locale, slug } }), staleTime: frameStaleMs }),
  showrooms: (locale: Locale) =>
    queryOptions({ queryKey: ['showrooms', locale], queryFn: () => getShowrooms({ data: { locale } }), staleTime: frameStaleMs }),
  blogPosts: (locale: Locale) =>
    queryOptions({ queryKey: ['blog', locale], queryFn: () => getBlogPosts({ data: { locale } }), staleTime: frameStaleMs }),
  blogPost: (locale: Locale, slug: string) =>
    queryOptions({ queryKey: ['blog', locale, slug], queryFn: () => getBlogPost({ data: { locale, slug } }), staleTime: frameStaleMs }),
}
