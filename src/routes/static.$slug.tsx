/** Static pages (/static/terms-conditions, /static/privacy-policy, /static/legal-notice). */
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { contentSlug } from '../domain/content'
import { Breadcrumbs } from '../components/Breadcrumbs'
import { catalogueQueries } from '../queries/catalogue'
import { usePageHydrated } from '../lib/early-tap'

export const Route = createFileRoute('/static/$slug')({
  loader: ({ context, params }) => {
    // Anything else is no page of ours: the not-found page, not a refused server call (a 500).
    if (!contentSlug.test(params.slug)) throw notFound()
    return context.queryClient.query({ ...catalogueQueries.staticPage(context.locale, params.slug), staleTime: 'static' })
  },
  head: ({ loaderData }) => ({
    meta: loaderData ? [{ title: loaderData.title }, { name: 'description', content: loaderData.body.slice(0, 150) }] : [],
  }),
  component: StaticPage,
})

function StaticPage() {
  usePageHydrated()
  const { locale } = Route.useRouteContext()
  const { data } = useSuspenseQuery(catalogueQueries.staticPage(locale, Route.useParams().slug))
  return (
    <article className="mx-auto max-w-3xl px-4 py-6">
      <Breadcrumbs items={[{ label: data.title }]} />
      <h1 className="mt-4 text-3xl font-bold">{data.title}</h1>
      <p className="mt-4 leading-loose">{data.body}</p>
    </article>
  )
}
