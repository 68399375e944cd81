/** Query-key factories for search (docs/architecture.md, "Layers"). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Locale, RegionId } from '../../app.config'
import type { searchPageQuery } from '../lib/search-page-params'
import { getSearchPage } from '../server/search.functions'

export const searchQueries = {
  page: (locale: Locale, regionId: RegionId, query: ReturnType<typeof searchPageQuery>) =>
    queryOptions({
      queryKey: ['search', locale, regionId, query],
      queryFn: () => getSearchPage({ data: { locale, regionId, ...query } }),
      staleTime: 60_000,
      // A new filter keeps the current results on screen until the new ones arrive.
      placeholderData: keepPreviousData,
    }),
}

/** The search page's answer, for the parts of the page that show it. */
export type SearchPageAnswer = Awaited<ReturnType<typeof getSearchPage>>
