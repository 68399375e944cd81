/** The blog list. */
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Breadcrumbs } from '../components/Breadcrumbs'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { usePageHydrated } from '../lib/early-tap'

export const Route = createFileRoute('/blogs/')({
  loader: ({ context }) => context.queryClient.query({ ...catalogueQueries.blogPosts(context.locale), staleTime: 'static' }),
  head: () => ({ meta: [{ title: `${m.blog_title()} | ${m.site_name()}` }] }),
  component: BlogList,
})

function BlogList() {
  usePageHydrated()
  const { locale } = Route.useRouteContext()
  const { data } = useSuspenseQuery(catalogueQueries.blogPosts(locale))
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <Breadcrumbs items={[{ label: m.blog_title() }]} />
      <h1 className="mt-4 text-3xl font-bold">{m.blog_title()}</h1>
      <ul className="mt-6 space-y-4">
        {data.map((post) => (
          <li key={post.slug} className="rounded-xl bg-white p-5">
            <h2 className="text-xl font-bold">
              <Link to="/blogs/$slug" params={{ slug: post.slug }} className="hover:text-brand">
                {post.title}
              </Link>
            </h2>
            <p className="mt-2 text-muted">{post.excerpt}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}
