/**
 * Placing an order: the cart's totals and the payment method are checked here, then the order, its
 * items, the stock and the vouchers it spends land in one batch (worker/storage/order-store.ts), so 100
 * buyers of the last unit make exactly one order and a repeated place finds the one order.
 */
import { appConfig, serverLimits, type Locale } from '../../app.config'
import { computeTotals, type CartState } from '../../src/domain/cart'
import { isDevelopment } from '../http/environment'
import { cartStub, sellableIn } from './carts'
import { CommerceError } from './errors'
import { orderStore, type OrderRow } from '../storage/order-store'
import { isHostedPayment, paymentMethods, type PaymentCode } from './payments'

export interface PlacedOrder {
  order_id: number
  increment_id: string
  status: 'processing' | 'pending_payment' | 'canceled'
  payment_method: PaymentCode
  grand_total: number
  /** For hosted payments (card, Tabby, Tamara): where the shopper pays (the sandbox gateway by default). */
  payment_url: string | null
}

function toPlaced(row: OrderRow, locale: Locale = 'ar'): PlacedOrder {
  // Orders store the code they were placed with, always one of ours.
  const method = row.payment_method as PaymentCode
  return {
    order_id: row.id,
    increment_id: row.increment_id,
    status: row.status,
    payment_method: method,
    grand_total: row.grand_total,
    payment_url: isHostedPayment(method) && row.status === 'pending_payment' ? `/commerce/payments/sandbox/${row.increment_id}?lang=${locale}` : null,
  }
}

export async function orderForQuote(db: D1Database, quoteId: string, locale: Locale = 'ar'): Promise<PlacedOrder | null> {
  const row = await orderStore(db).forQuote(quoteId)
  return row ? toPlaced(row, locale) : null
}

function incrementId(): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000
  return `MJ${Date.now().toString().slice(-7)}${String(random).padStart(6, '0')}`
}

export async function placeOrder(
  env: Env,
  state: CartState,
  input: { email: string; method: PaymentCode; customerId: number | null; locale?: Locale },
  now = new Date(),
): Promise<PlacedOrder> {
  if (state.status === 'ordered') {
    const existing = await orderForQuote(env.DB, state.quote_id, input.locale)
    if (existing) return existing
  }
  const products = state.lines.filter((l) => l.parent_item_id === null)
  if (products.length === 0) throw new CommerceError(400, 'cart_empty')
  const totals = computeTotals(state, now)
  const method = paymentMethods(state, totals, { hostedGateway: isDevelopment(env) }).find((p) => p.code === input.method)
  if (!method?.is_available) throw new CommerceError(400, 'payment_unavailable', { method: input.method })

  // Stock and the delivery rules are checked again in the order's region (docs/product.md, "Rules"): the
  // cart may hold a line added elsewhere, and a region without a stock row would take no stock at all.
  for (const line of products) {
    const { available } = await sellableIn(env, line.sku, state.region_id)
    if (available !== null && available < line.qty) throw new CommerceError(409, 'qty_unavailable', { sku: line.sku })
  }
  const refused = await orderStore(env.DB).place(
    {
      increment_id: incrementId(),
      quote_id: state.quote_id,
      customer_id: input.customerId,
      email: input.email,
      region_id: state.region_id,
      payment_method: input.method,
      status: isHostedPayment(input.method) ? 'pending_payment' : 'processing',
      totals,
      items: state.lines.map((line) => ({
        product_id: line.product_id,
        sku: line.sku,
        name: line.name_en,
        qty: line.qty,
        price: line.price,
        fee_option_id: line.fee_option_id,
        parent_sku: line.parent_item_id === null ? null : (state.lines.find((l) => l.item_id === line.parent_item_id)?.sku ?? null),
      })),
      // Pre-orders hold no stock; everything else takes its units from the cart's region.
      stock: products.filter((l) => l.back_orders !== appConfig.backOrdersPreorderCode).map((l) => ({ product_id: l.product_id, qty: l.qty })),
      giftVoucher: state.gift_voucher && totals.gift_voucher > 0 ? { voucher: state.gift_voucher.voucher, amount: totals.gift_voucher } : null,
      erpVoucher: state.erp_voucher?.voucher ?? null,
      coupon: state.coupon?.code ?? null,
    },
    now,
  )
  if (refused === 'duplicate') {
    const existing = await orderForQuote(env.DB, state.quote_id, input.locale)
    if (existing) return existing
  }
  if (refused === 'voucher') throw new CommerceError(409, state.erp_voucher ? 'voucher_spent' : 'voucher_invalid')
  if (refused === 'coupon') throw new CommerceError(409, 'coupon_used_up', { code: state.coupon?.code ?? '' })
  if (refused === 'stock') throw new CommerceError(409, 'out_of_stock')
  const placed = await orderForQuote(env.DB, state.quote_id, input.locale)
  if (!placed) throw new Error(`order for quote ${state.quote_id} vanished`)
  await cartStub(env, state.quote_id).markOrdered(placed.order_id)
  return placed
}

/**
 * Cancels the orders whose hosted payment was not completed in time (serverLimits.orders.unpaidExpiryMinutes), each
 * in its own batch that gives back its stock and what it spent. Run by the scheduled handler (src/worker-entry.ts);
 * a payment that returns after this finds the order cancelled. Answers how many were cancelled.
 */
export async function expireUnpaidOrders(env: Env, now = new Date()): Promise<number> {
  const orders = orderStore(env.DB)
  const cutoff = new Date(now.getTime() - serverLimits.orders.unpaidExpiryMinutes * 60_000)
  const expired = await orders.unpaidSince(cutoff, serverLimits.orders.expiryBatch)
  for (const id of expired) await orders.cancelPending(id)
  return expired.length
}
