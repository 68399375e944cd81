/**
 * Placing an order. One D1 batch (a transaction) inserts the order, its items and takes the stock:
 * the stock CHECK (qty >= 0) aborts the whole batch when a unit is gone, so stock never goes below
 * zero and 100 buyers of the last unit make exactly one order; UNIQUE(quote_id) makes a repeated
 * place for the same cart find the one order instead of making a second.
 */
import { appConfig } from '../../app.config'
import { computeTotals, type CartState } from './cart-model'
import { cartStub } from './carts'
import { CommerceError } from './errors'
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

interface OrderRow {
  id: number
  increment_id: string
  status: PlacedOrder['status']
  payment_method: PaymentCode
  grand_total: number
}

function toPlaced(row: OrderRow, locale: 'ar' | 'en' = 'ar'): PlacedOrder {
  return {
    order_id: row.id,
    increment_id: row.increment_id,
    status: row.status,
    payment_method: row.payment_method,
    grand_total: row.grand_total,
    payment_url: isHostedPayment(row.payment_method) && row.status === 'pending_payment' ? `/commerce/payments/sandbox/${row.increment_id}?lang=${locale}` : null,
  }
}

export async function orderForQuote(db: D1Database, quoteId: string, locale: 'ar' | 'en' = 'ar'): Promise<PlacedOrder | null> {
  const row = await db
    .prepare('SELECT id, increment_id, status, payment_method, grand_total FROM orders WHERE quote_id = ?')
    .bind(quoteId)
    .first<OrderRow>()
  return row ? toPlaced(row, locale) : null
}

function incrementId(): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000
  return `MJ${Date.now().toString().slice(-7)}${String(random).padStart(6, '0')}`
}

export async function placeOrder(
  env: Env,
  state: CartState,
  input: { email: string; method: PaymentCode; customerId: number | null; locale?: 'ar' | 'en' },
  now = new Date(),
): Promise<PlacedOrder> {
  if (state.status === 'ordered') {
    const existing = await orderForQuote(env.DB, state.quote_id, input.locale)
    if (existing) return existing
  }
  const products = state.lines.filter((l) => l.parent_item_id === null)
  if (products.length === 0) throw new CommerceError(400, 'cart_empty')
  const totals = computeTotals(state, now)
  const method = paymentMethods(state, totals, { hostedGateway: env.APP_ENV !== 'production' }).find((p) => p.code === input.method)
  if (!method?.is_available) throw new CommerceError(400, 'payment_unavailable', { method: input.method })

  const db = env.DB
  const status = isHostedPayment(input.method) ? 'pending_payment' : 'processing'
  const orderId = `(SELECT id FROM orders WHERE quote_id = ?)`
  const statements = [
    db.prepare(
      `INSERT INTO orders (increment_id, quote_id, customer_id, email, region_id, payment_method, status, subtotal, discount, delivery, vat, grand_total, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      incrementId(), state.quote_id, input.customerId, input.email.toLowerCase(), state.region_id, input.method, status,
      totals.subtotal, totals.discount, totals.delivery, totals.vat, totals.grand_total, now.toISOString(),
    ),
    ...state.lines.map((line, index) =>
      db.prepare(
        `INSERT INTO order_items (order_id, line, product_id, sku, name, qty, price, row_total, fee_option_id, parent_sku)
         VALUES (${orderId}, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        state.quote_id, index + 1, line.product_id, line.sku, line.name_en, line.qty, line.price, line.price * line.qty, line.fee_option_id,
        line.parent_item_id === null ? null : (state.lines.find((l) => l.item_id === line.parent_item_id)?.sku ?? null),
      ),
    ),
    // Pre-orders hold no stock; everything else takes its units from the cart's region.
    ...products
      .filter((l) => l.back_orders !== appConfig.backOrdersPreorderCode)
      .map((line) =>
        db.prepare('UPDATE stock SET qty = qty - ? WHERE product_id = ? AND region_id = ?').bind(line.qty, line.product_id, state.region_id),
      ),
    // Vouchers are spent with the order: a gift voucher's balance has its own CHECK (balance >= 0).
    ...(state.gift_voucher && totals.gift_voucher > 0
      ? [db.prepare('UPDATE gift_vouchers SET balance = balance - ? WHERE voucher = ?').bind(totals.gift_voucher, state.gift_voucher.voucher)]
      : []),
    ...(state.erp_voucher
      ? [db.prepare('UPDATE erp_vouchers SET used_by_quote = ? WHERE voucher = ? AND used_by_quote IS NULL').bind(state.quote_id, state.erp_voucher.voucher)]
      : []),
  ]
  try {
    await db.batch(statements)
  } catch (error) {
    const message = String((error as Error)?.message ?? error)
    if (/UNIQUE constraint failed: orders\.quote_id/.test(message)) {
      const existing = await orderForQuote(db, state.quote_id, input.locale)
      if (existing) return existing
    }
    if (/CHECK constraint failed: balance/.test(message)) throw new CommerceError(409, 'voucher_invalid')
    if (/CHECK constraint failed/.test(message)) throw new CommerceError(409, 'out_of_stock')
    throw error
  }
  const placed = await orderForQuote(db, state.quote_id, input.locale)
  if (!placed) throw new Error(`order for quote ${state.quote_id} vanished`)
  await cartStub(env, state.quote_id).markOrdered(placed.order_id)
  return placed
}
