/**
 * The installable app's manifest and offline page in a language (docs/product.md, "The app on the home screen"), from
 * that language's messages; written into the client build by build/app-shell.ts.
 */
import { appConfig, type Locale } from '../../app.config'

/** The design tokens' brand blue (src/styles/app.css, --brand) and the page's surface (--color-surface). */
export const appColours = { theme: '#0b4f9c', background: '#f6f7f9' }

/** A language's messages as messages/{ar,en}.json hold them (read by the build, which runs before paraglide's). */
export type Words = Record<string, string>

const home = (locale: Locale) => (locale === 'ar' ? '/' : '/en/')

/** Where a language's manifest is served (build/app-shell.ts writes both). */
export const manifestPathOf = (locale: Locale) => `${locale === 'ar' ? '' : '/en'}/manifest.webmanifest`

export function manifestOf(locale: Locale, words: Words) {
  return {
    // One app per device whichever language installed it; each language starts on its own home page.
    id: '/',
    name: words.app_manifest_name!,
    short_name: appConfig.store.name[locale],
    description: words.app_manifest_description!,
    lang: locale,
    dir: locale === 'ar' ? 'rtl' : 'ltr',
    start_url: home(locale),
    scope: '/',
    display: 'standalone',
    theme_color: appColours.theme,
    background_color: appColours.background,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

export function offlinePage(locale: Locale, words: Words): string {
  const dir = locale === 'ar' ? 'rtl' : 'ltr'
  const font = locale === 'ar' ? "'Noto Sans Arabic', Tahoma, sans-serif" : 'system-ui, sans-serif'
  return `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${appColours.theme}">
<title>${escapeHtml(words.app_offline_title!)} | ${escapeHtml(appConfig.store.name[locale])}</title>
<link rel="manifest" href="${manifestPathOf(locale)}">
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:${appColours.background};color:#111827;font-family:${font};line-height:1.6}
main{max-width:28rem;margin:1.5rem;padding:2rem;background:#fff;border-radius:1rem;text-align:center;box-shadow:0 1px 3px #0002}
h1{margin:0 0 .5rem;font-size:1.4rem}p{margin:0 0 1.5rem;color:#4b5563}
a{display:inline-block;padding:.6rem 1.5rem;border-radius:999px;background:${appColours.theme};color:#fff;font-weight:600;text-decoration:none}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(words.app_offline_title!)}</h1>
<p>${escapeHtml(words.app_offline_text!)}</p>
<a href="${home(locale)}">${escapeHtml(words.app_offline_retry!)}</a>
</main>
</body>
</html>
`
}

/** The bar a page kept for offline reading shows (src/sw/service-worker.ts), escaped for HTML. */
export function offlineNoticeOf(words: Words): string {
  return escapeHtml(words.app_offline_notice!)
}
