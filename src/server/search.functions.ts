/**
 * Server functions for search: the /search page's results (through the algoliasearch client, to
 * the embedded service or Algolia) with the cards of the hits read from D1 in the page's language,
 * the brand facet counted disjunctively, and suggestions for an empty result.
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import { env } from 'cloudflare:workers'
import { cachedCatalogue } from '~/storage/cached-catalogue'
import { productStore } from '~/storage/product-store'
import { searchClient } from '~/search/client'
import { didYouMean, droppedWords } from '~/search/query-notes'
import { appConfig } from '../../app.config'
import { searchPageSize as pageSize, searchSortKeys } from '../lib/search-page-params'
import { cityName } from '../lib/city-search'
import { searchLanguage } from '../domain/search-text'
import { locale, regionId } from '../domain/schemas'
import { markPageDegraded, tagPage } from '~/http/request-context'

type ProductHit = { objectID: string; _highlightResult?: { name?: { value?: string } } }
type SearchResult<T> = {
  hits: T[]
  nbHits: number
  nbPages: number
  page: number
  facets?: Record<string, Record<string, number>>
  queryID?: string
  queryAfterRemoval?: string
}

export const getSearchPage = createServerFn({ method: 'GET' })
  .validator(
    type({
      locale,
      regionId,
      q: 'string <= 200',
      page: '1 <= number.integer <= 1000',
      sort: type.enumerated(...searchSortKeys),
      brands: type('0 < string <= 60').array().atMostLength(20),
      allCities: 'boolean',
    }),
  )
  .handler(async ({ data }) => {
    // Results show prices and stock: any product change purges cached result pages (worker/http/page-cache.ts).
    tagPage('search')
    const now = new Date().toISOString()
    const text = data.q.trim()
    // The city's name for the availability filter, in the page's language.
    const regions = await cachedCatalogue(env).regions(data.locale)
    const city = cityName(regions, data.regionId) ?? ''
    // Nothing found, or nothing searched: the page's shape with no products.
    const noResults = {
      products: [],
      total: 0,
      page: 1,
      pages: 0,
      brands: [],
      city,
      queryID: null,
      indexName: null,
      suggestions: [],
      dropped: [],
      didYouMean: null,
      allCitiesTotal: null,
      now,
      unavailable: false,
    }
    if (text.length < appConfig.limits.searchEnterMinChars) return noResults
    const language = searchLanguage(text, data.locale)
    const base = appConfig.search.indexNames.products[language]
    const indexName = data.sort === 'relevance' ? base : `${base}_${data.sort}`
    // The spec's search: the shopper's city only (stock_region_ids), unless they widened it to every city.
    const filters = data.allCities ? '' : `stock_region_ids=${data.regionId}`
    const brandFilter = data.brands.length > 0 ? [data.brands.map((b) => `brand:${b}`)] : []
    const client = searchClient(env)
    const answer = await client
      .search<ProductHit>({
        requests: [
          {
            indexName,
            query: text,
            hitsPerPage: pageSize,
            page: data.page - 1,
            filters,
            facetFilters: brandFilter,
            // In stock in the shopper's city before the rest, among equally good matches.
            optionalFilters: [`stock_region_ids:${data.regionId}`],
            facets: ['brand'],
            clickAnalytics: true,
            attributesToRetrieve: ['objectID'],
            // The best hit's highlighted name says which word a typo stood for (the page's "did you mean").
            attributesToHighlight: ['name'],
          },
          // The brand facet counts every other filter but its own (a chosen brand stays listed).
          ...(brandFilter.length > 0 ? [{ indexName, query: text, hitsPerPage: 0, filters, facets: ['brand'] }] : []),
          // How many every city has, to offer them when the shopper's city has few ("3 results in Abha; 41 in all cities").
          ...(data.allCities ? [] : [{ indexName, query: text, hitsPerPage: 0, facetFilters: brandFilter }]),
        ],
      })
      .catch((error: unknown) => {
        // Algolia (or the embedded service) down: the page says so in its language and is not kept at the edge, so
        // the next shopper gets results as soon as it is back (docs/architecture.md, "Faults").
        console.error(JSON.stringify({ level: 'error', message: 'search failed', error: String(error) }))
        markPageDegraded()
        return null
      })
    if (!answer) return { ...noResults, unavailable: true }
    const { results } = answer
    const main = results[0] as SearchResult<ProductHit>
    const counts = ((brandFilter.length > 0 ? results[1] : main) as SearchResult<ProductHit>).facets?.brand ?? {}
    const allCitiesTotal = data.allCities ? null : (results.at(-1) as SearchResult<ProductHit>).nbHits
    const ids = main.hits.map((hit) => Number(hit.objectID)).filter(Number.isInteger)
    const products = await productStore(env.DB).summariesByIds(ids, data.locale, data.regionId)
    // A query in the other script searches the other language's index: its brand values are named in the page's language.
    const labels = language === data.locale ? {} : await cachedCatalogue(env).brandLabels(data.locale)
    const brands = Object.entries(counts)
      .map(([value, count]) => ({ value, count }))
      .concat(data.brands.filter((b) => !(b in counts)).map((value) => ({ value, count: 0 })))
      .map((brand) => ({ ...brand, label: labels[brand.value] ?? brand.value }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    let suggestions: string[] = []
    if (main.nbHits === 0) {
      // An empty result offers the most searched-for words instead.
      const popular = await client.search<{ query: string }>({
        requests: [{ indexName: appConfig.search.indexNames.suggestions[data.locale], query: '', hitsPerPage: appConfig.limits.suggestedWordsMax }],
      })
      suggestions = (popular.results[0] as SearchResult<{ query: string }>).hits.map((h) => h.query)
    }
    return {
      products,
      total: main.nbHits,
      page: main.page + 1,
      pages: main.nbPages,
      brands,
      city,
      queryID: main.queryID ?? null,
      indexName,
      suggestions,
      // docs/architecture.md, "Search relevance": the words left out to find something, and a typo's likely word.
      dropped: droppedWords(main.queryAfterRemoval),
      didYouMean: didYouMean(text, main.hits[0]?._highlightResult?.name?.value),
      allCitiesTotal,
      now,
      unavailable: false,
    }
  })
