/**
 * Money given back (docs/product.md, "Returns and refunds"; docs/decisions/0027-refunds-once.md): the whole of what an
 * order still holds, units of its lines, or an amount, through the provider that took the money (Moyasar, Tabby,
 * Tamara) or, for a cash order, recorded as paid by bank transfer or at the showroom. Each refund is claimed in D1
 * before anything is sent (worker/storage/refund-store.ts), so a double click, two staff at once or a retry gives back
 * once; the provider gets a key per refund. The buyer is told by SMS and email and sees it on the order page.
 */
import type { Locale } from '../../app.config'
import { formatAmount } from '../../src/domain/money'
import { unitsLeft, unitsValue, type RefundMethod, type RefundUnits } from '../../src/domain/refunds'
import { m } from '../../src/paraglide/messages.js'
import type { AuditEntry } from '../storage/audit-store'
import { orderStore, type OrderDetailRow } from '../storage/order-store'
import { paymentStore } from '../storage/payment-store'
import { refundStore, type RefundRow } from '../storage/refund-store'
import { creditedRefund, issueCreditNote } from './credit-notes'
import { invoiceLink } from './invoices'
import { documentId } from '../integrations/zatca-document'
import { tellBuyer } from './order-messages'
import { paymentProviders } from './payments'

/** What a staff member (or a cancellation) asks to give back. */
export type RefundAsk = { key: string; reason: string; method: RefundMethod } & (
  | { kind: 'whole' }
  /** Units of the order's lines, and its delivery charge; `amount` (halalas) gives back less than they are worth. */
  | { kind: 'lines'; lines: RefundUnits[]; delivery: boolean; amount?: number }
  | { kind: 'amount'; amount: number }
)

export type RefundOutcome =
  | { outcome: 'done' | 'already'; refund: RefundRow }
  /** The provider did not answer: the refund holds its amount and the job sends it again (same key). */
  | { outcome: 'pending'; refund: RefundRow }
  | { outcome: 'failed'; refund: RefundRow; failure: string }
  | { outcome: 'refused'; reason: RefundRefusal }

export type RefundRefusal = 'nothing_paid' | 'wrong_method' | 'nothing_left' | 'too_much' | 'busy' | 'unknown_line'

/** How long a refund may wait for its provider's answer before the job treats it as lost and sends it again. */
const stuckAfterMs = 15 * 60_000

/** The key the provider keeps with a refund: the order's number and the refund's own id, never reused. */
const providerKey = (order: { increment_id: string }, refund: RefundRow) => `refund-${order.increment_id}-${refund.id}`

/**
 * Gives money back. Answers what happened: done (or already done under the same key), failed at the provider (kept,
 * to be sent again from the console or by the job), or refused with why, having changed nothing.
 */
export async function refundOrder(
  env: Env,
  orderId: number,
  ask: RefundAsk,
  now = new Date(),
  audit: AuditEntry | null = null,
): Promise<RefundOutcome> {
  const order = await orderStore(env.DB).detail(orderId)
  if (!order) return { outcome: 'refused', reason: 'nothing_paid' }
  const payment = await paymentStore(env.DB).forOrder(orderId)
  const hosted = Boolean(payment?.payment_id)
  const cashCollected = order.payment_method === 'cashondelivery' && order.events.some((event) => event.status === 'delivered')
  if (!hosted && !cashCollected) return { outcome: 'refused', reason: 'nothing_paid' }
  if (hosted !== (ask.method === 'provider')) return { outcome: 'refused', reason: 'wrong_method' }

  const refunds = refundStore(env.DB)
  const earlier = (await refunds.forOrder(orderId)).filter((refund) => refund.status !== 'failed')
  const wanted = plan(order, ask, earlier)
  if ('refused' in wanted) return { outcome: 'refused', reason: wanted.refused }
  const claimed = await refunds.claim({ orderId, requestKey: ask.key, reason: ask.reason, method: ask.method, ...wanted }, now, audit)
  if (!claimed) {
    const busy = (await refunds.forOrder(orderId)).some((refund) => refund.status === 'pending')
    return { outcome: 'refused', reason: busy ? 'busy' : 'too_much' }
  }
  if (!claimed.fresh) {
    if (claimed.refund.status === 'failed') return failedOutcome(claimed.refund)
    return { outcome: claimed.refund.status === 'pending' ? 'pending' : 'already', refund: claimed.refund }
  }
  return send(env, order, claimed.refund, earlier, now)
}

