/**
 * /search?q= (docs/product.md, "Screens" and "Validation"): results from the search service (embedded or Algolia) with the
 * brand and city filters, sorting (relevance or a replica order), count and pagination; an empty
 * result offers popular searches. Product links carry the queryID for search analytics.
 */
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { appConfig, type Locale } from '../../app.config'
import { Pagination } from '../components/listing/Pagination'
import { SortSelect } from '../components/listing/SortSelect'
import { ProductCard } from '../components/product/ProductCard'
import { SearchFilters } from '../components/search/SearchFilters'
import {
  parseSearchPageSearch,
  searchPageQuery,
  searchPageSize as pageSize,
  searchSortKeys,
  type SearchPageSearch,
  type SearchSortKey,
} from '../lib/search-page-params'
import { m } from '../paraglide/messages.js'
import { searchQueries, type SearchPageAnswer } from '../queries/search'
import { savedSearchStorage, withSavedSearch } from '../lib/recent-searches'
import { savedSearchWordsKey } from '../lib/storage-keys'
import { consentAllows } from '../lib/consent'
import { chosenRegionIdAtom, openModalAtom, regionIdAtom, savedSearchWordsAtom } from '../state/shopper'
import { usePageHydrated } from '../lib/early-tap'
import { afterNextPaint } from '../lib/after-next-paint'
import { useFrameData } from '../components/frame/frame-data'

