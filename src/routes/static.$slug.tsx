/** Static pages (/static/terms-conditions, /static/privacy-policy with its data request form, /static/legal-notice). */
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { contentSlug } from '../domain/content'
import { Breadcrumbs } from '../components/Breadcrumbs'
import { catalogueQueries } from '../queries/catalogue'
import { usePageHydrated } from '../lib/early-tap'
import { DataRequestForm } from '../components/DataRequestForm'

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
  const { slug } = Route.useParams()
  const { data } = useSuspenseQuery(catalogueQueries.staticPage(locale, slug))
  return (
    <article className="mx-auto max-w-3xl px-4 py-6">
      <Breadcrumbs items={[{ label: data.title }]} />
      <h1 className="mt-4 text-3xl font-bold">{data.title}</h1>
      {/* A blank line starts a paragraph (the privacy policy's parts: docs/product.md, "Your data"). */}
      {data.body.split('\n\n').map((paragraph) => (
        <p key={paragraph} className="mt-4 leading-loose">
          {paragraph}
        </p>
      ))}
      {slug === 'privacy-policy' && <DataRequestForm />}
    </article>
  )
}
