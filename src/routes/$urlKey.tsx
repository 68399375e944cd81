/**
 * Category page (/{url_key}, sub-categories included): banner, sub-category links, the product
 * grid and its count. Facets, sorting and the full pagination arrive with the browsing issue.
 */
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { Breadcrumbs } from '../components/Breadcrumbs'
import { parsePage } from '../lib/search-params'
import { ProductCard } from '../components/product/ProductCard'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { regionIdAtom } from '../state/shopper'

export const Route = createFileRoute('/$urlKey')({
  validateSearch: (input: Record<string, unknown>): { page?: number } => {
    const page = parsePage(input.page)
    return page === undefined ? {} : { page }
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(catalogueQueries.category(context.locale, context.prefs.regionId, params.urlKey, deps.page)),
  head: ({ loaderData }) => ({
    meta: loaderData
      ? [
          { title: m.category_title({ name: loaderData.category.name }) },
          { name: 'description', content: m.category_meta_description({ name: loaderData.category.name }) },
        ]
      : [],
  }),
  component: CategoryPage,
})

function CategoryPage() {
  const { locale } = Route.useRouteContext()
  const { urlKey } = Route.useParams()
  const { page = 1 } = Route.useSearch()
  const { data } = useSuspenseQuery(catalogueQueries.category(locale, useAtomValue(regionIdAtom), urlKey, page))
  const { category, parent, products, total, pageSize } = data
  const now = new Date(data.now)
  const pages = Math.ceil(total / pageSize)
  return (
    <div className="mx-auto max-w-content px-4 py-4">
      <Breadcrumbs items={[...(parent ? [{ label: parent.name, to: `/${parent.url_key}` }] : []), { label: category.name }]} />
      {category.banners.desktop && (
        <picture>
          {category.banners.mobile && <source media="(max-width: 47.99rem)" srcSet={category.banners.mobile.image_src} width={800} height={600} />}
          <img src={category.banners.desktop.image_src} alt="" width={1600} height={480} className="mt-4 aspect-[10/3] w-full rounded-2xl object-cover max-md:aspect-[4/3]" />
        </picture>
      )}
      <div className="mt-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold lg:text-3xl">{category.name}</h1>
        <p className="text-sm text-muted">{m.category_products_count({ count: total })}</p>
      </div>
      {category.children_data.length > 0 && (
        <nav aria-label={m.category_subcategories()} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {category.children_data.map((child) => (
              <li key={child.id}>
                <Link to="/$urlKey" params={{ urlKey: child.url_key }} className="block rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand hover:text-brand">
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {products.length === 0 ? (
        <p className="py-16 text-center text-muted">{m.coming_soon()}</p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {products.map((product, i) => (
            <li key={product.sku}>
              <ProductCard product={product} now={now} priority={i < 2} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={m.pagination_label()} className="mt-8 flex justify-center gap-2">
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <Link
              key={n}
              to="/$urlKey"
              params={{ urlKey }}
              search={{ page: n }}
              aria-current={n === page ? 'page' : undefined}
              className="flex size-10 items-center justify-center rounded-lg border border-line bg-white font-medium aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-brand-ink"
            >
              {n}
            </Link>
          ))}
        </nav>
      )}
    </div>
  )
}
