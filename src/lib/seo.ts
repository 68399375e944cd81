/** Canonical and hreflang links: the same path in both languages (slugs are shared). */
import { appConfig, type Locale } from '../../app.config'
import { localizeHref } from '../paraglide/runtime'
import { currentLocale } from './i18n'
import { socialImageOf, socialImageSize } from '../domain/pictures'

export function alternateLinks(pathname: string) {
  const origin = appConfig.store.canonicalOrigin
  const href = (locale: Locale) => origin + localizeHref(pathname, { locale })
  return [
    { rel: 'canonical', href: href(currentLocale()) },
    { rel: 'alternate', hrefLang: 'ar-SA', href: href('ar') },
    { rel: 'alternate', hrefLang: 'en-SA', href: href('en') },
    { rel: 'alternate', hrefLang: 'x-default', href: href('ar') },
  ]
}

/**
 * Open Graph tags of a page. The picture is a PNG (networks ignore SVG): a product's own preview, or the store's
 * (docs/product.md, "Demo catalogue and pictures").
 */
export function openGraph(input: { title: string; description: string; image?: string; type?: 'website' | 'product' }, locale: Locale) {
  const image = socialImageOf(input.image)
  const absolute = /^https?:\/\//.test(image) ? image : appConfig.store.canonicalOrigin + image
  const drawn = image.startsWith('/media/og/')
  return [
    { property: 'og:site_name', content: appConfig.store.name[locale] },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:locale', content: locale === 'ar' ? 'ar_SA' : 'en_SA' },
    { property: 'og:image', content: absolute },
    ...(drawn
      ? [
          { property: 'og:image:type', content: 'image/png' },
          { property: 'og:image:width', content: String(socialImageSize.width) },
          { property: 'og:image:height', content: String(socialImageSize.height) },
        ]
      : []),
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
}
