/**
 * The cart page (docs/product.md, "Cart"; small screens reach it from the cart icon): lines, quantities, services,
 * the replacement discount, coupons and vouchers, totals that add up, and checkout after the availability check.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { MessagePage } from '../components/MessagePage'
import { Icon } from '../components/ui/Icon'
import { CartLines } from '../components/cart/CartLines'
import { CartSavings } from '../components/cart/CartSavings'
import { CartSummary } from '../components/cart/CartSummary'
import { CheckoutButton } from '../components/cart/CheckoutButton'
import { ConfirmDialog } from '../components/ui/ConfirmDialog'
import { currentLocale } from '../lib/i18n'
import { useLoadingInBrowser } from '../state/hydrated'
import { m } from '../paraglide/messages.js'
import { cartQueries } from '../queries/cart'
import { useClearCart } from '../queries/cart-lines'
import { usePageHydrated } from '../lib/early-tap'

export const Route = createFileRoute('/cart')({
  head: () => ({
    meta: [{ title: `${m.cart_page_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }],
  }),
  component: CartPage,
})

function CartPage() {
  usePageHydrated()
  const { data: cart, isPending } = useQuery(cartQueries.current(currentLocale()))
  const clear = useClearCart()
  const [confirming, setConfirming] = useState(false)
  const items = cart?.cartItems ?? []
  // docs/product.md, "Checkout": a failed payment comes back here with its items and ?payment=failed. Read here, not
  // in a validateSearch: the route table (and so every search rule) is in every page's first load.
  const paymentFailed = (useSearch({ strict: false }) as { payment?: unknown }).payment === 'failed'
  if (useLoadingInBrowser(isPending)) {
    return <p className="mx-auto max-w-xl px-4 py-16 text-center text-muted">{m.cart_loading()}</p>
  }
  if (items.length === 0) {
    return (
      <MessagePage
        art={<Icon name="shopping-cart" className="size-16 text-brand" />}
        title={m.cart_empty()}
        text={m.cart_empty_text()}
        action={{ to: '/', label: m.continue_shopping() }}
      />
    )
  }
  return (
    <div className="mx-auto grid max-w-content gap-6 px-4 py-6 lg:grid-cols-[1fr_24rem]">
      <div className="space-y-6">
        {paymentFailed && (
          <p role="alert" className="flex items-start gap-2 rounded-2xl bg-[#fde8eb] p-4 font-medium text-sale">
            <Icon name="circle-alert" className="mt-0.5 size-5 shrink-0" />
            {m.cart_payment_failed()}
          </p>
        )}
        <section className="rounded-2xl bg-white p-5" aria-labelledby="cart-title">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <h1 id="cart-title" className="text-2xl font-bold">
              {m.cart_page_title()}
            </h1>
            <p className="text-sm text-muted">{m.cart_items_count({ count: cart!.totals.items_qty })}</p>
          </div>
          <CartLines items={items} regionId={cart!.region_id} />
          {/* Emptying the cart asks first, and sits with the lines, away from the way to checkout. */}
          <button type="button" onClick={() => setConfirming(true)} className="mt-2 text-sm text-muted underline hover:text-sale">
            {m.cart_clear()}
          </button>
        </section>
        <CartSavings cart={cart!} />
      </div>
      <aside className="h-fit rounded-2xl bg-white p-5 lg:sticky lg:top-32">
        <CartSummary cart={cart!} showInstallments />
        <CheckoutButton cart={cart!} className="mt-4" />
      </aside>
      <ConfirmDialog
        open={confirming}
        title={m.cart_clear_confirm_title()}
        text={m.cart_clear_confirm_text()}
        confirmLabel={m.cart_clear_confirm()}
        cancelLabel={m.cart_keep_items()}
        busy={clear.isPending}
        onConfirm={() => clear.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </div>
  )
}