/** A failed refund sent again (the console's "try again", the job's retry); answers as `refundOrder` does. */
export async function retryRefund(
  env: Env,
  refundId: number,
  now = new Date(),
  audit: AuditEntry | null = null,
  stuck = false,
): Promise<RefundOutcome> {
  const refunds = refundStore(env.DB)
  const refund = await refunds.byId(refundId)
  const order = refund && (await orderStore(env.DB).detail(refund.order_id))
  if (!refund || !order) return { outcome: 'refused', reason: 'nothing_paid' }
  if (refund.status === 'done') return { outcome: 'already', refund }
  if (!(await refunds.reclaim(refundId, stuck ? new Date(now.getTime() - stuckAfterMs) : null, now, audit))) {
    const busy = (await refunds.forOrder(refund.order_id)).some((other) => other.status === 'pending')
    return { outcome: 'refused', reason: busy ? 'busy' : 'too_much' }
  }
  const earlier = (await refunds.forOrder(refund.order_id)).filter((other) => other.status === 'done' && other.id !== refund.id)
  return send(env, order, { ...refund, status: 'pending' }, earlier, now)
}

/** What the ask gives back, checked against what the order holds and its earlier refunds. */
function plan(
  order: OrderDetailRow,
  ask: RefundAsk,
  earlier: RefundRow[],
): { amount: number; lines: RefundUnits[]; delivery: boolean } | { refused: RefundRefusal } {
  const paid = Math.round(order.grand_total * 100)
  const left = paid - earlier.reduce((sum, refund) => sum + refund.amount, 0)
  const deliveryLeft = order.delivery > 0 && !earlier.some((refund) => refund.delivery)
  if (left <= 0) return { refused: 'nothing_left' }
  if (ask.kind === 'whole')
    return {
      amount: left,
      lines: unitsLeft(
        order,
        earlier.flatMap((refund) => refund.lines),
      ),
      delivery: deliveryLeft,
    }
  if (ask.kind === 'amount') return ask.amount > left ? { refused: 'too_much' } : { amount: ask.amount, lines: [], delivery: false }
  // One SKU listed twice is its sum: each part alone may fit where the whole does not.
  const lines: RefundUnits[] = []
  for (const line of ask.lines.filter((unit) => unit.qty > 0)) {
    const same = lines.find((unit) => unit.sku === line.sku)
    if (same) same.qty += line.qty
    else lines.push({ ...line })
  }
  const stillHeld = unitsLeft(
    order,
    earlier.flatMap((refund) => refund.lines),
  )
  for (const line of lines) {
    const held = stillHeld.find((unit) => unit.sku === line.sku)
    if (!held) return { refused: order.items.some((item) => item.sku === line.sku) ? 'too_much' : 'unknown_line' }
    if (line.qty > held.qty) return { refused: 'too_much' }
  }
  if (ask.delivery && !deliveryLeft) return { refused: 'too_much' }
  const worth = Math.min(left, unitsValue(order, lines, ask.delivery))
  const amount = ask.amount ?? worth
  if (amount > worth) return { refused: 'too_much' }
  if (amount <= 0) return { refused: 'nothing_left' }
  return { amount, lines, delivery: ask.delivery }
}

/**
 * Sends a claimed refund: through the provider that took the money, or (cash) recorded as paid by the staff member.
 * Done: the buyer is told, unless the refund is a cancellation's (its own message says the money goes back).
 */
