/**
 * Checkout: contact email, the cart's payment methods (those not available shown as such), the
 * totals, and Place order. After a cash-on-delivery order the shopper sees its number.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useEffect, useId, useState } from 'react'
import { NotFound } from '../components/NotFound'
import { MessagePage } from '../components/MessagePage'
import { Icon } from '../components/ui/Icon'
import { CartLines } from '../components/cart/CartLines'
import { CartSummary } from '../components/cart/CartSummary'
import { currentLocale } from '../lib/i18n'
import { amountCookie, paymentCookie } from '../domain/cookies'
import { deleteBrowserCookie, writeBrowserCookie } from '../lib/browser-cookies'
import { m } from '../paraglide/messages.js'
import { cartQueries } from '../queries/cart'
import { catalogueQueries } from '../queries/catalogue'
import { purchaseEventsFor, sendSearchEvent, type SearchEvent } from '../lib/search-insights'
import { checkoutQueries, usePlaceOrder } from '../queries/checkout'
import { failureMessage } from '../queries/server-action'
import { useLoadingInBrowser } from '../state/hydrated'
import { chosenRegionIdAtom } from '../state/shopper'
import { cityName } from '../lib/city-search'

export const Route = createFileRoute('/checkout')({
  // After a paid card order the gateway sends the shopper back here with the order number.
  validateSearch: (input: Record<string, unknown>): { order?: string } =>
    typeof input.order === 'string' && /^MJ\d{8,20}$/.test(input.order) ? { order: input.order } : {},
  head: () => ({ meta: [{ title: `${m.checkout_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }] }),
  component: Checkout,
})

// The type is spelt out: a `keyof typeof methodLabels` kept the labels (and their messages) out of the page's
// split chunk, in every page's first load.
type Method = 'cashondelivery' | 'card' | 'tabby' | 'tamara'

const methodLabels: Record<Method, () => string> = {
  cashondelivery: m.checkout_pay_cashondelivery,
  card: m.checkout_pay_card,
  tabby: m.checkout_pay_tabby,
  tamara: m.checkout_pay_tamara,
}

function Checkout() {
  const locale = currentLocale()
  const queryClient = useQueryClient()
  const { data: cart, isPending } = useQuery(cartQueries.current(locale))
  const loading = useLoadingInBrowser(isPending)
  const hostedSearch = useQuery(catalogueQueries.frame(locale)).data?.search ?? null
  const payments = useQuery(checkoutQueries.paymentMethods(locale, cart && cart.cartItems.length > 0 ? cart.version : undefined))
  const region = useAtomValue(chosenRegionIdAtom)
  const city = cityName(useQuery(catalogueQueries.frame(locale)).data?.regions, region)
  const emailId = useId()
  const [method, setMethod] = useState<Method | null>(null)
  const [error, setError] = useState<string | null>(null)
  const place = usePlaceOrder()
  const placing = place.isPending
  const { order: returnedOrder } = Route.useSearch()
  const [placedNow, setPlaced] = useState<{ increment_id: string } | null>(null)
  // A returning link's order is shown only when the server says it is this shopper's and it is paid or on its way.
  const confirmation = useQuery(checkoutQueries.confirmation(locale, placedNow ? undefined : returnedOrder))
  const returned = confirmation.data?.data ?? null
  const confirmed = returned?.status === 'processing' ? returned : null
  const placed = placedNow ?? confirmed
  const confirming = useLoadingInBrowser(confirmation.isPending)
  useEffect(() => {
    // Back from a provider with the order paid: the round-trip cookies have done their job.
    if (!confirmed) return
    deleteBrowserCookie(amountCookie)
    deleteBrowserCookie(paymentCookie)
    const pending = JSON.parse(sessionStorage.getItem(pendingPurchasesKey) ?? '[]') as SearchEvent[]
    sessionStorage.removeItem(pendingPurchasesKey)
    for (const event of pending) sendSearchEvent(hostedSearch, event)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [confirmed?.increment_id])

  if (placed) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center" aria-live="polite">
        <Icon name="circle-check" className="size-16 text-[#00683a]" />
        <h1 className="text-2xl font-bold">{m.order_success_title()}</h1>
        <p className="text-lg font-semibold">
          {m.order_success_number_label()} <bdi dir="ltr">{placed.increment_id}</bdi>
        </p>
        <p className="text-muted">{m.order_success_text()}</p>
        <Link to="/" className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-ink">
          {m.continue_shopping()}
        </Link>
      </section>
    )
  }
  if (returnedOrder && !placedNow) {
    if (confirming) return <p className="py-16 text-center text-muted">{m.cart_loading()}</p>
    if (returned?.status === 'canceled') {
      return (
        <MessagePage
          alert
          art={<Icon name="circle-alert" className="size-16 text-sale" />}
          title={m.order_not_placed_title()}
          text={m.order_not_placed_text()}
          action={{ to: '/cart', label: m.cart_view_cart() }}
        />
      )
    }
    return <NotFound />
  }
  if (loading) return <p className="py-16 text-center text-muted">{m.cart_loading()}</p>
  if (!cart || cart.cartItems.length === 0) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{m.cart_empty()}</h1>
        <Link to="/" className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-ink">
          {m.continue_shopping()}
        </Link>
      </section>
    )
  }
  const methods = payments.data?.data?.payments ?? []
  const chosen = method ?? methods.find((p) => p.is_available)?.code ?? null

  return (
    <form
      noValidate
      className="mx-auto grid max-w-content gap-6 px-4 py-6 lg:grid-cols-[1fr_24rem]"
      onSubmit={async (event) => {
        event.preventDefault()
        setError(null)
        const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return setError(m.checkout_email_invalid())
        if (!chosen) return
        const result = await place.mutateAsync({ email, method: chosen })
        if (!result.data) return setError(failureMessage(result, m.error_internal))
        const purchases = purchaseEventsAfterSearch(cart?.cartItems ?? [])
        void queryClient.invalidateQueries({ queryKey: cartQueries.current(locale).queryKey })
        if (result.data.payment_url) {
          // docs/product.md, "Calls": amount and payment travel through the provider's page and back.
          writeBrowserCookie(amountCookie, result.data.grand_total.toFixed(2))
          writeBrowserCookie(paymentCookie, result.data.payment_method)
          // A purchase is reported once the provider has taken the payment (the paid return, below).
          sessionStorage.setItem(pendingPurchasesKey, JSON.stringify(purchases))
          window.location.assign(result.data.payment_url)
        } else {
          for (const event of purchases) sendSearchEvent(hostedSearch, event)
          setPlaced(result.data)
        }
      }}
    >
      <div className="space-y-6">
        <h1 className="text-2xl font-bold">{m.checkout_title()}</h1>
        <section className="rounded-2xl bg-white p-5">
          <h2 className="mb-3 text-lg font-bold">{m.checkout_contact()}</h2>
          <label htmlFor={emailId} className="mb-1 block text-sm font-medium">
            {m.checkout_email()}
          </label>
          <input
            id={emailId}
            name="email"
            type="email"
            autoComplete="email"
            dir="ltr"
            required
            aria-invalid={error === m.checkout_email_invalid()}
            className="h-11 w-full rounded-lg border border-line px-3 focus:outline-2 focus:outline-brand"
          />
        </section>
        <fieldset className="rounded-2xl bg-white p-5">
          <legend className="float-start mb-3 text-lg font-bold">{m.checkout_payment()}</legend>
          <div className="clear-both space-y-2">
            {methods.map((p) => (
              <label
                key={p.code}
                className={`flex items-center gap-3 rounded-lg border px-4 py-3 ${p.is_available ? 'cursor-pointer border-line has-checked:border-brand has-checked:bg-brand-soft' : 'border-line opacity-60'}`}
              >
                <input
                  type="radio"
                  name="payment"
                  value={p.code}
                  disabled={!p.is_available}
                  checked={chosen === p.code}
                  onChange={() => setMethod(p.code)}
                  className="accent-[var(--brand)]"
                />
                <span className="flex-1 font-medium">{methodLabels[p.code]()}</span>
                {!p.is_available && <span className="text-xs text-muted">{m.checkout_pay_unavailable()}</span>}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <aside className="h-fit space-y-4 rounded-2xl bg-white p-5 lg:sticky lg:top-32">
        {city && <p className="text-sm text-muted">{m.checkout_delivery_to({ city })}</p>}
        <CartLines items={cart.cartItems} compact />
        <CartSummary cart={cart} />
        {error && (
          <p role="alert" className="rounded-lg bg-[#fde8eb] px-3 py-2 text-sm text-sale">
            {error}
          </p>
        )}
        <button type="submit" disabled={placing || !chosen} className="w-full rounded-full bg-brand px-4 py-3 font-semibold text-brand-ink disabled:opacity-60">
          {placing ? m.checkout_placing() : m.checkout_place_order()}
        </button>
      </aside>
    </form>
  )
}

/** Purchase events kept through a payment provider's page, sent when the shopper comes back paid. */
const pendingPurchasesKey = 'pendingSearchPurchases'

/** The purchase events of lines bought after a search (docs/product.md, "Validation"'s purchase rules). */
function purchaseEventsAfterSearch(lines: { item_id: number; prices_with_tax: { price: number }; qty: number }[]): SearchEvent[] {
  return purchaseEventsFor(lines.map((l) => ({ item_id: l.item_id, price: l.prices_with_tax.price, qty: l.qty })))
}
