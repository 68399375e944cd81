/**
 * Checkout (docs/product.md, "Checkout"): contact details with the mobile verified by code, the National Address
 * (billing the same unless edited), delivery method and date, payment, the totals and Place order. The page checks
 * every field with the rules the server applies again, ties each message to its field and moves focus to the first.
 * With `?order=` it is the confirmation of an order, shown only to its buyer.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { type ReactNode, useDeferredValue, useEffect, useState } from 'react'
import type { Locale } from '../../app.config'
import { NotFound } from '../components/NotFound'
import { MessagePage } from '../components/MessagePage'
import { Icon } from '../components/ui/Icon'
import { CartLines } from '../components/cart/CartLines'
import { CartSummary } from '../components/cart/CartSummary'
import { addressFromForm } from '../components/checkout/AddressForm'
import { AddressSection } from '../components/checkout/AddressSection'
import { BusinessSection, businessFromForm } from '../components/checkout/BusinessSection'
import { ContactSection } from '../components/checkout/ContactSection'
import { DeliverySection } from '../components/checkout/DeliverySection'
import { checkoutFieldMessage, type FieldErrors } from '../components/checkout/field-messages'
import { OrderConfirmation } from '../components/checkout/OrderConfirmation'
import { PaymentSection } from '../components/checkout/PaymentSection'
import { currentLocale } from '../lib/i18n'
import { amountCookie, paymentCookie } from '../domain/cookies'
import { checkoutErrors, type CheckoutDetails, type CheckoutField, type SavedAddress } from '../domain/checkout'
import { localMobile, shownMobile } from '../domain/phone'
import type { CartView } from '../domain/cart'
import type { ShippingCode, ShippingMethod } from '../domain/shipping'
import { deleteBrowserCookie } from '../lib/browser-cookies'
import { m } from '../paraglide/messages.js'
import { cartQueries } from '../queries/cart'
import { sessionQueries } from '../queries/session'
import { sendSearchEvent, type SearchEvent } from '../lib/search-insights'
import { checkoutQueries, usePlaceOrder, useSetShippingMethod } from '../queries/checkout'
import { orderQueries } from '../queries/orders'
import { useLoadingInBrowser } from '../state/hydrated'
import { cityName } from '../lib/city-search'
import { effectiveRegion } from '../domain/region'
import { usePageHydrated } from '../lib/early-tap'
import { pendingSearchPurchasesKey } from '../lib/storage-keys'
import { orderNumber, type PaymentCode } from '../domain/order'
import { formText } from '../lib/form-fields'
import { useFrameData } from '../components/frame/frame-data'

export const Route = createFileRoute('/checkout')({
  // After a paid card order the gateway sends the shopper back here with the order number.
  validateSearch: (input: Record<string, unknown>): { order?: string } =>
    typeof input.order === 'string' && orderNumber.test(input.order) ? { order: input.order } : {},
  head: () => ({ meta: [{ title: `${m.checkout_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }] }),
  component: Checkout,
})

function Checkout() {
  usePageHydrated()
  const { order } = Route.useSearch()
  const regions = useFrameData()?.regions
  const cityLabel = (id: number) => cityName(regions, effectiveRegion(id)) ?? ''
  if (order) return <Confirmation increment={order} cityLabel={cityLabel} />
  return <CheckoutForm cityLabel={cityLabel} regions={regions?.slice(1) ?? []} />
}

/** A returning link's order, shown only when the server says it is this shopper's and it is paid or on its way. */
function Confirmation({ increment, cityLabel }: { increment: string; cityLabel: (id: number) => string }) {
  const locale = currentLocale()
  // Undefined until the frame is known; null when search is the Worker's own.
  const hostedSearch = useFrameData()?.search
  const confirmation = useQuery(checkoutQueries.confirmation(locale, increment))
  const confirming = useLoadingInBrowser(confirmation.isPending)
  const order = confirmation.data?.data ?? null
  const confirmed = order?.status === 'processing' ? order : null
  const confirmedId = confirmed?.increment_id
  useEffect(() => {
    // Back from a provider with the order paid: the round-trip cookies have done their job. The purchases wait for
    // the frame, which says where search events go; a second run finds them sent and the cookies gone.
    if (!confirmedId || hostedSearch === undefined) return
    deleteBrowserCookie(amountCookie)
    deleteBrowserCookie(paymentCookie)
    const pending = JSON.parse(sessionStorage.getItem(pendingSearchPurchasesKey) ?? '[]') as SearchEvent[]
    sessionStorage.removeItem(pendingSearchPurchasesKey)
    for (const event of pending) sendSearchEvent(hostedSearch, event)
  }, [confirmedId, hostedSearch])

  if (confirming) return <p className="py-16 text-center text-muted">{m.cart_loading()}</p>
  if (confirmed) return <OrderConfirmation order={confirmed} cityLabel={cityLabel} />
  if (order?.status === 'canceled') {
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

function CheckoutForm({ cityLabel, regions }: { cityLabel: (id: number) => string; regions: { label: string; value: string }[] }) {
  const locale = currentLocale()
  const { loading, cart, user, payments, shipping, savedAddresses } = useCheckoutReads(locale)
  const setShipping = useSetShippingMethod()
  const place = usePlaceOrder()
  const kept = cart?.checkout ?? null
  const userMobile = user?.custom_attributes.find((a) => a.attribute_code === 'mobilenumber')?.value
  const [mobile, setMobile] = useState<string | null>(null)
  const [method, setMethod] = useState<PaymentCode | null>(null)
  const [date, setDate] = useState<string | null>(null)
  const [showroom, setShowroom] = useState<string | null>(null)
  // The shopper's choice shows in the same event; the cart (and its delivery price) follows when the server answers.
  const [shippingChoice, setShippingChoice] = useState<ShippingCode | null>(null)
  const [billingSame, setBillingSame] = useState<boolean | null>(null)
  const [businessChoice, setBusinessChoice] = useState<boolean | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pickedAddress, setPickedAddress] = useState<number | null>(null)

  if (loading) return <p className="py-16 text-center text-muted">{m.cart_loading()}</p>
  if (!cart || cart.cartItems.length === 0) return <EmptyCheckout />
  const regionId = effectiveRegion(cart.region_id)
  const typedMobile = mobile ?? kept?.contact.mobile ?? (userMobile ? shownMobile(userMobile) : '')
  const verified = cart.mobiles[localMobile(typedMobile) ?? ''] === 'verified'
  const paymentMethods = payments?.data?.payments ?? []
  const chosenPayment = method ?? paymentMethods.find((p) => p.is_available)?.code ?? null
  const shippingMethods = shipping?.data?.shipping_methods ?? []
  const chosenShipping: ShippingCode = shippingChoice ?? cart.shipping_method
  const { offeredDates, pickupShowrooms, chosenShowroom, chosenDate } = deliveryChoice(shippingMethods, chosenShipping, { date, showroom }, kept)
  const sameBilling = billingSame ?? !kept?.billing_address
  const business = businessChoice ?? Boolean(kept?.business)
  const pickup = chosenShipping === 'pickup'
  const defaults = { name: kept?.contact.name ?? (user ? `${user.firstname} ${user.lastname}` : ''), email: kept?.contact.email ?? user?.email ?? '' }
  const placing = place.isPending
  const usable = savedAddresses.filter((saved) => saved.address.regionId === regionId)
  const picked = pickedSavedAddress(usable, pickedAddress, kept)

  return (
    <form
      noValidate
      className="mx-auto grid max-w-content gap-6 px-4 py-6 lg:grid-cols-[1fr_24rem]"
      onChange={(event) => {
        // A field the shopper edits loses its message; the rules run again at Place order.
        const name = (event.target as unknown as HTMLInputElement).name as CheckoutField
        if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest)
      }}
      onSubmit={(event) => {
        event.preventDefault()
        const form = event.currentTarget
        const chosen = { mobile: typedMobile, pickup, business, sameBilling, regionId, date: chosenDate, showroom: chosenShowroom }
        const details = detailsOfForm(new FormData(form), chosen)
        const found = refusedFields(details, offeredDates, pickupShowrooms, chosenPayment === 'cashondelivery' && !verified)
        setErrors(Object.fromEntries(found.map((field) => [field === 'phone_verified' ? 'mobile' : field, checkoutFieldMessage(field)])))
        if (found.length > 0) return focusField(form, found[0] === 'phone_verified' ? 'mobile' : found[0]!)
        if (!chosenPayment) return
        place.mutate({ checkout: details, method: chosenPayment, lines: cart.cartItems })
      }}
    >
      <div className="space-y-6">
        <h1 className="text-2xl font-bold">{m.checkout_title()}</h1>
        <ContactSection defaults={defaults} mobile={typedMobile} setMobile={setMobile} verified={verified} errors={errors} />
        <InLaterCommit>
          <DeliverySection
            methods={shippingMethods}
            chosen={chosenShipping}
            onChoose={(code) => {
              setShippingChoice(code)
              setShipping.mutate(code, { onSuccess: (result) => !result.data && setShippingChoice(null) })
            }}
            date={chosenDate}
            onDate={setDate}
            error={errors.delivery_date}
            showroom={chosenShowroom}
            onShowroom={(id) => {
              setShowroom(id)
              setErrors(({ pickup_showroom: _, ...rest }) => rest)
            }}
            showroomError={errors.pickup_showroom}
            busy={setShipping.isPending}
          />
          {/* A pickup is collected from its showroom: no address is asked (issue 42, item 4). */}
          {!pickup && (
            <AddressSection
              usable={usable}
              picked={picked}
              pickedAddress={pickedAddress}
              onPick={setPickedAddress}
              kept={kept}
              errors={errors}
              regionId={regionId}
              cityLabel={cityLabel}
              regions={regions}
              sameBilling={sameBilling}
              onBillingSame={setBillingSame}
            />
          )}
          <BusinessSection
            open={business}
            onOpen={setBusinessChoice}
            pickup={pickup}
            kept={kept}
            errors={errors}
            regionId={regionId}
            cityLabel={cityLabel(regionId)}
            regions={regions}
          />
          <PaymentSection methods={paymentMethods} chosen={chosenPayment} onChoose={setMethod} total={cart.totals.grand_total} />
        </InLaterCommit>
      </div>
      <PlaceOrderPanel
        cart={cart}
        failure={place.failure}
        invalid={Object.keys(errors).length > 0}
        placing={placing}
        disabled={placing || setShipping.isPending || !chosenPayment}
      />
    </form>
  )
}

