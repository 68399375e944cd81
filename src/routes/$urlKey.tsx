/**
 * Category page (/{url_key}, sub-categories included): banner, sub-category links, facets, sorting,
 * the product grid with its count, and pagination. Filters live in the URL (src/domain/listing.ts).
 */
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { categorySlug } from '../domain/catalogue'
import { useAtomValue } from 'jotai'
import { type ComponentProps, Suspense, useState } from 'react'
import { lazyPart, usePreloadWhenIdle } from '../lib/lazy-part'
import { Icon } from '../components/ui/Icon'
import { Breadcrumbs } from '../components/Breadcrumbs'
import { JsonLd } from '../components/JsonLd'
import { Facets } from '../components/listing/Facets'
import { chosenFilterCount } from '../components/listing/filter-count'
import { Pagination } from '../components/listing/Pagination'
import { SortSelect } from '../components/listing/SortSelect'
import { ProductCard } from '../components/product/ProductCard'
import { currentLocale } from '../lib/i18n'
import { listingQuery, parseListingSearch, sortKeys, type ListingSearch, type SortKey } from '../domain/listing'
import { openGraph } from '../lib/seo'
import { breadcrumbJsonLd, jsonLdText } from '../lib/structured-data'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { regionIdAtom } from '../state/shopper'
import { usePageHydrated } from '../lib/early-tap'
import { afterNextPaint, useAfterNextPaint } from '../lib/after-next-paint'

// The phone's filter drawer: its code loads when the shopper first opens it.
const FilterDrawer = lazyPart(() => import('../components/listing/FilterDrawer').then((module) => module.FilterDrawer))

const sortLabels: Record<SortKey, () => string> = {
  popular: m.sort_popular,
  newest: m.sort_newest,
  price_asc: m.sort_price_asc,
  price_desc: m.sort_price_desc,
}

export const Route = createFileRoute('/$urlKey')({
  validateSearch: parseListingSearch,
  // The search is parsed again: the router keeps raw parameters a route's parser dropped (page=abc).
  loaderDeps: ({ search }) => listingQuery(parseListingSearch(search)),
  loader: ({ context, params, deps }) => {
    // A path no category can have (favicon.ico, x.php) is the not-found page at once.
    if (!categorySlug.test(params.urlKey)) throw notFound()
    return context.queryClient.query({
      ...catalogueQueries.category(context.locale, context.prefs.regionId, params.urlKey, deps),
      staleTime: 'static',
    })
  },
  head: ({ loaderData }) => ({
    meta: loaderData
      ? [
          { title: m.category_title({ name: loaderData.category.name }) },
          { name: 'description', content: m.category_meta_description({ name: loaderData.category.name }) },
          ...openGraph(
            {
              title: loaderData.category.name,
              description: m.category_meta_description({ name: loaderData.category.name }),
              image: loaderData.category.banners.desktop?.image_src,
            },
            currentLocale(),
          ),
        ]
      : [],
  }),
  component: CategoryPage,
})

