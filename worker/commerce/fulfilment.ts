/**
 * The operator moves a placed order to its buyer (docs/product.md, "Fulfilment"): confirm (cash on delivery), prepare,
 * ship with a courier and a tracking number (or, for a pickup order, make it ready at its showroom), deliver (a pickup
 * order's collection), or cancel before it ships. Each step lands once in the order's
 * timeline (worker/storage/order-store.ts) and is messaged to the buyer; a repeated step changes nothing and says so,
 * and a step out of order is refused with what must come first.
 */
import type { Locale } from '../../app.config'
import { formatDisplayDate } from '../../src/domain/dates'
import { trackingUrl, type Courier, type FulfilmentStep } from '../../src/domain/fulfilment'
import { m } from '../../src/paraglide/messages.js'
import type { AuditEntry } from '../storage/audit-store'
import { orderStore, type OrderDetailRow } from '../storage/order-store'
import { courierName } from './couriers'
import { invoiceLink, issueInvoice } from './invoices'
import { cancelBeforeShipping } from './orders'
import { pickupShowroomOf, tellBuyer } from './order-messages'
import { askForReviews } from './review-requests'

export type StepResult =
  | { outcome: 'done'; refunded?: boolean }
  /** The step had already been taken (a retried command): nothing changed, nothing was sent again. */
  | { outcome: 'already' }
  /** The order is not where this step can be taken; `reason` tells the operator what comes first. */
  | { outcome: 'refused'; reason: string }

export interface Parcel {
  courier: Courier
  tracking_number: string
}

/**
 * Takes a step. `audit` names who took it (a staff member or a named token): the timeline shows them, and the audit
 * trail's row lands in the step's own batch (worker/storage/audit-store.ts).
 */
export async function takeStep(
  env: Env,
  orderId: number,
  step: FulfilmentStep,
  parcel: Parcel | null,
  now = new Date(),
  audit: AuditEntry | null = null,
): Promise<StepResult> {
  const orders = orderStore(env.DB)
  switch (step) {
    case 'confirm': {
      if (await orders.confirmCash(orderId, now, audit)) {
        await tellBuyer(env, orderId, 'confirmation', (row, locale) => m.order_accepted_sms(deliveryWords(row, locale), { locale }))
        return { outcome: 'done' }
      }
      break
    }
    case 'prepare': {
      if (await orders.markPreparing(orderId, now, audit)) {
        await tellBuyer(env, orderId, 'preparing', (row, locale) => m.order_preparing_sms({ number: row.increment_id }, { locale }))
        return { outcome: 'done' }
      }
      break
    }
    case 'ship': {
      if (!parcel) return { outcome: 'refused', reason: 'shipping needs the courier and its tracking number' }
      if (await orders.markShipped(orderId, parcel, now, audit)) {
        await tellBuyer(env, orderId, 'shipping', (row, locale) => {
          const link = trackingUrl(parcel.courier, parcel.tracking_number)
          const words = { number: row.increment_id, courier: courierName(parcel.courier, locale), tracking: parcel.tracking_number }
          return link ? m.order_shipped_sms({ ...words, link }, { locale }) : m.order_shipped_untracked_sms(words, { locale })
        })
        return { outcome: 'done' }
      }
      break
    }
    case 'ready': {
      if (await orders.markReadyForPickup(orderId, now, audit)) {
        await tellBuyer(env, orderId, 'ready', (row, locale) =>
          m.order_ready_for_pickup_sms({ number: row.increment_id, showroom: pickupShowroomOf(row.pickup_showroom, locale)?.name ?? '' }, { locale }),
        )
        return { outcome: 'done' }
      }
      break
    }
    case 'deliver': {
      if (await orders.markDelivered(orderId, now, audit)) {
        // A cash order is paid now, so it gets its tax invoice (a paid one has had it since payment); the message
        // links it (docs/decisions/0016-zatca-invoices.md). The five-minute job issues one that failed here.
        const invoice = await issueInvoice(env, orderId, now).catch((error: unknown) => {
          console.error(JSON.stringify({ level: 'error', message: 'invoice not issued at delivery', orderId, error: String(error) }))
          return null
        })
        const row = invoice && (await orders.detail(orderId))
        const link = row ? await invoiceLink(env, row.increment_id, row.locale === 'en' ? 'en' : 'ar') : null
        await tellBuyer(env, orderId, 'delivery', (row, locale) => {
          const words = { number: row.increment_id }
          if (row.shipping_method === 'pickup')
            return link ? m.order_collected_invoice_sms({ ...words, link }, { locale }) : m.order_collected_sms(words, { locale })
          return link ? m.order_delivered_invoice_sms({ ...words, link }, { locale }) : m.order_delivered_sms(words, { locale })
        })
        await askForReviews(env, orderId)
        return { outcome: 'done' }
      }
      break
    }
    case 'cancel': {
      const { cancelled, refunded } = await cancelBeforeShipping(env, orderId, 'store', now, audit)
      if (cancelled) return { outcome: 'done', refunded }
      break
    }
  }
  const row = await orders.detail(orderId)
  return row ? whyNot(row, step, parcel) : { outcome: 'refused', reason: 'no such order' }
}

/** Why a step did not land: it had already been taken (a retried command), or what the order needs first. */
function whyNot(row: OrderDetailRow, step: FulfilmentStep, parcel: Parcel | null): StepResult {
  const has = (status: string) => row.events.some((event) => event.status === status)
  const sameParcel = row.shipment?.courier === parcel?.courier && row.shipment?.tracking_number === parcel?.tracking_number
  const taken = {
    confirm: has('confirmed'),
    prepare: has('preparing'),
    ship: has('shipped') && sameParcel,
    ready: has('ready_for_pickup'),
    deliver: has('delivered'),
    cancel: row.status === 'canceled',
  }
  if (taken[step]) return { outcome: 'already' }
  const refused = (reason: string): StepResult => ({ outcome: 'refused', reason })
  if (row.status === 'canceled') return refused('the order is cancelled')
  if (row.status === 'pending_payment') return refused('the order is still awaiting its payment')
  if (has('delivered')) return refused('the order is delivered')
  if (step === 'confirm') return refused('only a cash-on-delivery order is confirmed by the operator: a paid order is confirmed by its payment')
  if (has('shipped'))
    return refused(`the order has already shipped with ${row.shipment?.courier ?? 'a courier'} (${row.shipment?.tracking_number ?? ''})`)
  const pickup = row.shipping_method === 'pickup'
  if (pickup && step === 'ship') return refused('a pickup order is not shipped: mark it ready for pickup at its showroom')
  if (!pickup && step === 'ready') return refused('only a pickup order is made ready for pickup: ship this one')
  if (has('ready_for_pickup')) return refused('the order is ready for pickup at its showroom')
  if (step === 'deliver') return refused(pickup ? 'mark the pickup order ready first' : 'ship the order first')
  if (row.payment_method === 'cashondelivery' && !has('confirmed')) return refused('confirm the cash-on-delivery order first')
  return refused('the order cannot take this step now')
}

function deliveryWords(row: OrderDetailRow, locale: Locale) {
  return { number: row.increment_id, date: row.delivery_date ? formatDisplayDate(row.delivery_date, locale) : '' }
}
