/** Home (docs/product.md, "Screens"): banners, the campaign countdown, category highlights, product rails and the popup banner. */
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { JsonLd } from '../components/JsonLd'
import { CampaignCountdown } from '../components/home/CampaignCountdown'
import { CategoryHighlights } from '../components/home/CategoryHighlights'
import { HeroBanners } from '../components/home/HeroBanners'
import { PopupBanner } from '../components/home/PopupBanner'
import { LazyRecentlyViewed } from '../components/frame/LazyFrame'
import { ProductRail } from '../components/product/ProductRail'
import { currentLocale } from '../lib/i18n'
import { openGraph } from '../lib/seo'
import { jsonLdText, storeJsonLd } from '../lib/structured-data'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { regionIdAtom } from '../state/shopper'
import { usePageHydrated } from '../lib/early-tap'

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.query({ ...catalogueQueries.home(context.locale, context.prefs.regionId), staleTime: 'static' }),
  head: () => ({ meta: openGraph({ title: m.home_title(), description: m.home_meta_description() }, currentLocale()) }),
  component: Home,
})

function Home() {
  usePageHydrated()
  const { locale } = Route.useRouteContext()
  const { data } = useSuspenseQuery(catalogueQueries.home(locale, useAtomValue(regionIdAtom)))
  const now = new Date(data.now)
  const content = data.content
  return (
    <>
      <JsonLd text={import.meta.env.SSR ? jsonLdText(storeJsonLd(locale)) : ''} />
      {content && <HeroBanners banners={content.banners} />}
      {content?.campaign && <CampaignCountdown campaign={content.campaign} serverNow={data.now} />}
      <CategoryHighlights categories={data.highlights} />
      {data.rails.map((rail) => (
        <ProductRail key={rail.id} title={rail.title} urlKey={rail.category_url_key} products={rail.products} now={now} />
      ))}
      <LazyRecentlyViewed />
      {content?.['popup-banner'] && <PopupBanner banner={content['popup-banner']} />}
    </>
  )
}
