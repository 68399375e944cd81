/** An order's status as steps (docs/product.md, "Accounts"): reached ones ticked with their date, the rest ahead. */
import type { Shipment } from '../../domain/fulfilment'
import type { OrderDetail } from '../../domain/order'
import { isolated } from '../../lib/bidi'
import { formatDisplayDate, riyadhDateString } from '../../domain/dates'
import { currentLocale } from '../../lib/i18n'
import { orderTimeline, type TimelineStep } from '../../lib/order-timeline'
import { m } from '../../paraglide/messages.js'
import { Icon } from '../ui/Icon'

const stepLabel: Record<TimelineStep, () => string> = {
  placed: m.order_step_placed,
  paid: m.order_step_paid,
  confirmed: m.order_step_confirmed,
  preparing: m.order_step_preparing,
  shipped: m.order_step_shipped,
  ready_for_pickup: m.order_step_ready_for_pickup,
  delivered: m.order_step_delivered,
  collected: m.order_step_collected,
  return_requested: m.order_step_return_requested,
  return_accepted: m.order_step_return_accepted,
  return_refused: m.order_step_return_refused,
  return_received: m.order_step_return_received,
  canceled: m.order_step_canceled,
  refunded: m.order_step_refunded,
}

export function OrderTimeline({ order }: { order: OrderDetail }) {
  const locale = currentLocale()
  return (
    <section aria-labelledby="timeline-heading" className="rounded-2xl bg-white p-5">
      <h2 id="timeline-heading" className="mb-3 font-bold">
        {m.order_timeline()}
      </h2>
      <ol className="space-y-3">
        {orderTimeline(order).map(({ step, at }) => (
          <li key={step} className={`flex items-center gap-3 ${at ? '' : 'text-muted'}`}>
            <span
              className={`flex size-7 shrink-0 items-center justify-center rounded-full ${at ? (step === 'canceled' ? 'bg-sale text-white' : 'bg-[#00683a] text-white') : 'border border-line'}`}
            >
              {at && <Icon name={step === 'canceled' ? 'circle-alert' : 'circle-check'} className="size-4" />}
            </span>
            <span className="flex-1">
              <span className="block font-medium">{stepLabel[step]()}</span>
              {step === 'shipped' && at && order.shipment && <ShipmentLine shipment={order.shipment} />}
            </span>
            {at && (
              <time dateTime={at} className="text-sm">
                {formatDisplayDate(riyadhDateString(new Date(at)), locale)}
              </time>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}

/** The parcel under "Shipped": its courier and number, and where to follow it when the courier has a page. */
function ShipmentLine({ shipment }: { shipment: Shipment }) {
  return (
    <span className="block text-sm text-muted">
      {m.order_shipment_with({ courier: shipment.courier_name, tracking: isolated(shipment.tracking_number) })}
      {shipment.tracking_url && (
        <>
          {' · '}
          <a
            href={shipment.tracking_url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand underline-offset-2 hover:underline"
          >
            {m.order_track_parcel()}
          </a>
        </>
      )}
    </span>
  )
}