/** What the form reads, each answer drawn as a deferred value (see below), and a customer's saved addresses. */
function useCheckoutReads(locale: Locale) {
  const { data: liveCart, isPending } = useQuery(cartQueries.current(locale))
  // The form is the page's largest render, and every answer below re-renders it. Drawn with deferred values, each
  // render is a transition React splits into short tasks, not one long task that blocks a tap (docs/architecture.md,
  // "Bars every part clears": Total Blocking Time).
  const loading = useDeferredValue(useLoadingInBrowser(isPending))
  const cart = useDeferredValue(liveCart)
  const user = useQuery(sessionQueries.current()).data?.user ?? null
  const cartVersion = cart && cart.cartItems.length > 0 ? cart.version : undefined
  const payments = useDeferredValue(useQuery(checkoutQueries.paymentMethods(locale, cartVersion)).data)
  const shipping = useDeferredValue(useQuery(checkoutQueries.shippingMethods(locale, cartVersion)).data)
  // A customer's saved addresses in the cart's city (docs/product.md, "Checkout"); 0 is "another address".
  const savedAddresses =
    useQuery({ ...orderQueries.addresses(locale), enabled: typeof window !== 'undefined' && user !== null }).data?.data?.addresses ?? []
  return { loading, cart, user, payments, shipping, savedAddresses }
}

