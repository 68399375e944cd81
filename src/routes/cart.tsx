/** The cart page (small screens reach it from the cart icon): lines, quantities, the totals. */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Icon } from '../components/ui/Icon'
import { CartLines } from '../components/cart/CartLines'
import { CartSummary } from '../components/cart/CartSummary'
import { currentLocale } from '../lib/i18n'
import { useLoadingInBrowser } from '../state/hydrated'
import { m } from '../paraglide/messages.js'
import { cartQueries } from '../queries/cart'
import { useClearCart } from '../queries/cart-lines'

export const Route = createFileRoute('/cart')({
  head: () => ({ meta: [{ title: `${m.cart_page_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }] }),
  component: CartPage,
})

function CartPage() {
  const { data: cart, isPending } = useQuery(cartQueries.current(currentLocale()))
  const clear = useClearCart()
  const items = cart?.cartItems ?? []
  if (useLoadingInBrowser(isPending)) {
    return <p className="mx-auto max-w-xl px-4 py-16 text-center text-muted">{m.cart_loading()}</p>
  }
  if (items.length === 0) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <Icon name="shopping-cart" className="size-16 text-brand" />
        <h1 className="text-2xl font-bold">{m.cart_empty()}</h1>
        <p className="text-muted">{m.cart_empty_text()}</p>
        <Link to="/" className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-ink">
          {m.continue_shopping()}
        </Link>
      </section>
    )
  }
  return (
    <div className="mx-auto grid max-w-content gap-6 px-4 py-6 lg:grid-cols-[1fr_24rem]">
      <section className="rounded-2xl bg-white p-5">
        <div className="flex items-baseline justify-between">
          <h1 className="text-2xl font-bold">{m.cart_page_title()}</h1>
          <p className="text-sm text-muted">{m.cart_items_count({ count: cart!.totals.items_qty })}</p>
        </div>
        <CartLines items={items} />
      </section>
      <aside className="h-fit rounded-2xl bg-white p-5 lg:sticky lg:top-32">
        <CartSummary totals={cart!.totals} />
        <Link to="/checkout" className="mt-4 block rounded-full bg-brand px-4 py-3 text-center font-semibold text-brand-ink">
          {m.cart_checkout()}
        </Link>
        <button
          type="button"
          onClick={() => clear.mutate()}
          disabled={clear.isPending}
          className="mt-2 w-full rounded-full px-4 py-2 text-sm text-muted hover:text-sale"
        >
          {m.cart_clear()}
        </button>
      </aside>
    </div>
  )
}
