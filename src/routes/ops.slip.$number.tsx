/**
 * An order's packing slip (docs/product.md, "The merchant console"): printed in the order's language whatever the
 * console's, since it travels in the parcel to the buyer. The lines with a box to tick, where it goes (or that it is
 * collected), and what the courier collects in cash. The console's own frame stays off the paper.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { Locale } from '../../app.config'
import { appConfig } from '../../app.config'
import { BuyerPhone, OrderAddress } from '../components/ops/OrderAddress'
import { OrderQueryState } from '../components/ops/OrderQueryState'
import { Price } from '../components/Price'
import type { AddressFields } from '../domain/checkout'
import { formatRiyadhTime } from '../domain/dates'
import { isolated } from '../lib/bidi'
import { m } from '../paraglide/messages.js'
import { opsQueries } from '../queries/ops'

export const Route = createFileRoute('/ops/slip/$number')({
  component: PackingSlip,
})

function PackingSlip() {
  const { number } = Route.useParams()
  const order = useQuery(opsQueries.order(number))
  if (!order.data) return <OrderQueryState query={order} />
  const o = order.data.order
  const locale: Locale = o.locale === 'en' ? 'en' : 'ar'
  const t = { locale }
  const address = o.shipping_address ? (JSON.parse(o.shipping_address) as AddressFields) : null
  return (
    <article
      lang={locale}
      dir={locale === 'ar' ? 'rtl' : 'ltr'}
      aria-labelledby="slip-title"
      className="mx-auto max-w-2xl rounded-2xl bg-white p-6 print:p-0"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 id="slip-title" className="text-2xl font-bold">
            {m.slip_title({}, t)}
          </h1>
          <p className="mt-1 text-sm">{m.slip_order({ number: isolated(o.increment_id), date: formatRiyadhTime(o.created_at, locale) }, t)}</p>
        </div>
        <button
          type="button"
          onClick={() => window.print()}
          className="rounded-full bg-brand px-4 py-2 text-sm font-semibold text-brand-ink print:hidden"
        >
          {m.slip_print({}, t)}
        </button>
      </div>
      <section className="mt-4 rounded-xl border border-line p-3 text-sm">
        <h2 className="font-bold">{o.shipping_method === 'pickup' ? m.slip_pickup({}, t) : m.slip_deliver_to({}, t)}</h2>
        {o.phone === null ? (
          <p className="mt-1">{m.ops_contacts_removed({}, t)}</p>
        ) : (
          <>
            <p className="mt-1">{o.customer_name}</p>
            <p className="text-start">
              <BuyerPhone phone={o.phone} link={false} />
            </p>
          </>
        )}
        {address && (
          <p>
            <OrderAddress address={address} locale={locale} />
          </p>
        )}
      </section>
      <table className="mt-4 w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-line text-start">
            <th className="py-2 text-start">{m.slip_item({}, t)}</th>
            <th className="py-2 text-center">{m.slip_qty({}, t)}</th>
            <th className="py-2 text-center">{m.slip_packed({}, t)}</th>
          </tr>
        </thead>
        <tbody>
          {o.items.map((item) => (
            <tr key={item.sku} className="border-b border-line">
              <td className="py-2">
                {item.name}
                <bdi dir="ltr" className="block text-xs text-muted">
                  {item.sku}
                </bdi>
              </td>
              <td className="py-2 text-center font-bold">{item.qty}</td>
              <td className="py-2 text-center">
                <span aria-hidden="true" className="inline-block size-5 rounded border-2 border-ink" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-4 rounded-xl bg-surface p-3 font-bold">
        {o.payment_method === 'cashondelivery' ? <CollectCash amount={o.grand_total} locale={locale} /> : m.slip_paid({}, t)}
      </p>
      <p className="mt-6 text-center text-sm text-muted">{m.slip_thanks({}, t)}</p>
    </article>
  )
}

/** "Collect {amount} in cash", the amount drawn as every price is (the riyal sign) inside the sentence. */
function CollectCash({ amount, locale }: { amount: number; locale: Locale }) {
  const [before, after] = m.slip_collect_cash({ amount: '\u0000' }, { locale }).split('\u0000')
  return (
    <>
      {before}
      <Price amount={amount} decimals={appConfig.money.totalDecimals} />
      {after}
    </>
  )
}
