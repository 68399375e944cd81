/** Canonical and hreflang links: the same path in both languages (slugs are shared). */
import { appConfig } from '../../app.config'
import { localizeHref } from '../paraglide/runtime'
import { currentLocale } from './i18n'

export function alternateLinks(pathname: string) {
  const origin = appConfig.store.canonicalOrigin
  const href = (locale: 'ar' | 'en') => origin + localizeHref(pathname, { locale })
  return [
    { rel: 'canonical', href: href(currentLocale()) },
    { rel: 'alternate', hrefLang: 'ar-SA', href: href('ar') },
    { rel: 'alternate', hrefLang: 'en-SA', href: href('en') },
    { rel: 'alternate', hrefLang: 'x-default', href: href('ar') },
  ]
}

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
}

/** Schema.org Product with its offer in SAR (what the shopper pays now) and availability in the city. */
export function productJsonLd(product: ProductForSeo, price: number, locale: 'ar' | 'en'): Record<string, unknown> {
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
  }
}

/** Schema.org BreadcrumbList from the page's trail (paths without the locale). */
export function breadcrumbJsonLd(items: { name: string; path: string }[], locale: 'ar' | 'en'): Record<string, unknown> {
  const origin = appConfig.store.canonicalOrigin
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: origin + localizeHref(item.path, { locale }) })),
  }
}

/** Open Graph tags of a page. */
export function openGraph(input: { title: string; description: string; image?: string; type?: 'website' | 'product' }, locale: 'ar' | 'en') {
  return [
    { property: 'og:site_name', content: appConfig.store.name[locale] },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:locale', content: locale === 'ar' ? 'ar_SA' : 'en_SA' },
    ...(input.image ? [{ property: 'og:image', content: appConfig.store.canonicalOrigin + input.image }] : []),
  ]
}

/** A JSON-LD block for a route's head; "<" is escaped so no text in the data can close the script. */
export function jsonLdScript(data: Record<string, unknown>) {
  return { type: 'application/ld+json', children: JSON.stringify(data).replaceAll('<', '\\u003c') }
}