export const Route = createFileRoute('/search')({
  validateSearch: parseSearchPageSearch,
  // Parsed again: the router keeps raw parameters a route's parser dropped.
  loaderDeps: ({ search }) => searchPageQuery(parseSearchPageSearch(search)),
  loader: ({ context, deps }) =>
    context.queryClient.query({ ...searchQueries.page(context.locale, context.prefs.regionId, deps), staleTime: 'static' }),
  head: () => ({ meta: [{ title: `${m.search_page_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }] }),
  component: SearchPage,
})

const sortLabels: Record<SearchSortKey, () => string> = {
  relevance: m.sort_relevance,
  newest: m.sort_newest,
  price_asc: m.sort_price_asc,
  price_desc: m.sort_price_desc,
}

function SearchPage() {
  usePageHydrated()
  const { locale } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(searchQueries.page(locale, useAtomValue(regionIdAtom), searchPageQuery(search)))
  const cityChosen = useAtomValue(chosenRegionIdAtom) !== null
  const setOpenModal = useSetAtom(openModalAtom)
  const now = new Date(data.now)
  const text = search.q.trim()
  // The control answers at once (a ticked box, the chosen order); the new listing renders after that frame.
  const setSearch = (next: SearchPageSearch) => afterNextPaint(() => void navigate({ search: next, resetScroll: false }))
  const chosen = (search.brand ? search.brand.split(',').length : 0) + (search.cities === 'all' ? 0 : 1)
  const reportClick = useResultClickReport(locale, data)
  useRememberedSearch(text)
  if (text.length < appConfig.limits.searchEnterMinChars) {
    return (
      <div className="mx-auto max-w-content px-4 py-6">
        <h1 className="text-2xl font-bold">{m.search_page_title()}</h1>
        <p className="py-10 text-muted">{m.search_short()}</p>
      </div>
    )
  }
  // The search service did not answer (docs/architecture.md, "Faults"): said in the page's language, with the same search again.
  if (data.unavailable) {
    return (
      <div className="mx-auto max-w-content px-4 py-6">
        <h1 className="text-2xl font-bold">{m.search_title({ q: text })}</h1>
        <p role="alert" className="pt-10 pb-4">
          {m.search_unavailable()}
        </p>
        {/* A whole new load: the answer the router holds for this search is the failed one. */}
        <Link to="/search" search={search} reloadDocument className="font-semibold text-brand underline underline-offset-2">
          {m.search_try_again()}
        </Link>
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-content px-4 py-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">{m.search_title({ q: text })}</h1>
        <ResultCount data={data} search={search} cityChosen={cityChosen} onChooseCity={() => setOpenModal('city')} />
      </div>
      {/* How the query was read (docs/architecture.md, "Search relevance"): words left out, a typo's likely word. */}
      <QueryReading dropped={data.dropped} didYouMean={data.didYouMean} />
      <div className="mt-6 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-6">
        <aside aria-label={m.filters_title()} className="h-fit rounded-xl bg-white px-4 max-lg:hidden">
          <h2 className="sr-only">{m.filters_title()}</h2>
          <SearchFilters brands={data.brands} city={data.city} search={search} onChange={setSearch} />
        </aside>
        {/* On a phone the filters fold away above the results. */}
        <details className="mb-4 rounded-xl bg-white px-4 lg:hidden">
          <summary className="cursor-pointer py-3 text-sm font-semibold">
            {chosen > 0 ? m.filters_open_count({ count: chosen }) : m.filters_open()}
          </summary>
          <SearchFilters brands={data.brands} city={data.city} search={search} onChange={setSearch} />
        </details>
        <div>
          <div className="mb-4 flex justify-end">
            <SortSelect
              keys={searchSortKeys}
              labels={sortLabels}
              value={search.sort}
              onChange={(sort) => setSearch({ ...search, sort: sort as SearchPageSearch['sort'], page: undefined })}
            />
          </div>
          <h2 className="sr-only">{m.category_products_heading()}</h2>
          {data.products.length === 0 ? (
            <NoResults text={text} suggestions={data.suggestions} />
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
              {data.products.map((product, i) => (
                <li key={product.sku} onClickCapture={(event) => reportClick(event.target, product.entity_id, (data.page - 1) * pageSize + i + 1)}>
                  <ProductCard product={product} now={now} largestPicture={i === 0} queryID={data.queryID ?? undefined} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={data.page} pages={data.pages} />
        </div>
      </div>
    </div>
  )
}

/**
 * A click on a result's link (docs/product.md, "Validation"): reported with the search's queryID and index, position from 1.
 * The analytics code loads with the first click, not with the page (it kept the page's first-load JS over 150 KB).
 */
function useResultClickReport(locale: Locale, data: SearchPageAnswer) {
  const hosted = useFrameData()?.search ?? null
  return (target: EventTarget, entityId: number, position: number) => {
    if (!data.queryID || !data.indexName || !(target instanceof Element) || !target.closest('a')) return
    const source = { queryID: data.queryID, indexName: data.indexName, hosted }
    void import('../lib/search-insights').then(({ rememberSearchSource, sendSearchEvent }) => {
      rememberSearchSource(source)
      sendSearchEvent(hosted, {
        eventType: 'click',
        eventName: 'Product Clicked',
        index: source.indexName,
        queryID: source.queryID,
        objectIDs: [String(entityId)],
        positions: [position],
      })
    })
  }
}

/** Every search that reaches this page is a recent search (docs/product.md, "Validation": 2 or more characters). */
function useRememberedSearch(text: string) {
  const setSaved = useSetAtom(savedSearchWordsAtom)
  // Kept only with consent to preference cookies (docs/architecture.md, "Consent"). Read from storage itself: on a
  // full load of this page the atom has not read it yet, and adding to its empty start would drop the others.
  useEffect(() => {
    if (consentAllows('preference')) setSaved(withSavedSearch(savedSearchStorage.getItem(savedSearchWordsKey, []), text))
  }, [text, setSaved])
}

interface ResultCountProps {
  data: SearchPageAnswer
  search: SearchPageSearch
  cityChosen: boolean
  onChooseCity: () => void
}

/** How many results, in which city, with the way to widen to every city or narrow back. */
function ResultCount({ data, search, cityChosen, onChooseCity }: ResultCountProps) {
  return (
    <p className="text-sm text-muted" aria-live="polite">
      {data.allCitiesTotal === null
        ? m.search_results_all_cities({ count: data.total })
        : m.search_results_in_city({ count: data.total, city: data.city })}
      {/* The city is the default until the shopper chooses one (issue 42): said, with the way to choose. */}
      {data.allCitiesTotal !== null && !cityChosen && (
        <>
          {m.search_results_separator()}
          {m.search_city_assumed()}{' '}
          <button type="button" onClick={onChooseCity} className="font-semibold text-brand underline underline-offset-2">
            {m.search_choose_city()}
          </button>
        </>
      )}
      {/* Widen when the shopper's city has fewer than every city; narrow back when widened. */}
      {data.allCitiesTotal !== null && data.allCitiesTotal > data.total && (
        <>
          {m.search_results_separator()}
          <Link to="/search" search={{ ...search, cities: 'all', page: undefined }} className="font-semibold text-brand underline underline-offset-2">
            {m.search_results_widen({ count: data.allCitiesTotal })}
          </Link>
        </>
      )}
      {data.allCitiesTotal === null && data.city !== '' && (
        <>
          {m.search_results_separator()}
          <Link
            to="/search"
            search={{ ...search, cities: undefined, page: undefined }}
            className="font-semibold text-brand underline underline-offset-2"
          >
            {m.search_results_narrow({ city: data.city })}
          </Link>
        </>
      )}
    </p>
  )
}

function QueryReading({ dropped, didYouMean }: { dropped: string[]; didYouMean: string | null }) {
  return (
    <>
      {dropped.length > 0 && (
        <p className="mt-2 text-sm">
          {m.search_dropped()} <bdi className="font-semibold line-through decoration-muted">{dropped.join(' ')}</bdi>
        </p>
      )}
      {didYouMean !== null && (
        <p className="mt-2 text-sm">
          {m.search_did_you_mean()}{' '}
          <Link to="/search" search={{ q: didYouMean }} className="font-semibold text-brand underline underline-offset-2">
            <bdi>{didYouMean}</bdi>
          </Link>
          {m.search_did_you_mean_end()}
        </p>
      )}
    </>
  )
}

/** No product for the text: said, with the popular searches to try instead. */
function NoResults({ text, suggestions }: { text: string; suggestions: string[] }) {
  return (
    <div className="py-10">
      <p className="text-muted">{m.search_none({ q: text })}</p>
      {suggestions.length > 0 && (
        <>
          <h3 className="mt-6 mb-2 font-semibold">{m.search_popular()}</h3>
          <ul className="flex flex-wrap gap-2">
            {suggestions.map((word) => (
              <li key={word}>
                <Link
                  to="/search"
                  search={{ q: word }}
                  className="block rounded-full border border-line bg-white px-4 py-2 text-sm hover:border-brand hover:text-brand"
                >
                  {word}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