/** The delivery the form shows for the chosen method: its dates and date, and a pickup's showrooms and showroom. */
function deliveryChoice(
  methods: ShippingMethod[],
  code: ShippingCode,
  chosen: { date: string | null; showroom: string | null },
  kept: CheckoutDetails | null,
) {
  const method = methods.find((s) => s.code === code)
  const offeredDates = (method?.dates ?? []).map((d) => d.Date)
  // Pickup (docs/product.md, "Showrooms"): one of the city's showrooms, the kept one or the only one when not chosen.
  const pickupShowrooms = code === 'pickup' ? (method?.showrooms ?? []).map((s) => s.id) : null
  const chosenShowroom = pickupShowrooms ? showroomChoice(pickupShowrooms, chosen.showroom, kept?.pickup_showroom) : null
  return { offeredDates, pickupShowrooms, chosenShowroom, chosenDate: dateChoice(offeredDates, chosen.date, kept?.delivery_date) }
}

/** The saved address the form starts from: the one picked, else (with no details kept) the default or the first. */
function pickedSavedAddress(usable: SavedAddress[], pickedAddress: number | null, kept: CheckoutDetails | null): SavedAddress | null {
  if (pickedAddress !== null) return usable.find((a) => a.id === pickedAddress) ?? null
  return kept ? null : (usable.find((a) => a.is_default) ?? usable[0] ?? null)
}