async function send(env: Env, order: OrderDetailRow, refund: RefundRow, earlier: RefundRow[], now: Date): Promise<RefundOutcome> {
  const refunds = refundStore(env.DB)
  if (refund.method === 'provider') {
    const payment = await paymentStore(env.DB).forOrder(order.id)
    const provider = payment && paymentProviders[payment.provider as keyof typeof paymentProviders]
    try {
      if (!payment?.payment_id || !provider) throw Object.assign(new Error('no payment to refund'), { status: 409 })
      const refundedBefore = earlier.filter((other) => other.status === 'done').reduce((sum, other) => sum + other.amount, 0)
      await provider.refund(env, {
        paymentId: payment.payment_id,
        amountSar: refund.amount / 100,
        key: providerKey(order, refund),
        reason: refund.reason,
        refundedBeforeSar: refundedBefore / 100,
      })
    } catch (error) {
      const failure = String(error)
      // Only a provider's clear refusal (4xx) is a failure. A timeout or a 5xx may have given the money back: the
      // refund stays on its way, holding its amount, and the job sends it again with the same key after 15 minutes.
      const status = (error as { status?: unknown }).status
      if (typeof status !== 'number' || status >= 500) {
        console.error(JSON.stringify({ level: 'error', message: 'refund unanswered', order: order.increment_id, refund: refund.id, error: failure }))
        return { outcome: 'pending', refund }
      }
      await refunds.finish(refund.id, { status: 'failed', failure }, now)
      console.error(JSON.stringify({ level: 'error', message: 'refund failed', order: order.increment_id, refund: refund.id, error: failure }))
      return failedOutcome({ ...refund, status: 'failed', failure })
    }
  }
  await refunds.finish(refund.id, { status: 'done' }, now)
  const done = (await refunds.byId(refund.id))!
  console.log(JSON.stringify({ level: 'info', message: 'refund done', order: order.increment_id, refund: refund.id, halalas: refund.amount }))
  // The tax record follows the money: an invoiced order's refund gets its credit note (./credit-notes.ts). One that
  // fails here is logged; the refund stands, and the five-minute job issues its note (`issueMissingCreditNotes`).
  const note = await issueCreditNote(env, creditedRefund(done)).catch((error: unknown) => {
    console.error(
      JSON.stringify({ level: 'error', message: 'credit note not issued', order: order.increment_id, refund: done.id, error: String(error) }),
    )
    return null
  })
  if (refund.request_key !== cancellationKey) {
    const noteNumber = note && documentId(note.kind, note.serial)
    const links = { ar: '', en: '' }
    if (noteNumber) for (const locale of ['ar', 'en'] as const) links[locale] = await invoiceLink(env, order.increment_id, locale, noteNumber)
    await tellBuyer(env, order.id, `refund-${refund.id}`, (row, locale) => {
      const words = refundWords(row, done, locale)
      return noteNumber ? `${words} ${m.order_refund_note_sms({ note: noteNumber, link: links[locale] }, { locale })}` : words
    })
  }
  return { outcome: 'done', refund: done }
}

const failedOutcome = (refund: RefundRow): RefundOutcome => ({ outcome: 'failed', refund, failure: refund.failure ?? '' })

function refundWords(row: OrderDetailRow, refund: RefundRow, locale: Locale): string {
  const words = { number: row.increment_id, amount: formatAmount(refund.amount / 100, 2) }
  if (refund.method === 'bank_transfer') return m.order_refund_transfer_sms(words, { locale })
  if (refund.method === 'showroom') return m.order_refund_showroom_sms(words, { locale })
  return m.order_refund_sms(words, { locale })
}

/** A cancelled order's whole refund carries this key: one per order, however often the cancellation gives back. */
export const cancellationKey = 'cancel'

/**
 * Gives a cancelled order's payment back, whole, once (the cancellation, a payment that landed after it, the job);
 * answers whether this call gave it back. Cash orders have nothing to give back.
 */
export async function refundCancelledOrder(env: Env, orderId: number, now = new Date()): Promise<boolean> {
  const payment = await paymentStore(env.DB).forOrder(orderId)
  if (!payment?.payment_id) return false
  const result = await refundOrder(env, orderId, { key: cancellationKey, reason: 'order cancelled', method: 'provider', kind: 'whole' }, now)
  if (result.outcome === 'failed') throw new Error(result.failure)
  return result.outcome === 'done' || result.outcome === 'pending'
}

/** The job's part: provider refunds that failed or were lost on the way are sent again; cancelled orders get theirs. */
export async function sendOwedRefunds(env: Env, limit: number, now = new Date()): Promise<number> {
  const owed = await refundStore(env.DB).owed(new Date(now.getTime() - stuckAfterMs), limit)
  let sent = 0
  for (const id of owed.refunds) if ((await retryRefund(env, id, now, null, true)).outcome === 'done') sent += 1
  for (const orderId of owed.cancelledOrders) {
    try {
      if (await refundCancelledOrder(env, orderId, now)) sent += 1
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'refund failed, tried again next run', orderId, error: String(error) }))
    }
  }
  return sent
}
