/** An order with its status timeline (docs/product.md, "Accounts"): the account's order page and the guest lookup. */
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { appConfig } from '../../../app.config'
import { formatAmount } from '../../domain/money'
import { formatDisplayDate, riyadhDateString } from '../../domain/dates'
import type { InvoiceHistoryState } from '../../domain/invoice'
import type { OrderDetail } from '../../domain/order'
import { effectiveRegion } from '../../domain/region'
import { isolated } from '../../lib/bidi'
import { cityName } from '../../lib/city-search'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { useReactivateOrder } from '../../queries/checkout'
import { returnReasonText } from '../return-reasons'
import { returnNoteMaxLength, returnReasons, returnable, type ReturnReason } from '../../domain/returns'
import { useCancelOrder, useReturnOrder } from '../../queries/orders'
import { failureMessage } from '../../queries/server-action'
import { OrderParts, orderDateLine } from '../checkout/OrderConfirmation'
import { OrderTimeline } from './OrderTimeline'
import { useFrameData } from '../frame/frame-data'

export function OrderPage({ order, reorder = true }: { order: OrderDetail; reorder?: boolean }) {
  const locale = currentLocale()
  const regions = useFrameData()?.regions
  const navigate = useNavigate()
  const again = useReactivateOrder()
  const [failure, setFailure] = useState<string | null>(null)
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-8" aria-labelledby="order-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="order-heading" className="text-2xl font-bold">
            {m.order_page_title({ number: isolated(order.increment_id) })}
          </h1>
          <p className="text-sm text-muted">{m.order_placed_on({ date: formatDisplayDate(riyadhDateString(new Date(order.created_at)), locale) })}</p>
          {/* The promised date only while it is ahead: a delivered order's timeline says when it came. */}
          {order.delivery_date && order.status === 'processing' && <p className="mt-1 font-semibold text-brand">{orderDateLine(order, locale)}</p>}
        </div>
        {reorder && (
          <button
            type="button"
            disabled={again.isPending}
            onClick={async () => {
              const result = await again.mutateAsync(order.increment_id)
              if (!result.data) return setFailure(failureMessage(result, m.error_internal))
              void navigate({ to: '/cart' })
            }}
            className="rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-ink disabled:opacity-60"
          >
            {m.order_reorder()}
          </button>
        )}
        <InvoiceLink order={order} guest={!reorder} />
      </div>
      {reorder && <CancelOrder order={order} />}
      {/* Asking is the signed-in buyer's; where a return stands is shown to whoever finds the order. */}
      {(reorder || order.return_request) && <ReturnOrder order={order} />}
      {failure && (
        <p role="alert" className="rounded-lg bg-[#fde8eb] px-3 py-2 text-sm text-sale">
          {failure}
        </p>
      )}
      <OrderTimeline order={order} />
      <OrderRefunds order={order} guest={!reorder} />
      <OrderParts order={order} cityLabel={(id) => cityName(regions, effectiveRegion(id)) ?? ''} />
      {reorder && (
        <p className="text-center">
          <Link to="/user/profile" className="font-semibold text-brand underline-offset-2 hover:underline">
            {m.profile_orders()}
          </Link>
        </p>
      )}
    </section>
  )
}

/**
 * The money given back to the buyer, each refund with its day and, for an invoiced order, its credit note (docs/product.md,
 * "Returns and refunds"), opened on the invoice page as the invoice is.
 */
