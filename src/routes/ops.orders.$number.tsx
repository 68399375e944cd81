/**
 * One order in the console (docs/product.md, "The merchant console"): the buyer, the lines and totals, the timeline
 * with who took each step, the parcel, the return and the money (src/components/ops/OrderMoney.tsx), the messages sent, and the next steps as buttons (shipping asks for the courier
 * and the tracking number). A step someone else already took says who and when, and changes nothing.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { appConfig } from '../../app.config'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { courierText, eventOfStep, eventText, methodText, opsErrorText, statusText, stepText } from '../components/ops/ops-text'
import { OrderMessages, OrderMoney, ReturnPanel } from '../components/ops/OrderMoney'
import { OrderQueryState } from '../components/ops/OrderQueryState'
import { Price } from '../components/Price'
import type { AddressFields } from '../domain/checkout'
import { formatRiyadhTime } from '../domain/dates'
import { courierCodes, trackingNumber, type Courier, type FulfilmentStep } from '../domain/fulfilment'
import type { PaymentCode } from '../domain/order'
import type { Permission } from '../domain/staff'
import { currentLocale } from '../lib/i18n'
import { submittedFields } from '../lib/form-fields'
import { m } from '../paraglide/messages.js'
import { opsQueries, useOrderStep, type Me, type OpsOrderDetail } from '../queries/ops'
import { BuyerPhone, OrderAddress } from '../components/ops/OrderAddress'
import { UnverifiedAddressBadge } from '../components/ops/UnverifiedAddressBadge'

export const Route = createFileRoute('/ops/orders/$number')({
  component: OrderPage,
})

/** The steps the order can take next, as its timeline says (worker/commerce/fulfilment.ts decides; this only offers). */
function offeredSteps(order: OpsOrderDetail['order']): FulfilmentStep[] {
  if (order.status !== 'processing') return []
  const has = (status: string) => order.events.some((event) => event.status === status)
  const pickup = order.shipping_method === 'pickup'
  if (has('shipped') || has('ready_for_pickup')) return ['deliver']
  const steps: FulfilmentStep[] = []
  if (order.payment_method === 'cashondelivery' && !has('confirmed')) steps.push('confirm')
  else {
    if (!has('preparing')) steps.push('prepare')
    steps.push(pickup ? 'ready' : 'ship')
  }
  return [...steps, 'cancel']
}

