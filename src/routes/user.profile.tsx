/**
 * The customer dashboard (/user/profile), from the user menu (docs/product.md, "Accounts"): their details, their
 * orders (number, date, status, total, each opening its page) and their saved addresses. A guest is pointed to the
 * order lookup; `?order=MJ...` opens that order, for a customer its page and for a guest the lookup with it filled in.
 */
import { useQuery } from '@tanstack/react-query'
import { appConfig } from '../../app.config'
import { createFileRoute, Link, useSearch } from '@tanstack/react-router'
import { AddressBook } from '../components/account/AddressBook'
import { MessageChannel } from '../components/account/MessageChannel'
import { OrderPage } from '../components/account/OrderPage'
import { ProfileDetails } from '../components/account/ProfileDetails'
import { StockAlerts } from '../components/account/StockAlerts'
import { TrackOrder } from '../components/account/TrackOrder'
import { Price } from '../components/Price'
import { formatDisplayDate, riyadhDateString } from '../domain/dates'
import { orderNumber, type OrderSummary } from '../domain/order'
import { currentLocale } from '../lib/i18n'
import { m } from '../paraglide/messages.js'
import { orderQueries } from '../queries/orders'
import { sessionQueries } from '../queries/session'
import { useLoadingInBrowser } from '../state/hydrated'
import { usePageHydrated } from '../lib/early-tap'

const statusLabel: Record<OrderSummary['status'], () => string> = {
  processing: m.order_status_processing,
  pending_payment: m.order_status_pending_payment,
  complete: m.order_status_complete,
  canceled: m.order_status_canceled,
}

export const Route = createFileRoute('/user/profile')({
  head: () => ({ meta: [{ title: `${m.profile_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }] }),
  component: Profile,
})

function Profile() {
  usePageHydrated()
  const { data: session, isPending } = useQuery(sessionQueries.current())
  // ?order=MJ... opens one of the customer's orders: one route for the whole account, and the search read here rather
  // than in a validateSearch, keep every page's first load (which holds the route table) small.
  const order = orderNumberIn((useSearch({ strict: false }) as { order?: unknown }).order)
  if (useLoadingInBrowser(isPending)) return <p className="py-16 text-center text-muted">{m.auth_working()}</p>
  // Not signed in: the guest order lookup, with the order's number filled in when the link named one.
  if (!session) return <TrackOrder increment={order} />
  if (order) return <AccountOrder increment={order} />
  const { user } = session
  return (
    <section className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">{m.user_greeting({ name: user.firstname })}</h1>
      {user.telesales && <p className="mt-2 w-fit rounded bg-accent px-2 py-0.5 text-xs font-bold text-accent-ink">{m.user_telesales()}</p>}
      <ProfileDetails user={user} />
      <MessageChannel />
      <OrderList />
      <AddressBook />
      <StockAlerts />
      <Link to="/user/data" className="block text-sm font-semibold text-brand">
        {m.mydata_link()}
      </Link>
    </section>
  )
}

function OrderList() {
  const locale = currentLocale()
  const orders = useQuery(orderQueries.mine(locale)).data?.data?.orders ?? []
  return (
    <section aria-labelledby="orders-heading" className="rounded-2xl bg-white p-5">
      <h2 id="orders-heading" className="mb-3 text-lg font-bold">
        {m.profile_orders()}
      </h2>
      {orders.length === 0 ? (
        <p className="text-sm text-muted">{m.profile_orders_empty()}</p>
      ) : (
        <ul className="divide-y divide-line">
          {orders.map((order) => (
            <li key={order.order_id}>
              <Link
                to="/user/profile"
                search={{ order: order.increment_id } as never}
                className="flex flex-wrap items-center justify-between gap-2 py-3 hover:text-brand"
              >
                <span>
                  <bdi dir="ltr" className="block font-semibold">
                    {order.increment_id}
                  </bdi>
                  <span className="text-sm text-muted">
                    {formatDisplayDate(riyadhDateString(new Date(order.created_at)), locale)} · {m.cart_items_count({ count: order.items_qty })}
                  </span>
                </span>
                <span className="text-end">
                  <span
                    className={`block text-sm font-semibold ${order.status === 'canceled' ? 'text-sale' : order.status === 'processing' || order.status === 'complete' ? 'text-[#00683a]' : ''}`}
                  >
                    {statusLabel[order.status]()}
                  </span>
                  <Price amount={order.grand_total} decimals={appConfig.money.totalDecimals} className="text-sm" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * One of the customer's orders, answered only to them. A number not in the account (an order placed as a guest
 * before signing in, from its email or confirmation) is offered the guest lookup, filled in, rather than a dead end.
 */
function AccountOrder({ increment }: { increment: string }) {
  const query = useQuery(orderQueries.one(currentLocale(), increment))
  const order = query.data?.data ?? null
  if (useLoadingInBrowser(query.isPending)) return <p className="py-16 text-center text-muted">{m.cart_loading()}</p>
  return order ? <OrderPage order={order} /> : <TrackOrder increment={increment} />
}

const orderNumberIn = (value: unknown) => (typeof value === 'string' && orderNumber.test(value) ? value : null)