function OrderRefunds({ order, guest }: { order: OrderDetail; guest: boolean }) {
  const locale = currentLocale()
  if (order.refunds.length === 0) return null
  return (
    <section aria-labelledby="refunds-heading" className="rounded-2xl bg-white p-4">
      <h2 id="refunds-heading" className="mb-2 font-bold">
        {m.order_refunds_heading()}
      </h2>
      <ul className="space-y-1 text-sm">
        {order.refunds.map((refund) => (
          <li key={refund.at} className="flex flex-wrap items-baseline gap-x-3">
            {m.order_refund_line({
              amount: formatAmount(refund.amount, appConfig.money.totalDecimals),
              date: formatDisplayDate(riyadhDateString(new Date(refund.at)), locale),
            })}
            {refund.credit_note && (
              <Link
                to="/invoice"
                search={{ order: order.increment_id, note: refund.credit_note } as never}
                state={(previous) => ({ ...previous, ...invoiceState(order, guest) })}
                className="font-semibold text-brand underline-offset-2 hover:underline"
              >
                {m.order_refund_credit_note({ note: refund.credit_note })}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A guest's mobile rides along in the history entry, so the invoice page need not ask for it again. */
const invoiceState = (order: OrderDetail, guest: boolean): InvoiceHistoryState =>
  guest && order.contact ? { invoiceMobile: order.contact.mobile } : {}

/**
 * The order's simplified tax invoice, once it has one: paid, or delivered (docs/decisions/0016-zatca-invoices.md).
 */
function InvoiceLink({ order, guest }: { order: OrderDetail; guest: boolean }) {
  if (order.status === 'canceled' || !order.timeline.some((event) => event.status === 'paid' || event.status === 'delivered')) return null
  return (
    <Link
      to="/invoice"
      search={{ order: order.increment_id } as never}
      state={(previous) => ({ ...previous, ...invoiceState(order, guest) })}
      className="rounded-full border border-brand px-5 py-2.5 font-semibold text-brand"
    >
      {m.order_invoice()}
    </Link>
  )
}

/**
 * Cancelling before the order ships (docs/decisions/0014): asked once more, then done; the timeline shows the
 * cancellation and, when money went back, the refund.
 */
function CancelOrder({ order }: { order: OrderDetail }) {
  const cancel = useCancelOrder()
  const [asking, setAsking] = useState(false)
  const onItsWay = order.timeline.some((event) => event.status === 'shipped' || event.status === 'delivered')
  if (order.status === 'canceled') {
    const refunded = order.timeline.some((event) => event.status === 'refunded')
    return (
      <p role="status" className="rounded-lg bg-brand-soft px-3 py-2 text-sm font-medium">
        {refunded ? m.order_cancelled_refunded_notice() : m.order_cancelled_notice()}
      </p>
    )
  }
  if (order.status !== 'processing' || onItsWay) return null
  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)} className="font-semibold text-sale underline-offset-2 hover:underline">
        {m.order_cancel()}
      </button>
    )
  }
  return (
    <div role="group" aria-label={m.order_cancel()} className="space-y-3 rounded-2xl border border-line bg-white p-4">
      <p>{m.order_cancel_question()}</p>
      {cancel.failure && (
        <p role="alert" className="text-sm font-medium text-sale">
          {cancel.failure}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(order.increment_id)}
          className="rounded-full bg-sale px-5 py-2.5 font-semibold text-white disabled:opacity-60"
        >
          {m.order_cancel_yes()}
        </button>
        <button type="button" onClick={() => setAsking(false)} className="rounded-full border border-line px-5 py-2.5 font-semibold">
          {m.order_cancel_keep()}
        </button>
      </div>
    </div>
  )
}

const reasonLabel = returnReasonText

/**
 * Asking to return a delivered order within the terms' days (docs/product.md, "Fulfilment"): a reason, an optional
 * note, once; the timeline then shows the request and the operator calls to collect it.
 */
function ReturnOrder({ order }: { order: OrderDetail }) {
  const send = useReturnOrder()
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState<ReturnReason | null>(null)
  const [note, setNote] = useState('')
  if (order.return_request) {
    const request = order.return_request
    const notice = {
      requested: () => m.order_return_requested_notice(),
      accepted: () => m.order_return_accepted_notice(),
      refused: () => m.order_return_refused_notice({ reason: request.answer }),
      received: () => m.order_return_received_notice(),
    }[request.status]
    return (
      <p role="status" className="rounded-lg bg-brand-soft px-3 py-2 text-sm font-medium">
        {notice()}
      </p>
    )
  }
  if (!returnable(order, new Date())) return null
  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)} className="font-semibold text-brand underline-offset-2 hover:underline">
        {m.order_return()}
      </button>
    )
  }
  return (
    <form
      aria-label={m.order_return()}
      className="space-y-3 rounded-2xl border border-line bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (reason) send.mutate({ increment: order.increment_id, reason, note: note.trim() })
      }}
    >
      <fieldset className="space-y-2">
        <legend className="mb-1">{m.order_return_question()}</legend>
        {returnReasons.map((code) => (
          <label key={code} className="flex items-center gap-2">
            <input type="radio" name="reason" value={code} required checked={reason === code} onChange={() => setReason(code)} />
            {reasonLabel[code]()}
          </label>
        ))}
      </fieldset>
      <label className="block">
        <span className="mb-1 block text-sm font-medium">{m.order_return_note()}</span>
        <textarea
          value={note}
          maxLength={returnNoteMaxLength}
          rows={2}
          onChange={(event) => setNote(event.target.value)}
          className="w-full rounded-lg border border-line px-3 py-2"
        />
      </label>
      {send.failure && (
        <p role="alert" className="text-sm font-medium text-sale">
          {send.failure}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={send.isPending}
          className="rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-ink disabled:opacity-60"
        >
          {m.order_return_send()}
        </button>
        <button type="button" onClick={() => setAsking(false)} className="rounded-full border border-line px-5 py-2.5 font-semibold">
          {m.order_return_keep()}
        </button>
      </div>
    </form>
  )
}
