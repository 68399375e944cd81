/** One blog post. */
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { contentSlug } from '../domain/content'
import { Breadcrumbs } from '../components/Breadcrumbs'
import { formatDisplayDate, riyadhDateString } from '../domain/dates'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { usePageHydrated } from '../lib/early-tap'

export const Route = createFileRoute('/blogs/$slug')({
  loader: ({ context, params }) => {
    // Anything else is no page of ours: the not-found page, not a refused server call (a 500).
    if (!contentSlug.test(params.slug)) throw notFound()
    return context.queryClient.query({ ...catalogueQueries.blogPost(context.locale, params.slug), staleTime: 'static' })
  },
  head: ({ loaderData }) => ({ meta: loaderData ? [{ title: `${loaderData.title} | ${m.site_name()}` }] : [] }),
  component: BlogPost,
})

function BlogPost() {
  usePageHydrated()
  const { locale } = Route.useRouteContext()
  const { data } = useSuspenseQuery(catalogueQueries.blogPost(locale, Route.useParams().slug))
  const date = riyadhDateString(new Date(data.published_at))
  return (
    <article className="mx-auto max-w-3xl px-4 py-6">
      <Breadcrumbs items={[{ label: m.blog_title(), to: '/blogs' }, { label: data.title }]} />
      <h1 className="mt-4 text-3xl font-bold">{data.title}</h1>
      <p className="mt-2 text-sm text-muted">
        <time dateTime={date}>{m.blog_published({ date: formatDisplayDate(date, locale) })}</time>
      </p>
      <p className="mt-6 leading-loose">{data.body}</p>
    </article>
  )
}
