/**
 * /search?q=: products whose name or brand contains the words, in a grid. An interim page: the search
 * issue replaces the matching with the Arabic-aware search service, facets and suggestions.
 */
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { ProductCard } from '../components/product/ProductCard'
import { appConfig } from '../../app.config'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { regionIdAtom } from '../state/shopper'

export const Route = createFileRoute('/search')({
  validateSearch: (input: Record<string, unknown>): { q: string } => ({ q: typeof input.q === 'string' ? input.q.slice(0, 200) : '' }),
  loaderDeps: ({ search }) => ({ q: search.q }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(catalogueQueries.search(context.locale, context.prefs.regionId, deps.q)),
  head: () => ({ meta: [{ title: `${m.search_page_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }] }),
  component: SearchPage,
})

function SearchPage() {
  const { locale } = Route.useRouteContext()
  const { q } = Route.useSearch()
  const { data } = useSuspenseQuery(catalogueQueries.search(locale, useAtomValue(regionIdAtom), q))
  const now = new Date(data.now)
  const text = q.trim()
  return (
    <div className="mx-auto max-w-content px-4 py-6">
      <h1 className="text-2xl font-bold">{text ? m.search_title({ q: text }) : m.search_page_title()}</h1>
      {text.length < appConfig.limits.searchEnterMinChars ? (
        <p className="py-10 text-muted">{m.search_short()}</p>
      ) : data.products.length === 0 ? (
        <p className="py-10 text-muted">{m.search_none({ q: text })}</p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {data.products.map((product, i) => (
            <li key={product.sku}>
              <ProductCard product={product} now={now} priority={i < 2} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
