/**
 * Favourites (/user/favourites): the products whose heart the shopper tapped. The skus live in the
 * browser (wishListInLocalStorage), so the list is read once they are known.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, useHydrated } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { MessagePage } from '../components/MessagePage'
import { Icon } from '../components/ui/Icon'
import { ProductCard } from '../components/product/ProductCard'
import { AddAllToCart } from '../components/product/AddAllToCart'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { regionIdAtom, wishlistAtom } from '../state/shopper'
import { usePageHydrated } from '../lib/early-tap'

export const Route = createFileRoute('/user/favourites')({
  head: () => ({ meta: [{ title: `${m.favourites_page_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }] }),
  component: FavouritesPage,
})

function FavouritesPage() {
  usePageHydrated()
  const { locale } = Route.useRouteContext()
  const skus = useAtomValue(wishlistAtom)
  const region = useAtomValue(regionIdAtom)
  const hydrated = useHydrated()
  const { data } = useQuery({ ...catalogueQueries.bySkus(locale, region, skus), enabled: skus.length > 0, placeholderData: keepPreviousData })
  if (!hydrated) return <p className="py-16 text-center text-muted">{m.cart_loading()}</p>
  if (skus.length === 0) {
    return (
      <MessagePage
        art={<Icon name="heart" className="size-16 text-brand" />}
        title={m.favourites_empty()}
        text={m.favourites_empty_text()}
        action={{ to: '/', label: m.continue_shopping() }}
      />
    )
  }
  const products = (data?.products ?? []).filter((p) => skus.includes(p.sku))
  return (
    <section className="mx-auto max-w-content px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{m.favourites_count_title({ count: skus.length })}</h1>
        <AddAllToCart products={products} />
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {products.map((product) => (
          <li key={product.sku}>
            <ProductCard product={product} now={new Date(data!.now)} />
          </li>
        ))}
      </ul>
    </section>
  )
}
