/**
 * An order's money and return in the console (docs/product.md, "Returns and refunds"): the payment (provider,
 * reference, captured, given back), each refund with who made it and a "try again" for one the provider refused, the
 * form that gives money back (whole, by line, or an amount), and the buyer's return with its next step. The worker
 * decides everything (worker/commerce/refunds.ts, returns.ts); these screens only offer what the role may do.
 */
import { useState, type FormEvent } from 'react'
import { appConfig } from '../../../app.config'
import { formatRiyadhTime } from '../../domain/dates'
import { refundReasonMaxLength, unitsValue, unitsLeft, type RefundMethod } from '../../domain/refunds'
import type { ReturnReason } from '../../domain/returns'
import { currentLocale } from '../../lib/i18n'
import { submittedFields } from '../../lib/form-fields'
import { m } from '../../paraglide/messages.js'
import { OpsError, useRefund, useRefundRetry, useResendMessage, useReturnStep, type OpsOrderDetail, type OpsRefund } from '../../queries/ops'
import { Price } from '../Price'
import { returnReasonText } from '../return-reasons'
import { eventText, opsErrorText } from './ops-text'

const decimals = appConfig.money.totalDecimals
const sar = (halalas: number) => halalas / 100

const methodText: Record<RefundMethod, () => string> = {
  provider: m.ops_refund_method_provider,
  bank_transfer: m.ops_refund_method_bank_transfer,
  showroom: m.ops_refund_method_showroom,
}
const refundStatusText: Record<OpsRefund['status'], () => string> = {
  pending: m.ops_refund_status_pending,
  done: m.ops_refund_status_done,
  failed: m.ops_refund_status_failed,
}
const refusalText: Record<string, () => string> = {
  nothing_paid: m.ops_refund_refused_nothing_paid,
  wrong_method: m.ops_refund_refused_wrong_method,
  nothing_left: m.ops_refund_refused_nothing_left,
  too_much: m.ops_refund_refused_too_much,
  busy: m.ops_refund_refused_busy,
  unknown_line: m.ops_refund_refused_too_much,
  not_accepted: m.ops_return_refused_not_accepted,
  too_many: m.ops_return_refused_too_many,
  resend_limit: m.ops_message_resend_limit,
}

/** A refusal in the staff member's words: the worker's reason where it gives one. */
function refusal(error: unknown): string {
  const reason = error instanceof OpsError && error.status === 409 ? error.issues[0] : undefined
  return (reason && refusalText[reason]?.()) ?? opsErrorText(error)
}

type Said = { text: string; problem: boolean } | null

function Said({ said }: { said: Said }) {
  if (!said) return null
  return (
    <p role={said.problem ? 'alert' : 'status'} className={said.problem ? 'font-medium text-sale' : 'font-medium text-brand'}>
      {said.text}
    </p>
  )
}

