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
