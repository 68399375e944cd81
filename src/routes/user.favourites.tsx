/** Favourites (/user/favourites). The product list arrives with the browsing issue; the count is live now. */
import { createFileRoute, Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { Heart } from 'lucide-react'
import { m } from '../paraglide/messages.js'
import { wishlistAtom } from '../state/shopper'

export const Route = createFileRoute('/user/favourites')({
  head: () => ({ meta: [{ title: `${m.favourites_page_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }] }),
  component: FavouritesPage,
})

function FavouritesPage() {
  const skus = useAtomValue(wishlistAtom)
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <Heart aria-hidden="true" className="size-16 text-brand" />
      <h1 className="text-2xl font-bold">{skus.length === 0 ? m.favourites_empty() : m.header_favourites_count({ count: skus.length })}</h1>
      <p className="text-muted">{m.favourites_empty_text()}</p>
      <Link to="/" className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-ink">
        {m.continue_shopping()}
      </Link>
    </section>
  )
}
