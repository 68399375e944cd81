/**
 * The confirmation of a placed order, shown only to its buyer (docs/product.md, "Checkout"): its number, the
 * delivery date and address (for a pickup: the showroom, its hours that day, phone and map), the payment method, the
 * lines and the money, line by line; "Track your order", and for a guest the offer of an account that keeps the order.
 */
import { useQuery } from '@tanstack/react-query'
import { appConfig } from '../../../app.config'
import { Link } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { useEffect } from 'react'
import type { OrderDetail, OrderLookupHistoryState } from '../../domain/order'
import type { AddressFields } from '../../domain/checkout'
import { formatDisplayDate } from '../../domain/dates'
import type { PickupShowroom } from '../../domain/shipping'
import { currentLocale } from '../../lib/i18n'
import type { Locale } from '../../../app.config'
import { m } from '../../paraglide/messages.js'
import { MoneyLines } from '../cart/CartSummary'
import { Price } from '../Price'
import { Icon } from '../ui/Icon'
import { paymentLabel } from './PaymentSection'
import { PickupHours } from './PickupHours'
import { sessionQueries } from '../../queries/session'
import { authTabAtom, registrationPrefillAtom } from '../../state/auth'
import { openModalAtom } from '../../state/shopper'

/** When the order comes: its delivery date, or for a pickup where and from when (docs/product.md, "Showrooms"). */
export function orderDateLine(order: OrderDetail, locale: Locale): string {
  const date = formatDisplayDate(order.delivery_date ?? '', locale)
  return order.pickup_showroom ? m.order_pickup_on({ showroom: order.pickup_showroom.name, date }) : m.order_delivery_on({ date })
}

export function OrderConfirmation({ order, cityLabel }: { order: OrderDetail; cityLabel: (regionId: number) => string }) {
  const locale = currentLocale()
  const session = useQuery(sessionQueries.current())
  const guest = session.isSuccess && !session.data
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-10" aria-labelledby="order-title">
      <div className="flex flex-col items-center gap-3 text-center" aria-live="polite">
        <Icon name="circle-check" className="size-16 text-[#00683a]" />
        <h1 id="order-title" className="text-2xl font-bold">
          {m.order_success_title()}
        </h1>
        <p className="text-lg font-semibold">
          {m.order_success_number_label()} <bdi dir="ltr">{order.increment_id}</bdi>
        </p>
        {order.delivery_date && <p className="rounded-full bg-brand-soft px-4 py-1.5 font-semibold text-brand">{orderDateLine(order, locale)}</p>}
        <p className="text-muted">{order.pickup_showroom ? m.order_success_text_pickup() : m.order_success_text()}</p>
        <TrackLink order={order} guest={guest} />
      </div>
      {guest && order.contact && <AccountOffer contact={order.contact} />}
      <OrderParts order={order} cityLabel={cityLabel} />
      <div className="text-center">
        <Link to="/" className="inline-block rounded-full bg-brand px-6 py-3 font-semibold text-brand-ink">
          {m.continue_shopping()}
        </Link>
      </div>
    </section>
  )
}

/**
 * "Track your order": `/user/profile?order=`, the order's page for a customer, and for a guest the lookup with the
 * number filled in and the order's mobile carried in the history entry (never the URL), one tap from the order.
 */
function TrackLink({ order, guest }: { order: OrderDetail; guest: boolean }) {
  const state: OrderLookupHistoryState = guest && order.contact ? { lookupMobile: order.contact.mobile } : {}
  return (
    <Link
      to="/user/profile"
      search={{ order: order.increment_id } as never}
      state={(previous) => ({ ...previous, ...state })}
      className="rounded-full border border-brand px-5 py-2.5 font-semibold text-brand"
    >
      {m.order_lookup_title()}
    </Link>
  )
}

/**
 * A guest is offered an account that keeps the order: the registration opens filled in with the order's name, email
 * and mobile, and a registration with that mobile takes the guest orders placed with it (docs/product.md, "Accounts").
 */
