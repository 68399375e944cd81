/**
 * The retailer's showrooms (docs/product.md, "Showrooms"): what "Available on stores" points to, per city, the
 * shopper's city first; each with its address, opening hours in Riyadh time, phone and a map link. Content, cached and
 * purged as the static pages are (docs/decisions/0010).
 */
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { Breadcrumbs } from '../components/Breadcrumbs'
import { Icon } from '../components/ui/Icon'
import { showroomCities, showroomPhoneText, showroomTel, showroomTime, type Showroom } from '../domain/showrooms'
import { usePageHydrated } from '../lib/early-tap'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { chosenRegionIdAtom } from '../state/shopper'
import type { Locale } from '../../app.config'

export const Route = createFileRoute('/showrooms')({
  loader: ({ context }) => context.queryClient.query({ ...catalogueQueries.showrooms(context.locale), staleTime: 'static' }),
  head: () => ({
    meta: [{ title: `${m.showrooms_title()} | ${m.site_name()}` }, { name: 'description', content: m.showrooms_intro() }],
  }),
  component: ShowroomsPage,
})

function ShowroomsPage() {
  usePageHydrated()
  const { locale } = Route.useRouteContext()
  const { data } = useSuspenseQuery(catalogueQueries.showrooms(locale))
  const cities = showroomCities(data, useAtomValue(chosenRegionIdAtom))
  return (
    <div className="mx-auto max-w-content px-4 py-6">
      <Breadcrumbs items={[{ label: m.showrooms_title() }]} />
      <h1 className="mt-4 text-3xl font-bold">{m.showrooms_title()}</h1>
      <p className="mt-2 max-w-2xl text-muted">{m.showrooms_intro()}</p>
      {cities.map((city) => (
        <section key={city.region_id} aria-labelledby={`city-${city.region_id}`} className="mt-8">
          <h2 id={`city-${city.region_id}`} className="text-xl font-bold">
            {city.city}
          </h2>
          <ul className="mt-3 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {city.showrooms.map((showroom) => (
              <li key={showroom.id}>
                <ShowroomCard showroom={showroom} locale={locale} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

function ShowroomCard({ showroom, locale }: { showroom: Showroom; locale: Locale }) {
  const hours = (opens: string, closes: string) => `${showroomTime(opens, locale)} – ${showroomTime(closes, locale)}`
  return (
    <article aria-labelledby={`showroom-${showroom.id}`} className="flex h-full flex-col gap-3 rounded-xl bg-white p-5">
      <h3 id={`showroom-${showroom.id}`} className="text-lg font-bold">
        {showroom.name}
      </h3>
      <p className="flex items-start gap-2 text-sm">
        <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-brand" />
        <span>{showroom.address}</span>
      </p>
      <div className="flex items-start gap-2 text-sm">
        <Icon name="clock" className="mt-0.5 size-4 shrink-0 text-brand" />
        {/* Days over hours on a phone, side by side from sm: an hour range never breaks inside. */}
        <dl className="grid grid-cols-1 gap-x-3 sm:grid-cols-[auto_1fr] sm:gap-y-1">
          <dt className="text-muted">{m.showrooms_weekdays()}</dt>
          <dd className="mb-1 whitespace-nowrap sm:mb-0">
            <bdi>{hours(showroom.opens, showroom.closes)}</bdi>
          </dd>
          <dt className="text-muted">{m.showrooms_friday()}</dt>
          <dd className="whitespace-nowrap">
            <bdi>{hours(showroom.friday_opens, showroom.friday_closes)}</bdi>
          </dd>
        </dl>
      </div>
      <p className="text-xs text-muted">{m.showrooms_riyadh_time()}</p>
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <a
          href={showroomTel(showroom.phone)}
          aria-label={m.showrooms_call({ name: showroom.name, phone: showroomPhoneText(showroom.phone) })}
          className="inline-flex h-10 items-center gap-2 rounded-full border border-brand px-4 text-sm font-semibold text-brand hover:bg-brand-soft"
        >
          <Icon name="smartphone" className="size-4" />
          <bdi dir="ltr">{showroomPhoneText(showroom.phone)}</bdi>
        </a>
        <a
          href={showroom.map_url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={m.showrooms_map({ name: showroom.name })}
          className="inline-flex h-10 items-center gap-2 rounded-full bg-brand px-4 text-sm font-semibold text-brand-ink hover:opacity-90"
        >
          <Icon name="map-pin" className="size-4" />
          {m.showrooms_map_short()}
        </a>
      </div>
    </article>
  )
}
