/**
 * A buyer's return, handled by staff (docs/product.md, "Returns and refunds"): accepted or refused with a reason its
 * buyer reads, then the parcel received with the units that came back, whose stock returns to the order's city. Each
 * step lands once with its timeline step and audit row (worker/storage/refund-store.ts); the buyer is told each by
 * SMS and email in the order's language. The money follows as a refund (./refunds.ts).
 */
import type { RefundUnits } from '../../src/domain/refunds'
import { m } from '../../src/paraglide/messages.js'
import type { AuditEntry } from '../storage/audit-store'
import { orderStore } from '../storage/order-store'
import { refundStore } from '../storage/refund-store'
import { productsChanged } from '../catalogue/page-purge'
import { tellBuyer } from './order-messages'

export type ReturnStepResult = { outcome: 'done' | 'already' } | { outcome: 'refused'; reason: 'no_request' | 'not_accepted' | 'too_many' }

/** Accepts or refuses the order's return request, once; a refusal's `answer` is what its buyer reads. */
export async function decideReturn(
  env: Env,
  orderId: number,
  decision: 'accepted' | 'refused',
  answer: string,
  now = new Date(),
  audit: AuditEntry | null = null,
): Promise<ReturnStepResult> {
  if (await refundStore(env.DB).decideReturn(orderId, decision, answer, now, audit)) {
    await tellBuyer(env, orderId, `return-${decision}`, (row, locale) =>
      decision === 'accepted'
        ? m.order_return_accepted_sms({ number: row.increment_id }, { locale })
        : m.order_return_refused_sms({ number: row.increment_id, reason: answer }, { locale }),
    )
    return { outcome: 'done' }
  }
  const asked = (await orderStore(env.DB).detail(orderId))?.return_request
  if (!asked) return { outcome: 'refused', reason: 'no_request' }
  return asked.status === decision ? { outcome: 'already' } : { outcome: 'refused', reason: 'not_accepted' }
}

/** The parcel is back with `lines` (units of the order's products, each at most what it holds); once, after acceptance. */
export async function receiveReturn(
  env: Env,
  orderId: number,
  lines: RefundUnits[],
  now = new Date(),
  audit: AuditEntry | null = null,
): Promise<ReturnStepResult> {
  const orders = orderStore(env.DB)
  const order = await orders.detail(orderId)
  if (!order?.return_request) return { outcome: 'refused', reason: 'no_request' }
  const units = lines.filter((line) => line.qty > 0)
  const skus = new Set(units.map((line) => line.sku))
  const held = (sku: string) => order.items.filter((item) => item.sku === sku && item.parent_sku === null).reduce((sum, item) => sum + item.qty, 0)
  if (skus.size !== units.length || units.some((line) => line.qty > held(line.sku))) return { outcome: 'refused', reason: 'too_many' }
  if (await refundStore(env.DB).receiveReturn(orderId, units, now, audit)) {
    await productsChanged(env, await orders.productIds(orderId))
    await tellBuyer(env, orderId, 'return-received', (row, locale) => m.order_return_received_sms({ number: row.increment_id }, { locale }))
    return { outcome: 'done' }
  }
  // Read again: a racing call may have received it between the read above and the batch.
  const status = (await orders.detail(orderId))?.return_request?.status
  return status === 'received' ? { outcome: 'already' } : { outcome: 'refused', reason: 'not_accepted' }
}