function AccountOffer({ contact }: { contact: NonNullable<OrderDetail['contact']> }) {
  const setPrefill = useSetAtom(registrationPrefillAtom)
  const setTab = useSetAtom(authTabAtom)
  const setOpenModal = useSetAtom(openModalAtom)
  // The order's details fill the form only while its confirmation is open.
  useEffect(() => () => setPrefill(null), [setPrefill])
  const [firstName = '', ...rest] = contact.name.trim().split(/\s+/)
  return (
    <section aria-labelledby="account-offer-title" className="flex flex-col gap-4 rounded-2xl bg-brand-soft p-5 sm:flex-row sm:items-center">
      <Icon name="user-check" className="hidden size-10 shrink-0 text-brand sm:block" />
      <div className="flex-1">
        <h2 id="account-offer-title" className="font-bold">
          {m.order_account_offer_title()}
        </h2>
        <p className="mt-1 text-sm">{m.order_account_offer_text()}</p>
      </div>
      <button
        type="button"
        onClick={() => {
          setPrefill({ firstName, lastName: rest.join(' '), email: contact.email, phone_number: contact.mobile })
          setTab('register')
          setOpenModal('auth')
        }}
        className="shrink-0 rounded-full bg-brand px-6 py-3 font-semibold text-brand-ink"
      >
        {m.order_account_offer_button()}
      </button>
    </section>
  )
}

/** An order's address, payment, lines and money: the confirmation and the account's order page show the same. */
export function OrderParts({ order, cityLabel }: { order: OrderDetail; cityLabel: (regionId: number) => string }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {order.shipping_address && (
          <div className="rounded-2xl bg-white p-5">
            <h2 className="mb-2 font-bold">{m.order_address_heading()}</h2>
            {order.contact && <p className="font-medium">{order.contact.name}</p>}
            <AddressLines address={order.shipping_address} city={cityLabel(order.shipping_address.regionId)} />
            {order.contact && (
              <p className="mt-1 text-sm text-muted">
                <bdi dir="ltr">{order.contact.mobile}</bdi>
              </p>
            )}
          </div>
        )}
        {order.pickup_showroom && <PickupBox order={order} showroom={order.pickup_showroom} />}
        <div className="rounded-2xl bg-white p-5">
          <h2 className="mb-2 font-bold">{m.order_payment_heading()}</h2>
          <p>{paymentLabel(order.payment_method)}</p>
        </div>
      </div>
      <div className="rounded-2xl bg-white p-5">
        <h2 className="mb-3 font-bold">{m.order_lines()}</h2>
        <ul className="mb-4 divide-y divide-line">
          {order.lines.map((line) => (
            <li key={line.sku + line.is_service} className={`flex justify-between gap-3 py-2 text-sm ${line.is_service ? 'ps-4 text-muted' : ''}`}>
              <span>
                {line.name} <bdi dir="ltr">× {line.qty}</bdi>
              </span>
              <Price amount={line.row_total} decimals={appConfig.money.totalDecimals} className="shrink-0 font-medium" />
            </li>
          ))}
        </ul>
        <MoneyLines totals={order.totals} codes={order} pickup={order.pickup_showroom !== null} />
      </div>
    </>
  )
}

/** Where a pickup is collected, when the showroom is open on its day, how to call it and find it, and who collects. */
function PickupBox({ order, showroom }: { order: OrderDetail; showroom: PickupShowroom }) {
  return (
    <div className="space-y-1 rounded-2xl bg-white p-5 text-sm">
      <h2 className="mb-2 text-base font-bold">{m.order_pickup_heading()}</h2>
      <p className="font-medium">{showroom.name}</p>
      <p className="text-muted">{showroom.address}</p>
      <PickupHours showroom={showroom} date={order.delivery_date} />
      {order.contact && (
        <p className="pt-1 text-muted">
          {m.order_pickup_by({ name: order.contact.name })} <bdi dir="ltr">{order.contact.mobile}</bdi>
        </p>
      )}
    </div>
  )
}

/** A National Address as a courier reads it: street and building, district, city and postal code, then the rest. */
export function AddressLines({ address, city }: { address: AddressFields; city: string }) {
  const comma = currentLocale() === 'ar' ? '، ' : ', '
  return (
    <address className="text-sm not-italic leading-6">
      <span className="block">
        {address.street}
        {comma}
        {m.order_building({ number: address.building })}
      </span>
      <span className="block">
        {address.district}
        {comma}
        {city} <bdi dir="ltr">{address.postalCode}</bdi>
        {address.additionalNumber && (
          <>
            {' - '}
            <bdi dir="ltr">{address.additionalNumber}</bdi>
          </>
        )}
      </span>
      {address.shortAddress && (
        <span className="block">
          <bdi dir="ltr">{address.shortAddress}</bdi>
        </span>
      )}
      {address.note && <span className="block text-muted">{address.note}</span>}
    </address>
  )
}
