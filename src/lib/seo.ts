/** Canonical and hreflang links: the same path in both languages (slugs are shared). */
import { appConfig, type Locale } from '../../app.config'
import { localizeHref } from '../paraglide/runtime'
import { currentLocale } from './i18n'

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

/** Open Graph tags of a page. */
export function openGraph(input: { title: string; description: string; image?: string; type?: 'website' | 'product' }, locale: Locale) {
  return [
    { property: 'og:site_name', content: appConfig.store.name[locale] },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:locale', content: locale === 'ar' ? 'ar_SA' : 'en_SA' },
    ...(input.image ? [{ property: 'og:image', content: appConfig.store.canonicalOrigin + input.image }] : []),
  ]
}
