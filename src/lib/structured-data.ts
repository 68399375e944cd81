/**
 * Schema.org structured data (JSON-LD): the store (home), breadcrumbs (category and product pages)
 * and products. Pages render it on the server only (components/JsonLd.tsx), so none of this
 * reaches the browser's JavaScript.
 */
import { appConfig, type Locale } from '../../app.config'
import { localizeHref } from '../paraglide/runtime'

interface ProductForSeo {
  sku: string
  name: string
  brand: string
  description: string
  image: string[]
  rewrite_url: string
  in_stock: boolean
  back_orders: number
  not_for_sale: boolean
  /** Approved reviews (docs/product.md, "Reviews"): AggregateRating only when there is at least one. */
  rating?: { average: number; count: number }
}

/** Schema.org Product with its offer in SAR (what the shopper pays now) and availability in the city. */
export function productJsonLd(product: ProductForSeo, price: number, locale: Locale): Record<string, unknown> {
  const origin = appConfig.store.canonicalOrigin
  const url = origin + localizeHref(`/product/${product.rewrite_url}`, { locale })
  const availability = product.not_for_sale
    ? 'https://schema.org/InStoreOnly'
    : product.back_orders === appConfig.backOrdersPreorderCode
      ? 'https://schema.org/PreOrder'
      : product.in_stock
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock'
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    sku: product.sku,
    name: product.name,
    description: product.description,
    image: product.image.map((path) => origin + path),
    brand: { '@type': 'Brand', name: product.brand },
    offers: { '@type': 'Offer', url, priceCurrency: appConfig.store.currency, price: price.toFixed(2), availability },
    ...(product.rating && product.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.average.toFixed(1),
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  }
}

/** Schema.org BreadcrumbList from the page's trail (paths without the locale). */
export function breadcrumbJsonLd(items: { name: string; path: string }[], locale: Locale): Record<string, unknown> {
  const origin = appConfig.store.canonicalOrigin
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: origin + localizeHref(item.path, { locale }),
    })),
  }
}

/** Schema.org WebSite with the store's search (sitelinks search box) and the Organization behind it. */
export function storeJsonLd(locale: Locale): Record<string, unknown> {
  const origin = appConfig.store.canonicalOrigin
  const home = origin + localizeHref('/', { locale })
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'WebSite',
        '@id': `${origin}/#website`,
        url: home,
        name: appConfig.store.name[locale],
        inLanguage: locale === 'ar' ? 'ar-SA' : 'en-SA',
        publisher: { '@id': `${origin}/#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${origin}${localizeHref('/search', { locale })}?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
      { '@type': 'Organization', '@id': `${origin}/#organization`, name: appConfig.store.name[locale], url: home },
    ],
  }
}

/** JSON-LD text for a script block; "<" is escaped so no text in the data can close the script. */
export function jsonLdText(data: Record<string, unknown>): string {
  return JSON.stringify(data).replaceAll('<', '\\u003c')
}