/** The payment and its refunds, and (for `orders.refund`) the refund form. */
export function OrderMoney({ detail, mayRefund }: { detail: OpsOrderDetail; mayRefund: boolean }) {
  const locale = currentLocale()
  const { order, payment, refunds } = detail
  const retry = useRefundRetry()
  const [said, setSaid] = useState<Said>(null)
  const again = (id: number) =>
    retry.mutate(id, {
      onSuccess: (result) =>
        setSaid(
          result.outcome === 'failed' || result.outcome === 'pending'
            ? { text: result.outcome === 'failed' ? m.ops_refund_failed() : m.ops_refund_unanswered(), problem: true }
            : { text: m.ops_refund_sent(), problem: false },
        ),
      onError: (error) => setSaid({ text: refusal(error), problem: true }),
    })
  return (
    <section aria-labelledby="money" className="space-y-3 rounded-2xl bg-white p-4">
      <h2 id="money" className="font-bold">
        {m.ops_payment()}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {payment.provider && (
          <>
            <dt className="text-muted">{m.ops_payment_provider()}</dt>
            <dd>
              {payment.provider} · <bdi dir="ltr">{payment.payment_id ?? payment.checkout_id}</bdi>
            </dd>
          </>
        )}
        <dt className="text-muted">{m.ops_payment_captured()}</dt>
        <dd>
          <Price amount={sar(payment.captured_halalas)} decimals={decimals} />
        </dd>
        <dt className="text-muted">{m.ops_payment_refunded()}</dt>
        <dd>
          <Price amount={sar(payment.refunded_halalas)} decimals={decimals} />
        </dd>
      </dl>
      {refunds.length > 0 && (
        <ul aria-label={m.ops_refunds()} className="divide-y divide-line text-sm">
          {refunds.map((refund) => (
            <li key={refund.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <Price amount={sar(refund.amount)} decimals={decimals} className="font-semibold" /> · {methodText[refund.method]()} ·{' '}
                <span className={refund.status === 'failed' ? 'font-semibold text-sale' : ''}>{refundStatusText[refund.status]()}</span>
                <span className="block text-muted">
                  <bdi>{refund.reason}</bdi> · {formatRiyadhTime(refund.created_at, locale)}
                  {refund.actor && ` · ${m.ops_by({ name: refund.actor })}`}
                </span>
              </span>
              {mayRefund && refund.status === 'failed' && (
                <button
                  type="button"
                  disabled={retry.isPending}
                  onClick={() => again(refund.id)}
                  className="h-11 rounded-full border border-brand px-4 font-semibold text-brand disabled:opacity-60"
                >
                  {m.ops_refund_retry()}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {detail.credit_notes.length > 0 && (
        <ul aria-label={m.ops_credit_notes()} className="space-y-1 text-sm">
          {detail.credit_notes.map((note) => (
            <li key={note.number}>
              <span className="font-semibold">{m.ops_credit_note({ number: note.number })}</span> ·{' '}
              <Price amount={sar(note.amount)} decimals={decimals} /> · <bdi>{note.reason}</bdi> · {formatRiyadhTime(note.issued_at, locale)}
            </li>
          ))}
        </ul>
      )}
      <Said said={said} />
      {mayRefund && <RefundForm detail={detail} key={order.increment_id} />}
    </section>
  )
}

/** Gives money back: whole, by line (its worth shown), or an amount; one key per form, so a double click refunds once. */
function RefundForm({ detail }: { detail: OpsOrderDetail }) {
  const { order, payment, refunds } = detail
  const refund = useRefund(order.increment_id)
  const [key, setKey] = useState(() => crypto.randomUUID())
  const [kind, setKind] = useState<'whole' | 'lines' | 'amount'>('lines')
  const [units, setUnits] = useState<Record<string, number>>({})
  const [delivery, setDelivery] = useState(false)
  const [said, setSaid] = useState<Said>(null)
  const held = refunds.filter((r) => r.status !== 'failed')
  const left = Math.round(order.grand_total * 100) - held.reduce((sum, r) => sum + r.amount, 0)
  const linesLeft = unitsLeft(
    { ...order, items: order.items.map((item) => ({ ...item, parent_sku: item.parent_sku ?? null })) },
    held.flatMap((r) => r.lines),
  )
  const deliveryLeft = order.delivery > 0 && !held.some((r) => r.delivery)
  const hosted = payment.payment_id !== null
  const cashCollected = order.payment_method === 'cashondelivery' && order.events.some((event) => event.status === 'delivered')
  if ((!hosted && !cashCollected) || left <= 0) return null
  const chosen = Object.entries(units)
    .filter(([, qty]) => qty > 0)
    .map(([sku, qty]) => ({ sku, qty }))
  const worth = Math.min(
    left,
    unitsValue({ ...order, items: order.items.map((item) => ({ ...item, parent_sku: item.parent_sku ?? null })) }, chosen, delivery),
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const field = submittedFields(event)
    const reason = field('reason').trim()
    if (!reason) return setSaid({ text: m.ops_refund_reason_missing(), problem: true })
    const method = (hosted ? 'provider' : field('method')) as RefundMethod
    const typed = field('amount').trim()
    const amount = typed ? Math.round(Number(typed.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))).replace(/,/g, '')) * 100) : undefined
    if (typed && (!Number.isFinite(amount) || !amount || amount <= 0)) return setSaid({ text: m.ops_refund_amount_invalid(), problem: true })
    if (kind === 'amount' && amount === undefined) return setSaid({ text: m.ops_refund_amount_invalid(), problem: true })
    if (kind === 'lines' && chosen.length === 0 && !delivery) return setSaid({ text: m.ops_refund_lines_missing(), problem: true })
    const body =
      kind === 'whole'
        ? { key, reason, method, kind }
        : kind === 'amount'
          ? { key, reason, method, kind, amount: amount! }
          : { key, reason, method, kind, lines: chosen, delivery, ...(amount === undefined ? {} : { amount }) }
    refund.mutate(body, {
      onSuccess: (result) => {
        if (result.outcome === 'failed') return setSaid({ text: m.ops_refund_failed(), problem: true })
        if (result.outcome === 'pending') return setSaid({ text: m.ops_refund_unanswered(), problem: true })
        setSaid({
          text: result.outcome === 'already' ? m.ops_refund_already() : m.ops_refund_done({ amount: (result.refund.amount / 100).toFixed(2) }),
          problem: result.outcome === 'already',
        })
        // The next refund is a new one.
        setKey(crypto.randomUUID())
        setUnits({})
        setDelivery(false)
      },
      onError: (error) => setSaid({ text: refusal(error), problem: true }),
    })
  }

  return (
    <form onSubmit={submit} noValidate aria-label={m.ops_refund_title()} className="space-y-3 border-t border-line pt-3">
      <h3 className="font-bold">{m.ops_refund_title()}</h3>
      <p className="text-sm text-muted">
        {m.ops_refund_left()} <Price amount={sar(left)} decimals={decimals} />
      </p>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{m.ops_refund_kind()}</legend>
        {(['lines', 'amount', 'whole'] as const).map((k) => (
          <label key={k} className="flex h-11 items-center gap-2 rounded-full border border-line px-4 has-[:checked]:border-brand">
            <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
            {k === 'lines' ? m.ops_refund_kind_lines() : k === 'amount' ? m.ops_refund_kind_amount() : m.ops_refund_kind_whole()}
          </label>
        ))}
      </fieldset>
      {kind === 'lines' && (
        <div className="space-y-2">
          {linesLeft.map((line) => {
            const item = order.items.find((i) => i.sku === line.sku)
            return (
              <label key={line.sku} className="flex items-center justify-between gap-3 text-sm">
                <span>
                  {item?.name}{' '}
                  <bdi dir="ltr" className="text-muted">
                    {line.sku}
                  </bdi>
                </span>
                <select
                  aria-label={m.ops_refund_units({ name: item?.name ?? line.sku })}
                  value={units[line.sku] ?? 0}
                  onChange={(event) => setUnits({ ...units, [line.sku]: Number(event.target.value) })}
                  className="h-11 rounded-lg border border-line bg-white px-2"
                >
                  {Array.from({ length: line.qty + 1 }, (_, n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            )
          })}
          {deliveryLeft && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={delivery} onChange={(event) => setDelivery(event.target.checked)} className="size-5" />
              {m.ops_refund_delivery()}
            </label>
          )}
          <p className="text-sm">
            {m.ops_refund_worth()} <Price amount={sar(worth)} decimals={decimals} className="font-semibold" />
          </p>
        </div>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        {kind !== 'whole' && (
          <label>
            <span className="mb-1 block text-sm font-medium">{kind === 'lines' ? m.ops_refund_amount_optional() : m.ops_refund_amount()}</span>
            <input name="amount" inputMode="decimal" dir="ltr" autoComplete="off" className="h-11 w-full rounded-lg border border-line px-3" />
          </label>
        )}
        {!hosted && (
          <label>
            <span className="mb-1 block text-sm font-medium">{m.ops_refund_method()}</span>
            <select name="method" className="h-11 w-full rounded-lg border border-line bg-white px-2">
              <option value="bank_transfer">{methodText.bank_transfer()}</option>
              <option value="showroom">{methodText.showroom()}</option>
            </select>
          </label>
        )}
        <label className="md:col-span-2">
          <span className="mb-1 block text-sm font-medium">{m.ops_refund_reason()}</span>
          <input name="reason" maxLength={refundReasonMaxLength} autoComplete="off" className="h-11 w-full rounded-lg border border-line px-3" />
        </label>
      </div>
      <button type="submit" disabled={refund.isPending} className="h-11 rounded-full bg-brand px-5 font-semibold text-brand-ink disabled:opacity-60">
        {m.ops_refund_send()}
      </button>
      <Said said={said} />
    </form>
  )
}

/** The buyer's return: what they asked, where it stands, and the next step for `orders.refund`. */
export function ReturnPanel({ detail, mayHandle }: { detail: OpsOrderDetail; mayHandle: boolean }) {
  const { order } = detail
  const request = order.return_request
  const step = useReturnStep(order.increment_id)
  const [refusing, setRefusing] = useState(false)
  const [said, setSaid] = useState<Said>(null)
  if (!request) return null
  const received = JSON.parse(request.received_lines) as { sku: string; qty: number }[]
  const products = order.items.filter((item) => !item.parent_sku)
  const take = (input: Parameters<typeof step.mutate>[0]) =>
    step.mutate(input, {
      onSuccess: (result) =>
        setSaid(result.outcome === 'already' ? { text: m.ops_return_already(), problem: true } : { text: m.ops_return_done(), problem: false }),
      onError: (error) => setSaid({ text: refusal(error), problem: true }),
    })
  const refuse = (event: FormEvent<HTMLFormElement>) => {
    const answer = submittedFields(event)('answer').trim()
    if (answer.length < 3) return setSaid({ text: m.ops_return_answer_missing(), problem: true })
    take({ step: 'refuse', answer })
  }
  const receive = (event: FormEvent<HTMLFormElement>) => {
    const field = submittedFields(event)
    const lines = products.map((item) => ({ sku: item.sku, qty: Number(field(`qty-${item.sku}`)) })).filter((line) => line.qty > 0)
    if (lines.length === 0) return setSaid({ text: m.ops_return_lines_missing(), problem: true })
    take({ step: 'receive', lines })
  }
  return (
    <section aria-labelledby="return" className="space-y-3 rounded-2xl bg-white p-4">
      <h2 id="return" className="font-bold">
        {m.ops_return_title()} <span className="text-base font-semibold text-muted">{returnStatusText[request.status]()}</span>
      </h2>
      <p className="text-sm">
        {returnReasonText[request.reason as ReturnReason]?.() ?? request.reason}
        {request.note && (
          <>
            {' · '}
            <bdi>{request.note}</bdi>
          </>
        )}
      </p>
      {request.status === 'refused' && <p className="text-sm">{m.ops_return_answer_shown({ answer: request.answer })}</p>}
      {received.length > 0 && (
        <p className="text-sm">
          {m.ops_return_received_units()}{' '}
          {received.map((line) => `${line.qty} × ${order.items.find((item) => item.sku === line.sku)?.name ?? line.sku}`).join('، ')}
        </p>
      )}
      {mayHandle && request.status === 'requested' && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={step.isPending}
            onClick={() => take({ step: 'accept' })}
            className="h-11 rounded-full bg-brand px-5 font-semibold text-brand-ink disabled:opacity-60"
          >
            {m.ops_return_accept()}
          </button>
          <button type="button" onClick={() => setRefusing(true)} className="h-11 rounded-full border border-sale px-5 font-semibold text-sale">
            {m.ops_return_refuse()}
          </button>
        </div>
      )}
      {mayHandle && request.status === 'requested' && refusing && (
        <form onSubmit={refuse} noValidate aria-label={m.ops_return_refuse()} className="space-y-2">
          <label className="block">
            <span className="mb-1 block text-sm font-medium">{m.ops_return_answer()}</span>
            <input name="answer" maxLength={refundReasonMaxLength} autoComplete="off" className="h-11 w-full rounded-lg border border-line px-3" />
          </label>
          <button type="submit" disabled={step.isPending} className="h-11 rounded-full bg-sale px-5 font-semibold text-white">
            {m.ops_return_refuse_send()}
          </button>
        </form>
      )}
      {mayHandle && request.status === 'accepted' && (
        <form onSubmit={receive} noValidate aria-label={m.ops_return_receive()} className="space-y-2">
          {products.map((item) => (
            <label key={item.sku} className="flex items-center justify-between gap-3 text-sm">
              <span>{item.name}</span>
              <select
                name={`qty-${item.sku}`}
                defaultValue={item.qty}
                aria-label={m.ops_return_units({ name: item.name })}
                className="h-11 rounded-lg border border-line bg-white px-2"
              >
                {Array.from({ length: item.qty + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <button
            type="submit"
            disabled={step.isPending}
            className="h-11 rounded-full bg-brand px-5 font-semibold text-brand-ink disabled:opacity-60"
          >
            {m.ops_return_receive()}
          </button>
        </form>
      )}
      <Said said={said} />
    </section>
  )
}

const returnStatusText: Record<NonNullable<OpsOrderDetail['order']['return_request']>['status'], () => string> = {
  requested: m.ops_return_status_requested,
  accepted: m.ops_return_status_accepted,
  refused: m.ops_return_status_refused,
  received: m.ops_return_status_received,
}

/** What a message was about, read from its key (`order-<id>-<what>-<channel>`, worker/commerce/order-messages.ts). */
export function messageSubject(id: string, template: string): string {
  const again = /-again-\d+$/.test(id)
  const subject = eventSubject(id.replace(/-again-\d+$/, ''), template)
  return again ? m.ops_message_sent_again({ subject }) : subject
}

function eventSubject(id: string, template: string): string {
  const what = id
    .replace(/^order-\d+-/, '')
    .replace(/-(sms|email)$/, '')
    .replace(/-\d+$/, '')
  const event: Record<string, string> = {
    confirmation: 'confirmed',
    preparing: 'preparing',
    shipping: 'shipped',
    ready: 'ready_for_pickup',
    delivery: 'delivered',
    'return-request': 'return_requested',
    'return-accepted': 'return_accepted',
    'return-refused': 'return_refused',
    'return-received': 'return_received',
    refund: 'refunded',
  }
  if (what.startsWith('order_cancelled')) return eventText('canceled')
  // Placing sends one of eight (received or confirmed; delivery or pickup; customer or guest).
  if (what.startsWith('order_received') || what.startsWith('order_confirmed')) return eventText('placed')
  return event[what] ? eventText(event[what]) : template
}

export const deliveryText: Record<string, () => string> = {
  queued: m.ops_message_status_queued,
  sending: m.ops_message_status_queued,
  retrying: m.ops_message_status_retrying,
  sent: m.ops_message_status_sent,
  dead: m.ops_message_status_dead,
  expired: m.ops_message_status_dead,
  outbox: m.ops_message_status_outbox,
}

/** Every message the order sent its buyer, what it was about and how its delivery ended. */
export function OrderMessages({ detail, mayResend }: { detail: OpsOrderDetail; mayResend: boolean }) {
  const locale = currentLocale()
  const resend = useResendMessage(detail.order.increment_id)
  const [said, setSaid] = useState<Said>(null)
  if (detail.messages.length === 0) return null
  const again = (message: OpsOrderDetail['messages'][number]) =>
    resend.mutate(
      { id: message.id, seen: message.resends },
      {
        onSuccess: (result) => setSaid({ text: result.outcome === 'sent' ? m.ops_message_resent() : m.ops_message_resent_already(), problem: false }),
        onError: (error) => setSaid({ text: refusal(error), problem: true }),
      },
    )
  return (
    <section aria-labelledby="messages" className="rounded-2xl bg-white p-4">
      <h2 id="messages" className="mb-2 font-bold">
        {m.ops_messages()}
      </h2>
      <ul className="divide-y divide-line text-sm">
        {detail.messages.map((message) => {
          const subject = messageSubject(message.id, message.template)
          const channel = { sms: m.ops_message_sms, whatsapp: m.ops_message_whatsapp, email: m.ops_message_email }[message.channel]()
          return (
            <li key={message.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
              <span>
                {channel} · {subject}
              </span>
              <span className="flex items-center gap-3">
                <span className={message.status === 'dead' || message.status === 'expired' ? 'font-semibold text-sale' : 'text-muted'}>
                  {deliveryText[message.status]?.() ?? message.status} · {formatRiyadhTime(message.updated_at, locale)}
                </span>
                {mayResend && message.resendable && (
                  <button
                    type="button"
                    disabled={resend.isPending}
                    onClick={() => again(message)}
                    aria-label={m.ops_message_resend_label({ channel, subject })}
                    className="min-h-9 shrink-0 whitespace-nowrap rounded-full border border-brand px-3 font-semibold text-brand disabled:opacity-60"
                  >
                    {m.ops_message_resend()}
                  </button>
                )}
              </span>
            </li>
          )
        })}
      </ul>
      <Said said={said} />
    </section>
  )
}
