/**
 * Server functions for the page frame and the catalogue pages. Each validates its input with
 * arktype and reads D1/KV through the same adapters as the /api routes.
 */
import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import { env } from 'cloudflare:workers'
import { markPageDegraded, tagPage } from '~/http/request-context'
import { cachedCatalogue } from '~/storage/cached-catalogue'
import { categorySlug, productSlug } from '../domain/catalogue'
import { contentSlug } from '../domain/content'
import { contentStore } from '~/storage/content-store'
import { productDetail, productStore } from '~/storage/product-store'
import { browseListing, mostPopular } from '~/catalogue/listing'
import { listingIndexOf } from '~/catalogue/listing-indexes'
import { appConfig, type Locale } from '../../app.config'
import { findCategory, menuTree } from '../domain/category-tree'
import { firstDeliveryByCity, riyadhDateString } from '../domain/dates'
import { sellerIdentity } from '../domain/seller'
import { pictureDeliveryOf } from '../domain/pictures'
import { offeredPaymentMarks, type OfferedGateways } from '../domain/payment-marks'
import { gatewaysOf, instalmentOffers } from '~/commerce/payments'
import { deliveryFacetKeys, sortKeys } from '../domain/listing'
import { locale, regionId, sku } from '../domain/schemas'

const fastDeliveryRegions = (locale: Locale) => cachedCatalogue(env).fastDeliveryRegionIds(locale)

function hostedSearch(): { appId: string; apiKey: string } | null {
  const key = (env as Env & { ALGOLIA_SEARCH_KEY?: string }).ALGOLIA_SEARCH_KEY
  return env.ALGOLIA_APP_ID && key ? { appId: env.ALGOLIA_APP_ID, apiKey: key } : null
}

/** What checkout can take in this deployment (worker/commerce/payments.ts), for the footer's marks. */
function offeredGateways(): OfferedGateways {
  const gateways = gatewaysOf(env)
  return { card: gateways.card, hostedCardPage: Boolean(env.MOYASAR_API_URL), tabby: gateways.tabby, tamara: gateways.tamara }
}

export const getFrameData = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(async ({ data }) => {
    const catalogue = cachedCatalogue(env)
    const [tree, regions, fastDeliveryRegionIds, footer] = await Promise.all([
      catalogue.categoryTree(data.locale),
      catalogue.regions(data.locale),
      fastDeliveryRegions(data.locale),
      catalogue.footer(data.locale).catch((error: unknown) => {
        // docs/product.md, "Errors": a footer failure leaves the footer empty, never the page broken.
        console.error(JSON.stringify({ level: 'error', message: 'footer failed', error: String(error) }))
        markPageDegraded()
        return null
      }),
    ])
    const now = new Date()
    return {
      tree: menuTree(tree),
      regions,
      fastDeliveryRegionIds,
      /**
       * Each city's first delivery date in the page's language, for every card (docs/product.md, "Product card"): made
       * here once per page by the product page's rule, so a card only looks its city up. The page cache keys on the day.
       */
      firstDelivery: firstDeliveryByCity(now, regions, data.locale),
      footer: footer && { ...footer, payment_methods: offeredPaymentMarks(footer.payment_methods, offeredGateways()) },
      /** The seller's registered name and numbers, from configuration, in the page's language (only what is set). */
      seller: sellerIdentity(env, data.locale),
      /** The footer's year in Riyadh, made here: the browser's first date formatter costs ~17 ms of hydration. */
      year: riyadhDateString(now).slice(0, 4),
      theme: {
        extreme: env.SITE_MODE === 'extreme',
        nationalDay: env.NATIONAL_DAY === 'true',
      },
      /** Public: the Turnstile site key when the hosted bot check is configured, else the embedded one. */
      turnstileSiteKey: env.TURNSTILE_SITE_KEY || null,
      /** How pictures by URL are delivered: resized by the zone's /cdn-cgi/image, or from their own address. */
      pictures: pictureDeliveryOf(env.IMAGE_TRANSFORMATIONS),
      /** Public: Algolia's app id and search-only key when hosted search is configured, else the embedded service. */
      search: hostedSearch(),
      /** The pay-later providers checkout offers here and their limits, for the promo widgets. */
      instalments: instalmentOffers(env),
      /** Moyasar's own hosted page offers Apple Pay and STC Pay beside cards; checkout names them (issue 42). */
      cardWallets: offeredGateways().hostedCardPage,
    }
  })

/** Products in each of the home page's rails. */
const homeRailSize = 10

