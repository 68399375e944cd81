/**
 * One of the customer's orders (docs/product.md, "Accounts"): its status timeline, delivery date, address, payment,
 * lines and money, and "Order again", which puts its items back into the active cart through /cart/active.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { OrderPage } from '../components/account/OrderPage'
import { NotFound } from '../components/NotFound'
import { currentLocale } from '../lib/i18n'
import { m } from '../paraglide/messages.js'
import { orderQueries } from '../queries/orders'
import { useLoadingInBrowser } from '../state/hydrated'

export const Route = createFileRoute('/user/orders/$increment')({
  head: ({ params }) => ({
    meta: [{ title: `${m.order_page_title({ number: params.increment })} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }],
  }),
  component: AccountOrder,
})

function AccountOrder() {
  const locale = currentLocale()
  const { increment } = Route.useParams()
  const query = useQuery({ ...orderQueries.one(locale, increment), enabled: typeof window !== 'undefined' && /^MJ\d{8,20}$/.test(increment) })
  const loading = useLoadingInBrowser(query.isPending && query.fetchStatus !== 'idle')
  const order = query.data?.data ?? null
  if (loading) return <p className="py-16 text-center text-muted">{m.cart_loading()}</p>
  if (!order) return <NotFound />
  return <OrderPage order={order} />
}