/** The details as the form holds them, with the choices made outside its fields. */
function detailsOfForm(
  data: FormData,
  chosen: {
    mobile: string
    pickup: boolean
    business: boolean
    sameBilling: boolean
    regionId: number
    date: string | null
    showroom: string | null
  },
): CheckoutDetails {
  return {
    contact: { name: formText(data, 'name'), email: formText(data, 'email'), mobile: chosen.mobile },
    shipping_address: chosen.pickup ? null : addressFromForm(data, '', chosen.regionId),
    // A pickup has a billing address only as a business's, asked for in its section.
    billing_address: (chosen.pickup ? chosen.business : !chosen.sameBilling) ? addressFromForm(data, 'billing_', chosen.regionId) : null,
    delivery_date: chosen.date ?? '',
    pickup_showroom: chosen.showroom,
    business: businessFromForm(data, chosen.business),
  }
}

/** The fields that break the server's rules, in the page's order; cash on delivery also needs the mobile verified. */
function refusedFields(details: CheckoutDetails, dates: string[], showrooms: string[] | null, needsVerifiedPhone: boolean): CheckoutField[] {
  const found = checkoutErrors(details, dates, showrooms ?? undefined)
  if (needsVerifiedPhone && !found.includes('mobile')) found.push('phone_verified')
  return found
}

/** The shopper's showroom, else the one kept with the cart, else the city's only one, if it is one of the city's. */
function showroomChoice(offered: string[], chosen: string | null, kept: string | null | undefined): string | null {
  return [chosen, kept, offered.length === 1 ? offered[0] : null].find((id): id is string => !!id && offered.includes(id)) ?? null
}

/** The shopper's delivery date, else the one kept with the cart, else the first offered, if it is offered. */
function dateChoice(offered: string[], chosen: string | null, kept: string | undefined): string | null {
  return chosen && offered.includes(chosen) ? chosen : kept !== undefined && offered.includes(kept) ? kept : (offered[0] ?? null)
}

function EmptyCheckout() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{m.cart_empty()}</h1>
      <Link to="/" className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-ink">
        {m.continue_shopping()}
      </Link>
    </section>
  )
}

/** The order beside the form: its lines and totals, why it was refused or what to fix, and Place order. */
function PlaceOrderPanel({
  cart,
  failure,
  invalid,
  placing,
  disabled,
}: {
  cart: CartView
  failure: string | undefined
  invalid: boolean
  placing: boolean
  disabled: boolean
}) {
  return (
    <aside className="h-fit space-y-4 rounded-2xl bg-white p-5 lg:sticky lg:top-32">
      <InLaterCommit>
        <CartLines items={cart.cartItems} compact />
        <CartSummary cart={cart} />
      </InLaterCommit>
      {(failure || invalid) && (
        <p role="alert" className="rounded-lg bg-[#fde8eb] px-3 py-2 text-sm text-sale">
          {failure ?? m.checkout_fix_errors()}
        </p>
      )}
      <button type="submit" disabled={disabled} className="w-full rounded-full bg-brand px-4 py-3 font-semibold text-brand-ink disabled:opacity-60">
        {placing ? m.checkout_placing() : m.checkout_place_order()}
      </button>
    </aside>
  )
}

/**
 * Its children mount one render after the rest of the form, so the form's DOM is created in two commits, each a
 * shorter task than one (a commit cannot be split; docs/architecture.md, "Bars every part clears": Total Blocking Time).
 * What it holds lies below or beside the fields, so nothing already shown moves.
 */
function InLaterCommit({ children }: { children: ReactNode }) {
  return useDeferredValue(true, false) ? children : null
}

/** Moves focus to a field by its form name (a radio group: its first option), for keyboard and screen reader users. */
function focusField(form: HTMLFormElement, field: string) {
  const element = form.querySelector<HTMLElement>(`[name="${field}"]`)
  element?.focus()
  element?.scrollIntoView({ block: 'center' })
}

/** The purchase events of lines bought after a search (docs/product.md, "Validation"'s purchase rules). */