export const getHomePage = createServerFn({ method: 'GET' })
  .validator(type({ locale, regionId }))
  .handler(async ({ data }) => {
    const catalogue = cachedCatalogue(env)
    const [home, tree] = await Promise.all([catalogue.homeContent(data.locale), catalogue.categoryTree(data.locale)])
    const content = home[0] ?? null
    const products = productStore(env.DB)
    // The cached page is purged with its content and with any rail's category (worker/http/page-cache.ts).
    tagPage('home')
    const rails = content
      ? await Promise.all(
          content.rails.map(async (rail) => {
            const category = findCategory(tree, rail.category_url_key)
            if (category) tagPage(`category:${category.id}`)
            const list = category
              ? await products.summariesByIds(mostPopular(await listingIndexOf(env, category.id), homeRailSize), data.locale, data.regionId)
              : []
            return { ...rail, products: list }
          }),
        )
      : []
    return {
      content,
      rails,
      highlights: (content?.highlights ?? []).flatMap((h) => {
        const category = findCategory(tree, h.url_key)
        return category ? [{ id: category.id, url_key: category.url_key, name: category.name, image: h.image }] : []
      }),
      now: new Date().toISOString(),
    }
  })

const listingInput = {
  page: '1 <= number.integer <= 1000',
  sort: type.enumerated(...sortKeys),
  brands: type(/^[a-z0-9-]{1,40}$/)
    .array()
    .atMostLength(20),
  priceMin: 'null | 0 <= number.integer <= 1000000',
  priceMax: 'null | 0 <= number.integer <= 1000000',
  inStock: 'boolean',
  city: 'boolean',
  delivery: type
    .enumerated(...deliveryFacetKeys)
    .array()
    .atMostLength(4),
} as const

const categoryPageSize = 24

export const getCategoryPage = createServerFn({ method: 'GET' })
  .validator(type({ locale, regionId, urlKey: categorySlug, query: listingInput }))
  .handler(async ({ data }) => {
    const catalogue = cachedCatalogue(env)
    const [tree, fastDeliveryRegionIds] = await Promise.all([catalogue.categoryTree(data.locale), fastDeliveryRegions(data.locale)])
    const category = findCategory(tree, data.urlKey)
    if (!category) throw notFound()
    tagPage(`category:${category.id}`)
    const products = productStore(env.DB)
    const now = new Date()
    const region = data.regionId
    const listing = browseListing(await listingIndexOf(env, category.id), data.query, {
      now,
      regionId: region,
      fastDeliveryRegionIds,
      locale: data.locale,
      pageSize: categoryPageSize,
    })
    const parent = category.parent_id === tree.id ? null : findCategory(tree, category.parent_id)
    return {
      category: { ...category, children_data: category.children_data.map(({ children_data: _, ...child }) => child) },
      parent: parent ? { url_key: parent.url_key, name: parent.name } : null,
      products: await products.summariesByIds(listing.ids, data.locale, region),
      total: listing.total,
      page: listing.page,
      pages: listing.pages,
      facets: listing.facets,
      pageSize: categoryPageSize,
      now: now.toISOString(),
    }
  })

export const getStaticPage = createServerFn({ method: 'GET' })
  .validator(type({ locale, slug: contentSlug }))
  .handler(async ({ data }) => {
    const page = await contentStore(env.DB).staticPage(data.slug, data.locale)
    if (!page) throw notFound()
    tagPage('content')
    return page
  })

/** The showrooms "Available on stores" points to (docs/product.md, "Showrooms"): content, cached and purged as such. */
export const getShowrooms = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(async ({ data }) => {
    tagPage('content')
    return contentStore(env.DB).showrooms(data.locale)
  })

export const getBlogPosts = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(async ({ data }) => {
    tagPage('content')
    return contentStore(env.DB).blogPosts(data.locale)
  })

export const getBlogPost = createServerFn({ method: 'GET' })
  .validator(type({ locale, slug: contentSlug }))
  .handler(async ({ data }) => {
    const post = await contentStore(env.DB).blogPost(data.slug, data.locale)
    if (!post) throw notFound()
    tagPage('content')
    return post
  })

export const getProductPage = createServerFn({ method: 'GET' })
  .validator(type({ locale, regionId, rewriteUrl: productSlug }))
  .handler(async ({ data }) => {
    const now = new Date()
    const page = await productDetail(env.DB, data.rewriteUrl, data.locale, data.regionId, {
      now,
      relatedLimit: appConfig.limits.relatedProductsLimit,
    })
    if (!page) throw notFound()
    tagPage(`product:${page.product.entity_id}`)
    return { ...page, now: now.toISOString() }
  })

/** The products of the favourites and compare pages, by sku (the browser keeps the skus). */
export const getProductsBySkus = createServerFn({ method: 'GET' })
  .validator(
    type({
      locale,
      regionId,
      skus: sku.array().atMostLength(100),
    }),
  )
  .handler(async ({ data }) => ({
    products: await productStore(env.DB).summariesBySkus(data.skus, data.locale, data.regionId),
    now: new Date().toISOString(),
  }))