function OrderPage() {
  const { number } = Route.useParams()
  const locale = currentLocale()
  const order = useQuery(opsQueries.order(number))
  const me = useQuery(opsQueries.me()).data
  if (!order.data) return <OrderQueryState query={order} />
  const o = order.data.order
  const may = (permission: Permission) => me?.permissions.includes(permission) ?? false
  const address = o.shipping_address ? (JSON.parse(o.shipping_address) as AddressFields) : null
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap justify-between gap-2">
        <Link to="/ops" className="text-sm font-semibold text-brand">
          {m.ops_back_to_orders()}
        </Link>
        <Link to="/ops/slip/$number" params={{ number }} className="text-sm font-semibold text-brand">
          {m.ops_slip_link()}
        </Link>
      </div>
      <h1 className="text-2xl font-bold">
        {m.ops_order_title({ number: o.increment_id })} <span className="text-base font-semibold text-muted">{statusText(o.status)}</span>
      </h1>
      {me && <Steps order={o} me={me} />}
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="buyer" className="rounded-2xl bg-white p-4">
          <h2 id="buyer" className="mb-2 font-bold">
            {m.ops_buyer()}
          </h2>
          {o.phone === null ? (
            <p className="text-sm text-muted">{m.ops_contacts_removed()}</p>
          ) : (
            <>
              <p>{o.customer_name}</p>
              <p>
                <BuyerPhone phone={o.phone} link />
              </p>
              <p dir="ltr" className="text-start">
                {o.email}
              </p>
            </>
          )}
          <p className="mt-2 text-sm text-muted">
            {methodText[o.payment_method as PaymentCode]?.() ?? o.payment_method} · {formatRiyadhTime(o.created_at, locale)}
          </p>
          {address ? (
            <p className="mt-2 text-sm">
              <OrderAddress address={address} locale={locale} />
              <UnverifiedAddressBadge address={address} />
            </p>
          ) : (
            o.shipping_method === 'pickup' && <p className="mt-2 text-sm">{m.ops_pickup_order()}</p>
          )}
        </section>
        <section aria-labelledby="timeline" className="rounded-2xl bg-white p-4">
          <h2 id="timeline" className="mb-2 font-bold">
            {m.ops_timeline()}
          </h2>
          <ol className="space-y-1 text-sm">
            {o.events.map((event) => (
              <li key={event.status}>
                <span className="font-semibold">{eventText(event.status)}</span> · {formatRiyadhTime(event.at, locale)}
                {event.actor && <span className="text-muted"> · {m.ops_by({ name: event.actor })}</span>}
              </li>
            ))}
          </ol>
          {o.shipment && (
            <p className="mt-2 text-sm">
              {courierText[o.shipment.courier as Courier]?.() ?? o.shipment.courier} · <bdi dir="ltr">{o.shipment.tracking_number}</bdi>
            </p>
          )}
        </section>
      </div>
      <section aria-labelledby="lines" className="rounded-2xl bg-white p-4">
        <h2 id="lines" className="mb-2 font-bold">
          {m.ops_lines()}
        </h2>
        <ul className="divide-y divide-line">
          {o.items.map((item) => (
            <li key={item.sku} className="flex justify-between gap-4 py-2 text-sm">
              <span>
                {item.qty} × {item.name}{' '}
                <bdi dir="ltr" className="text-muted">
                  {item.sku}
                </bdi>
              </span>
              <Price amount={item.row_total} decimals={appConfig.money.totalDecimals} />
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-1 text-sm">
          <dt>{m.ops_delivery_fee()}</dt>
          <dd>
            <Price amount={o.delivery} decimals={appConfig.money.totalDecimals} />
          </dd>
          {o.discount !== 0 && (
            <>
              <dt>{m.ops_discount()}</dt>
              <dd>
                <Price amount={Math.abs(o.discount)} decimals={appConfig.money.totalDecimals} negative />
              </dd>
            </>
          )}
          <dt className="font-bold">{m.ops_total()}</dt>
          <dd className="font-bold">
            <Price amount={o.grand_total} decimals={appConfig.money.totalDecimals} />
          </dd>
        </dl>
      </section>
      <ReturnPanel detail={order.data} mayHandle={may('orders.refund')} />
      <OrderMoney detail={order.data} mayRefund={may('orders.refund')} />
      <OrderMessages detail={order.data} mayResend={may('orders.resend')} />
    </div>
  )
}

/** The next steps as buttons, only those the staff member's role may take; shipping opens its parcel form. */
function Steps({ order, me }: { order: OpsOrderDetail['order']; me: Me }) {
  const step = useOrderStep(order.increment_id)
  const queryClient = useQueryClient()
  const locale = currentLocale()
  const [shipping, setShipping] = useState(false)
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null)
  const allowed = (s: FulfilmentStep) => me.permissions.includes(s === 'cancel' ? 'orders.cancel' : 'orders.fulfil')
  const steps = offeredSteps(order).filter(allowed)
  const take = (s: FulfilmentStep, parcel?: { courier: Courier; tracking_number: string }) =>
    step.mutate(
      { step: s, parcel },
      {
        onSuccess: (result) => void tell(s, result.outcome),
        onError: (error) => setSaid({ text: opsErrorText(error), problem: true }),
      },
    )
  /** What the staff member is told after a step: done, or who took it first and when (the timeline read again). */
  const tell = async (s: FulfilmentStep, outcome: 'done' | 'already') => {
    setShipping(false)
    if (outcome === 'done') return setSaid({ text: m.ops_step_done({ step: stepText[s]() }), problem: false })
    // Someone took it first: who and when, from the timeline read again.
    const fresh = await queryClient.fetchQuery({ ...opsQueries.order(order.increment_id), staleTime: 0 })
    const event = fresh.order.events.find((e) => e.status === eventOfStep[s])
    setSaid({
      text: m.ops_step_already({
        step: stepText[s](),
        name: event?.actor ?? m.ops_someone(),
        time: event ? formatRiyadhTime(event.at, locale) : '',
      }),
      problem: true,
    })
  }
  const ship = (event: FormEvent<HTMLFormElement>) => {
    const field = submittedFields(event)
    const courier = field('courier') as Courier
    const tracking = field('tracking').trim()
    if (!trackingNumber.test(tracking)) return setSaid({ text: m.ops_tracking_invalid(), problem: true })
    take('ship', { courier, tracking_number: tracking })
  }
  if (steps.length === 0 && !said) return null
  return (
    <section aria-label={m.ops_next_steps()} className="space-y-3 rounded-2xl bg-white p-4">
      <div className="flex flex-wrap gap-2">
        {steps.map((s) => (
          <button
            key={s}
            type="button"
            disabled={step.isPending}
            onClick={() => (s === 'ship' ? setShipping(true) : take(s))}
            className={
              s === 'cancel'
                ? 'h-11 rounded-full border border-sale px-5 font-semibold text-sale disabled:opacity-60'
                : 'h-11 rounded-full bg-brand px-5 font-semibold text-brand-ink disabled:opacity-60'
            }
          >
            {stepText[s]()}
          </button>
        ))}
      </div>
      {shipping && (
        <form onSubmit={ship} noValidate aria-label={m.ops_step_ship()} className="grid gap-3 md:grid-cols-3">
          <label>
            <span className="mb-1 block text-sm font-medium">{m.ops_courier()}</span>
            <select name="courier" className="h-11 w-full rounded-lg border border-line bg-white px-2">
              {courierCodes.map((code) => (
                <option key={code} value={code}>
                  {courierText[code]()}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="mb-1 block text-sm font-medium">{m.ops_tracking()}</span>
            <input name="tracking" dir="ltr" inputMode="text" autoComplete="off" className="h-11 w-full rounded-lg border border-line px-3" />
          </label>
          <button type="submit" disabled={step.isPending} className="h-11 self-end rounded-full bg-brand px-5 font-semibold text-brand-ink">
            {m.ops_ship_now()}
          </button>
        </form>
      )}
      {said && (
        <p role={said.problem ? 'alert' : 'status'} className={said.problem ? 'font-medium text-sale' : 'font-medium text-brand'}>
          {said.text}
        </p>
      )}
    </section>
  )
}