function CategoryPage() {
  usePageHydrated()
  const { locale } = Route.useRouteContext()
  const { urlKey } = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(catalogueQueries.category(locale, useAtomValue(regionIdAtom), urlKey, listingQuery(search)))
  const { category, parent, products, total, page, pages, facets } = data
  const now = new Date(data.now)
  const chosen = chosenFilterCount(search)
  // The control answers at once (a ticked box, the chosen order); the new listing renders after that frame.
  const setSearch = (next: ListingSearch) => afterNextPaint(() => void navigate({ search: next, resetScroll: false }))

  return (
    <div className="mx-auto max-w-content px-4 py-4">
      <JsonLd text={import.meta.env.SSR ? jsonLdText(breadcrumbJsonLd(categoryTrail(category, parent), locale)) : ''} />
      <Breadcrumbs items={[...(parent ? [{ label: parent.name, to: `/${parent.url_key}` }] : []), { label: category.name }]} />
      {category.banners.desktop && (
        <picture>
          {category.banners.mobile && <source media="(max-width: 47.99rem)" srcSet={category.banners.mobile.image_src} width={800} height={600} />}
          <img
            src={category.banners.desktop.image_src}
            alt=""
            width={1600}
            height={480}
            // A strip, not a screen (issue 28, "No friction": a 4:3 banner on a phone pushed every product below the
            // first screen): the art is cropped to a band, so the first products show on a 390 x 844 phone.
            className="mt-3 aspect-[4/1] w-full rounded-2xl object-cover md:mt-4 md:aspect-[6/1]"
          />
        </picture>
      )}
      <div className="mt-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold lg:text-3xl">{category.name}</h1>
        <p className="text-sm text-muted" aria-live="polite">
          {m.category_products_count({ count: total })}
        </p>
      </div>
      {category.children_data.length > 0 && (
        <nav aria-label={m.category_subcategories()} className="mt-3 md:mt-4">
          {/* One swipeable row on a phone, so the links take one line of its first screen. */}
          <ul className="scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 max-md:pb-1 md:mx-0 md:flex-wrap md:px-0">
            {category.children_data.map((child) => (
              <li key={child.id}>
                <Link
                  to="/$urlKey"
                  params={{ urlKey: child.url_key }}
                  className="block rounded-full border border-line bg-white px-4 py-2 text-sm font-medium whitespace-nowrap hover:border-brand hover:text-brand"
                >
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="mt-4 md:mt-6 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-6">
        <aside aria-label={m.filters_title()} className="h-fit rounded-xl bg-white px-4 max-lg:hidden">
          <h2 className="sr-only">{m.filters_title()}</h2>
          <Facets facets={facets} search={search} onChange={setSearch} />
        </aside>
        <div>
          <div className="mb-4 flex items-center justify-between gap-2">
            <PhoneFilters facets={facets} search={search} total={total} onChange={setSearch} />
            <div className="ms-auto">
              <SortSelect
                keys={sortKeys}
                labels={sortLabels}
                value={search.sort}
                onChange={(sort) => setSearch({ ...search, sort: sort as ListingSearch['sort'], page: undefined })}
              />
            </div>
          </div>
          {/* The cards' headings (h3) sit under this one on every width; the filters' h2 is hidden on phones. */}
          <h2 className="sr-only">{m.category_products_heading()}</h2>
          {products.length === 0 ? (
            <p className="py-16 text-center text-muted">{chosen > 0 ? m.filters_no_results() : m.coming_soon()}</p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
              {products.map((product, i) => (
                <li key={product.sku}>
                  <ProductCard product={product} now={now} largestPicture={i === 0} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} pages={pages} />
        </div>
      </div>
    </div>
  )
}

/**
 * The phone's Filter button and its drawer. The open state lives here, not in the page: opening the drawer then
 * renders the drawer alone, never the product grid again (a tap on a mid-tier phone, docs/architecture.md, "Taps").
 */
function PhoneFilters(props: Omit<ComponentProps<typeof FilterDrawer>, 'onClose'>) {
  const [open, setOpen] = useState(false)
  // As the frame's dialogs (src/components/frame/LazyFrame.tsx): code loaded while idle, drawer mounted a frame late.
  usePreloadWhenIdle(FilterDrawer)
  const shown = useAfterNextPaint(open)
  const chosen = chosenFilterCount(props.search)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex h-10 items-center gap-2 rounded-lg border border-line bg-white px-3 text-sm font-semibold lg:hidden"
      >
        <Icon name="filters" className="size-4" />
        {chosen > 0 ? m.filters_open_count({ count: chosen }) : m.filters_open()}
      </button>
      {shown && (
        <Suspense fallback={null}>
          <FilterDrawer {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}

/** The category's place for search engines: home, its parent when it has one, itself. */
function categoryTrail(category: { name: string; url_key: string }, parent: { name: string; url_key: string } | null) {
  return [
    { name: m.breadcrumb_home(), path: '/' },
    ...(parent ? [{ name: parent.name, path: `/${parent.url_key}` }] : []),
    { name: category.name, path: `/${category.url_key}` },
  ]
}
