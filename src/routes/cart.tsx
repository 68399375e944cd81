/** The cart page (small screens reach it from the cart icon). Lines and totals arrive with the commerce backend. */
import { createFileRoute, Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { ShoppingCart } from 'lucide-react'
import { m } from '../paraglide/messages.js'
import { cartItemCountAtom } from '../state/shopper'

export const Route = createFileRoute('/cart')({
  head: () => ({ meta: [{ title: `${m.cart_page_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }] }),
  component: CartPage,
})

function CartPage() {
  const count = useAtomValue(cartItemCountAtom)
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <ShoppingCart aria-hidden="true" className="size-16 text-brand" />
      <h1 className="text-2xl font-bold">{count === 0 ? m.cart_empty() : m.cart_page_title()}</h1>
      <p className="text-muted">{m.cart_empty_text()}</p>
      <Link to="/" className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-ink">
        {m.continue_shopping()}
      </Link>
    </section>
  )
}
