/// <reference types="vite/client" />
import { type QueryClient, useQuery } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, lazyRouteComponent, Outlet, Scripts, useMatches } from '@tanstack/react-router'
import { createStore, Provider as JotaiProvider } from 'jotai'
import { type ReactNode, useState } from 'react'
import { LazyAuthDialogs } from '../components/auth/LazyAuthDialogs'
import { LazyCartPanel } from '../components/cart/LazyCartPanel'
import { AppBanner } from '../components/frame/AppBanner'
import { AppStylesheet, linkedStylesheets } from '../components/frame/AppStylesheet'
import { CookieConsent } from '../components/frame/CookieConsent'
import { FrameDataContext, useFrameData } from '../components/frame/frame-data'
import { ErrorFallback } from '../components/ErrorFallback'
import { Header } from '../components/frame/Header'
import {
  FramePartsPreload,
  LazyAppShell,
  LazyCityDialog,
  LazyCompareBar,
  LazyFooter,
  LazyQueryTriggers,
  LazySessionSignals,
  LazySideMenu,
  LazyToaster,
  LazyWhatsAppButton,
} from '../components/frame/LazyFrame'
import { useFrameHydrated } from '../lib/early-tap'
import { currentLocale, directionOf } from '../lib/i18n'
import { alternateLinks } from '../lib/seo'
import { themeAttribute } from '../lib/theme'
import { readShopperPrefs, type ShopperPrefs } from '../lib/shopper-prefs'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { chosenRegionIdAtom } from '../state/shopper'
import { faviconDataUri as favicon } from '../domain/brand'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: () => ({ locale: currentLocale(), prefs: readShopperPrefs() }),
  loader: async ({ context }) => {
    await context.queryClient.query({ ...catalogueQueries.frame(context.locale), staleTime: 'static' })
  },
  head: ({ matches }) => {
    const leaf = matches[matches.length - 1]
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
        { name: 'theme-color', content: '#0b4f9c' },
        { title: m.home_title() },
        { name: 'description', content: m.home_meta_description() },
      ],
      links: [
        ...linkedStylesheets,
        { rel: 'icon', href: favicon, type: 'image/svg+xml' },
        { rel: 'apple-touch-icon', href: '/icons/icon-192.png' },
        ...alternateLinks(leaf?.pathname ?? '/'),
      ],
    }
  },
  shellComponent: RootDocument,
  component: RootLayout,
  errorComponent: ErrorFallback,
  notFoundComponent: lazyRouteComponent(() => import('../components/NotFound'), 'NotFound'),
})

function RootDocument({ children }: { children: ReactNode }) {
  const locale = currentLocale()
  const { data: frame } = useQuery(catalogueQueries.frame(locale))
  return (
    <html lang={locale} dir={directionOf(locale)} data-theme={themeAttribute(frame?.theme)}>
      <head>
        <HeadContent />
        <AppStylesheet />
      </head>
      <body>
        <FrameDataContext value={frame}>{children}</FrameDataContext>
        <Scripts />
      </body>
    </html>
  )
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A page of the merchant console (src/routes/ops.tsx): drawn without the shop's frame. */
    console?: boolean
  }
}

function RootLayout() {
  const inConsole = useMatches({ select: (matches) => matches.some((match) => match.staticData.console === true) })
  return inConsole ? <Outlet /> : <ShopLayout />
}

function ShopLayout() {
  const { prefs } = Route.useRouteContext()
  // Not suspending: while the frame data is missing the nav bar shows its skeletons.
  const frame = useFrameData()
  useFrameHydrated()
  return (
    <ShopperStateProvider prefs={prefs}>
      <a href="#main" className="sr-only-focusable fixed top-2 start-2 z-50 rounded bg-white px-4 py-2 font-semibold text-brand">
        {m.skip_to_content()}
      </a>
      {/* Early in the document though it sits at the bottom of the screen: it paints with the first words, not
          after the whole page has streamed (on a phone it is the largest text in view, so it set the LCP), and
          the keyboard reaches it before the header. */}
      <CookieConsent given={prefs.consentGiven} />
      <AppBanner dismissed={prefs.appBannerDismissed} />
      <Header tree={frame?.tree} regions={frame?.regions ?? []} />
      {/* The floating WhatsApp button (lg and up) keeps a gutter of its own at the inline end, so it never covers a
          link there (it sat over the product page's "Change city" at 1440 px); from 1776 px the content's own margin
          is wider than the button. */}
      <main id="main" className="min-h-[60vh] lg:pe-18 min-[111rem]:pe-0">
        <Outlet />
      </main>
      <LazyFooter footer={frame?.footer ?? null} year={frame?.year ?? ''} seller={frame?.seller ?? null} />
      <LazyWhatsAppButton />
      <LazyCompareBar />
      <LazySideMenu tree={frame?.tree} />
      <LazyCityDialog regions={frame?.regions ?? []} />
      <LazyCartPanel />
      <LazyAuthDialogs />
      <LazyQueryTriggers />
      <LazySessionSignals />
      <LazyAppShell />
      <LazyToaster />
      <FramePartsPreload />
    </ShopperStateProvider>
  )
}

/** One Jotai store per request on the server and per tab in the browser (docs/decisions/0005-platform-traps.md, 11). */
function ShopperStateProvider({ prefs, children }: { prefs: ShopperPrefs; children: ReactNode }) {
  const [store] = useState(() => {
    const s = createStore()
    s.set(chosenRegionIdAtom, prefs.chosenRegionId)
    return s
  })
  return <JotaiProvider store={store}>{children}</JotaiProvider>
}
