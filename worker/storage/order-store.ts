/**
 * Orders in D1 (docs/architecture.md, "Storage owns the SQL"). Placing an order is one batch (a
 * transaction): the order, its items, the stock it takes and the vouchers it spends. The stock's
 * CHECK (qty >= 0) and the gift voucher's CHECK (balance >= 0) abort the whole batch, so nothing is
 * half stored; UNIQUE(quote_id) makes a repeated place find the one order. Cancelling an unpaid
 * order gives its stock back in the same batch that changes its status, once.
 */
import { auditStore, type AuditEntry } from './audit-store'
import { orderColumns, orderReads, type OrderRow } from './order-reads'
import { couponRefused, voucherStore } from './voucher-store'
import { appConfig, type Locale } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import type { CartTotals, Coupon } from '../../src/domain/cart'
import type { AddressFields, BusinessBuyer } from '../../src/domain/checkout'
import { orderQueues, type OrderQueue, type OrderStatus } from '../../src/domain/order'
import type { ShippingCode } from '../../src/domain/shipping'

export type { OrderDetailRow, OrderRow, ShipmentRow } from './order-reads'

export interface NewOrder {
  increment_id: string
  quote_id: string
  customer_id: number | null
  email: string
  region_id: number
  payment_method: string
  status: OrderStatus
  totals: CartTotals
  locale: Locale
  customer_name: string
  /** International form (966...). */
  phone: string
  phone_verified: boolean
  /** Null for a pickup. */
  shipping_address: AddressFields | null
  billing_address: AddressFields | null
  delivery_date: string
  shipping_method: ShippingCode
  /** Pickup: the showroom's id (docs/product.md, "Showrooms"). */
  pickup_showroom?: string | null
  /** A business buyer's name and VAT number for a standard tax invoice; null for a consumer. */
  business?: BusinessBuyer | null
  items: {
    product_id: number
    sku: string
    name: string
    name_ar: string
    image: string
    qty: number
    price: number
    fee_option_id: number | null
    parent_sku: string | null
  }[]
  /** Units taken from the order's region (pre-orders take none). */
  stock: { product_id: number; qty: number }[]
  /**
   * The product lines that must still be sellable in the order's region, checked by the batch itself (shown, for sale,
   * a big item only in its region, and the units there unless a pre-order): refused as 'unsellable' when one is not.
   * The caller reads none of it first (docs/architecture.md, "Trips to storage").
   */
  sellable?: { sku: string; qty: number }[]
  giftVoucher: { voucher: string; amount: number } | null
  erpVoucher: string | null
  /**
   * The coupon the order uses, on the terms the shopper was shown: checked again by the batch (voucher-store.ts
   * `stillOffered`, refused as 'coupon_not_as_shown') and counted against its limits.
   */
  coupon: Coupon | null
}

/** Why a placement batch was refused, read from the constraint that refused it. */
export type PlacementRefusal =
  'duplicate' | 'voucher' | typeof couponRefused | 'coupon' | 'coupon_customer' | 'coupon_closed' | 'stock' | 'unsellable' | 'cash_limit'

/** No 'confirmed' step in the order's timeline (the operator has not vouched for a cash order yet). */
const notConfirmed = (orderId: string) => `NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = ${orderId} AND e.status = 'confirmed')`

/** The order has reached this step of its timeline. */
const reached = (step: string) => `EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = orders.id AND e.status = '${step}')`

/**
 * What each operator step needs of the order's row (docs/product.md, "Fulfilment"): placed and paid (a cash order
 * confirmed by the operator instead), not cancelled, not yet on its way; a pickup order is made ready at its showroom
 * instead of shipped; delivering (a pickup order's collection) needs it shipped or ready.
 */
const readyToSend = `status = 'processing' AND (payment_method <> 'cashondelivery' OR ${reached('confirmed')}) AND NOT ${reached('shipped')}`
const readyFor = {
  prepare: `${readyToSend} AND NOT ${reached('preparing')} AND NOT ${reached('ready_for_pickup')}`,
  ship: `${readyToSend} AND shipping_method IS NOT 'pickup'`,
  ready: `${readyToSend} AND shipping_method = 'pickup'`,
  deliver: `status = 'processing' AND (${reached('shipped')} OR ${reached('ready_for_pickup')})`,
} as const
export type OperatorStep = keyof typeof readyFor | 'confirm'

/** What cancelOpen may cancel, as the condition on the order's row (the same row, `orders`, in every statement). */
const cancellable = {
  unpaid: "status = 'pending_payment'",
  unconfirmedCash: `status = 'processing' AND payment_method = 'cashondelivery' AND ${notConfirmed('orders.id')}`,
  /** A placed (and, if hosted, paid) order not yet on its way: its buyer or the operator may cancel it. */
  beforeShipping: `status = 'processing' AND NOT ${reached('shipped')}`,
} as const
export type CancellableOrder = keyof typeof cancellable

/**
 * A staff member's or a token's step is audited in its own batch (worker/storage/audit-store.ts): the audit row comes
 * right after the timeline's row and lands only if it did. Without an entry (the buyer, a payment, a job) the step
 * names nobody.
 */
const stepAudit = (db: D1Database, audit: AuditEntry | null) => (audit ? [auditStore(db).row(audit, { sql: 'changes() = 1', values: [] })] : [])

/** The step an open order awaits, as SQL on the order's row (the console's "next" and the ops list's). */
const nextStep = `CASE WHEN status <> 'processing' THEN NULL
  WHEN payment_method = 'cashondelivery' AND NOT ${reached('confirmed')} THEN 'confirm'
  WHEN ${reached('shipped')} OR ${reached('ready_for_pickup')} THEN 'deliver'
  WHEN shipping_method = 'pickup' THEN 'ready'
  WHEN ${reached('preparing')} THEN 'ship'
  ELSE 'prepare' END`

/** The console's work queues (src/domain/order.ts), each a condition on the order's row. */
const queues: Record<OrderQueue, string> = {
  to_confirm: `status = 'processing' AND payment_method = 'cashondelivery' AND NOT ${reached('confirmed')}`,
  to_prepare: readyFor.prepare,
  to_ship: `${readyFor.ship} AND ${reached('preparing')}`,
  ready_for_pickup: `status = 'processing' AND ${reached('ready_for_pickup')}`,
  // Driven from the small tables (their partial indexes), so a count stays fast at 100,000 orders: a return is open
  // until it is refused or a refund lands after it was asked.
  returns: `id IN (SELECT r.order_id FROM order_returns r WHERE r.status IN ('requested', 'accepted', 'received')
    AND NOT EXISTS (SELECT 1 FROM order_refunds f WHERE f.order_id = r.order_id AND f.status = 'done' AND f.created_at >= r.requested_at))`,
  refunds_failed: "id IN (SELECT order_id FROM order_refunds WHERE status = 'failed')",
}

export interface OrderSearch {
  queue?: OrderQueue
  number?: string
  /** International form, 966... */
  phone?: string
  email?: string
  regionId?: number
  method?: string
  status?: string
  /** ISO times: placed at or after `from`, before `to`. */
  from?: string
  to?: string
  before?: number
  limit: number
}

export interface OrderListRow {
  id: number
  increment_id: string
  created_at: string
  customer_name: string
  phone: string
  email: string
  region_id: number
  payment_method: string
  shipping_method: string | null
  status: string
  grand_total: number
  next: OperatorStep | null
}

/**
 * Every statement on orders, in parts by kind: the reads (order-reads.ts), placing, the status changes of payment
 * and cancellation, the operator's fulfilment steps and the console's work lists. Each part is its own set of
 * statements on `db`; none holds state.
 */
export function orderStore(db: D1Database) {
  return { ...orderReads(db), ...orderPlacement(db), ...orderPaymentChanges(db), ...orderFulfilment(db), ...orderWorkLists(db) }
}

/**
 * The order's row, the first statement of its placing batch. Cash on delivery is capped per phone and per account in
 * the same statement that inserts the order, so twenty placements at once cannot all pass a count read before them. A
 * refused insert adds no row; the next statement then finds no order for its NOT NULL order_id and aborts the whole
 * batch, which `placeAndRead` reads back as 'cash_limit'.
 */
function orderInsert(db: D1Database, order: NewOrder, now: Date) {
  return db
    .prepare(
      `INSERT INTO orders (increment_id, quote_id, customer_id, email, region_id, payment_method, status, subtotal, discount, delivery, vat, grand_total, created_at,
             customer_name, phone, phone_verified, shipping_address, billing_address, delivery_date, shipping_method, totals, locale, pickup_showroom, business)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?24, ?25
           WHERE ?6 <> 'cashondelivery' OR (
             SELECT count(*) FROM orders o WHERE o.payment_method = 'cashondelivery' AND o.status = 'processing'
             AND (o.phone = ?15 OR o.customer_id = ?3) AND ${notConfirmed('o.id')}
           ) < ?23`,
    )
    .bind(
      order.increment_id,
      order.quote_id,
      order.customer_id,
      order.email.toLowerCase(),
      order.region_id,
      order.payment_method,
      order.status,
      order.totals.subtotal,
      order.totals.discount,
      order.totals.delivery,
      order.totals.vat,
      order.totals.grand_total,
      now.toISOString(),
      order.customer_name,
      order.phone,
      order.phone_verified ? 1 : 0,
      order.shipping_address ? JSON.stringify(order.shipping_address) : null,
      order.billing_address ? JSON.stringify(order.billing_address) : null,
      order.delivery_date,
      order.shipping_method,
      JSON.stringify(order.totals),
      order.locale,
      serverLimits.orders.unconfirmedCashOrdersPerPhone,
      order.pickup_showroom ?? null,
      order.business ? JSON.stringify(order.business) : null,
    )
}

/**
 * The lines' checks at placing, in the batch that takes their stock (after the order's insert, so a second place of the
 * same cart is still found a 'duplicate' once the first took the last unit): nothing read before it can be out of date,
 * and a line that fails them aborts the whole batch (json() of a word that is not JSON raises 'malformed JSON').
 */
function sellableCheck(db: D1Database, sellable: NonNullable<NewOrder['sellable']>, regionId: number) {
  return db
    .prepare(
      `SELECT CASE WHEN EXISTS (
                     SELECT 1 FROM json_each(?1) j
                     LEFT JOIN products p ON p.sku = json_extract(j.value, '$.sku') AND p.hidden = 0
                     LEFT JOIN stock s ON s.product_id = p.entity_id AND s.region_id = ?2
                     WHERE p.entity_id IS NULL OR p.not_for_sale = 1 OR (p.big_items = 1 AND ?2 <> ?3)
                       OR (p.back_orders <> ?4 AND coalesce(s.qty, 0) < json_extract(j.value, '$.qty'))
                   ) THEN json('unsellable') END`,
    )
    .bind(JSON.stringify(sellable), regionId, appConfig.regions.bigItemsOnlyId, appConfig.backOrdersPreorderCode)
}

/** What the order spends, at the end of its placing batch: its gift-voucher balance, its ERP voucher and its coupon use. */
function spendStatements(db: D1Database, order: NewOrder, now: Date) {
  return [
    ...(order.giftVoucher
      ? [
          db.prepare('UPDATE gift_vouchers SET balance = balance - ? WHERE voucher = ?').bind(order.giftVoucher.amount, order.giftVoucher.voucher),
          db
            .prepare('INSERT INTO gift_voucher_spends (quote_id, voucher, amount) VALUES (?, ?, ?)')
            .bind(order.quote_id, order.giftVoucher.voucher, order.giftVoucher.amount),
        ]
      : []),
    // A second spend of the same ERP voucher breaks the spends table's primary key; a coupon past its
    // limit is refused by a trigger: either way the whole order is refused.
    ...(order.erpVoucher
      ? [
          db.prepare('INSERT INTO erp_voucher_spends (voucher, quote_id) VALUES (?, ?)').bind(order.erpVoucher, order.quote_id),
          db.prepare('UPDATE erp_vouchers SET used_by_quote = ? WHERE voucher = ?').bind(order.quote_id, order.erpVoucher),
        ]
      : []),
    // The use names the buyer (account and phone) for the per-customer limit's trigger (migration 0033).
    ...(order.coupon
      ? [
          db
            .prepare('INSERT INTO coupon_uses (quote_id, code, customer_id, phone, used_at) VALUES (?, ?, ?, ?, ?)')
            .bind(order.quote_id, order.coupon.code, order.customer_id, order.phone, now.toISOString()),
        ]
      : []),
  ]
}

/** The placing batch's statements, in their order: the order, its checks, its timeline and lines, the stock it takes, what it spends. */
function placementStatements(db: D1Database, order: NewOrder, now: Date) {
  const orderId = '(SELECT id FROM orders WHERE quote_id = ?)'
  return [
    orderInsert(db, order, now),
    // The coupon before the lines, as the shopper hears them (orders.ts): offered as shown, to this buyer.
    ...(order.coupon
      ? [voucherStore(db).stillOffered(order.coupon, { customerId: order.customer_id, phone: order.phone, phoneVerified: order.phone_verified }, now)]
      : []),
    ...(order.sellable && order.sellable.length > 0 ? [sellableCheck(db, order.sellable, order.region_id)] : []),
    db.prepare(`INSERT INTO order_events (order_id, status, at) VALUES (${orderId}, 'placed', ?)`).bind(order.quote_id, now.toISOString()),
    ...order.items.map((item, index) =>
      db
        .prepare(
          `INSERT INTO order_items (order_id, line, product_id, sku, name, name_ar, image, qty, price, row_total, fee_option_id, parent_sku)
             VALUES (${orderId}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          order.quote_id,
          index + 1,
          item.product_id,
          item.sku,
          item.name,
          item.name_ar,
          item.image,
          item.qty,
          item.price,
          item.price * item.qty,
          item.fee_option_id,
          item.parent_sku,
        ),
    ),
    ...order.stock.map((take) =>
      db.prepare('UPDATE stock SET qty = qty - ? WHERE product_id = ? AND region_id = ?').bind(take.qty, take.product_id, order.region_id),
    ),
    ...spendStatements(db, order, now),
  ]
}

/** Placing an order: its one batch, refused whole by the constraint that fails (docs/architecture.md, "Trips to storage"). */
function orderPlacement(db: D1Database) {
  return {
    /** Stores the order in one batch; answers null when it landed, else why it was refused. */
    async place(order: NewOrder, now: Date): Promise<PlacementRefusal | null> {
      const placed = await this.placeAndRead(order, now)
      return 'refused' in placed ? placed.refused : null
    },

    /**
     * As `place`, and the order's row read back in the same batch: placing costs one trip to D1, not two
     * (docs/architecture.md, "Trips to storage").
     */
    async placeAndRead(order: NewOrder, now: Date): Promise<{ refused: PlacementRefusal } | { row: OrderRow }> {
      const statements = placementStatements(db, order, now)
      const refusal = (refused: PlacementRefusal) => ({ refused })
      try {
        const results = await db.batch([...statements, db.prepare(`SELECT ${orderColumns} FROM orders WHERE quote_id = ?`).bind(order.quote_id)])
        return { row: results.at(-1)!.results[0] as OrderRow }
      } catch (error) {
        const message = String((error as Error)?.message ?? error)
        if (/UNIQUE constraint failed: orders\.quote_id/.test(message)) return refusal('duplicate')
        if (message.includes(couponRefused)) return refusal(couponRefused)
        if (/malformed JSON/.test(message)) return refusal('unsellable')
        if (/NOT NULL constraint failed: order_events\.order_id/.test(message)) return refusal('cash_limit')
        if (/CHECK constraint failed: balance|UNIQUE constraint failed: erp_voucher_spends/.test(message)) return refusal('voucher')
        if (/coupon_uses_limit/.test(message)) return refusal('coupon')
        if (/coupon_uses_per_customer/.test(message)) return refusal('coupon_customer')
        if (/coupon_uses_closed/.test(message)) return refusal('coupon_closed')
        if (/CHECK constraint failed/.test(message)) return refusal('stock')
        throw error
      }
    },
  }
}

/** The status changes that go with an order's money: paid, refunded, and cancelled with everything it took given back. */
function orderPaymentChanges(db: D1Database) {
  return {
    /** Marks a pending order paid, once: answers whether this call did it (a repeated return changes nothing). */
    async markPaid(id: number, now: Date): Promise<boolean> {
      const [, paid] = await db.batch([
        db
          .prepare(
            "INSERT OR IGNORE INTO order_events (order_id, status, at) SELECT id, 'paid', ? FROM orders WHERE id = ? AND status = 'pending_payment'",
          )
          .bind(now.toISOString(), id),
        db.prepare("UPDATE orders SET status = 'processing' WHERE id = ? AND status = 'pending_payment'").bind(id),
      ])
      return paid!.meta.changes === 1
    },

    /** The order's timeline says its payment was given back (docs/decisions/0014); once. */
    markRefunded: (id: number, now: Date) =>
      db.prepare("INSERT OR IGNORE INTO order_events (order_id, status, at) VALUES (?, 'refunded', ?)").bind(id, now.toISOString()).run(),

    /**
     * Cancels an order nobody will complete and gives back, once, everything it took: its units to its region
     * (pre-orders took none), the gift-voucher balance it spent, its ERP voucher and its coupon use. `which` says what
     * may be cancelled: an order still awaiting its hosted payment, or a cash order the operator has not confirmed.
     * Every statement acts only while the order is still in that state, and the status changes last, in the same batch.
     */
    async cancelOpen(id: number, which: CancellableOrder, now = new Date(), audit: AuditEntry | null = null): Promise<boolean> {
      const open = `EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND ${cancellable[which]})`
      const quote = '(SELECT quote_id FROM orders WHERE id = ?1)'
      const results = await db.batch([
        db
          .prepare(
            `UPDATE stock SET qty = qty + (SELECT sum(oi.qty) FROM order_items oi WHERE oi.order_id = ?1 AND oi.product_id = stock.product_id AND oi.parent_sku IS NULL)
           WHERE region_id = (SELECT region_id FROM orders WHERE id = ?1)
           AND product_id IN (SELECT product_id FROM order_items WHERE order_id = ?1 AND parent_sku IS NULL)
           AND product_id NOT IN (SELECT entity_id FROM products WHERE back_orders = ?2)
           AND ${open}`,
          )
          .bind(id, appConfig.backOrdersPreorderCode),
        db
          .prepare(
            `UPDATE gift_vouchers SET balance = balance + (SELECT amount FROM gift_voucher_spends WHERE quote_id = ${quote})
           WHERE voucher = (SELECT voucher FROM gift_voucher_spends WHERE quote_id = ${quote}) AND ${open}`,
          )
          .bind(id),
        db.prepare(`DELETE FROM gift_voucher_spends WHERE quote_id = ${quote} AND ${open}`).bind(id),
        db.prepare(`UPDATE erp_vouchers SET used_by_quote = NULL WHERE used_by_quote = ${quote} AND ${open}`).bind(id),
        db.prepare(`DELETE FROM erp_voucher_spends WHERE quote_id = ${quote} AND ${open}`).bind(id),
        db.prepare(`DELETE FROM coupon_uses WHERE quote_id = ${quote} AND ${open}`).bind(id),
        db
          .prepare(`INSERT OR IGNORE INTO order_events (order_id, status, at, actor) SELECT ?1, 'canceled', ?2, ?3 WHERE ${open}`)
          .bind(id, now.toISOString(), audit?.actor.name ?? null),
        ...stepAudit(db, audit),
        db.prepare(`UPDATE orders SET status = 'canceled' WHERE id = ?1 AND ${cancellable[which]}`).bind(id),
      ])
      return results.at(-1)!.meta.changes === 1
    },
  }
}

/** The operator's steps of fulfilment, each landing once with its timeline row and audit, and the buyer's return request. */
function orderFulfilment(db: D1Database) {
  /** Adds an operator's step to the timeline when the order's row meets `condition`, once; answers whether this call did. */
  const recordStep = async (
    id: number,
    status: 'confirmed' | 'preparing' | 'ready_for_pickup',
    condition: string,
    now: Date,
    audit: AuditEntry | null,
  ) => {
    const [result] = await db.batch([
      db
        .prepare(`INSERT OR IGNORE INTO order_events (order_id, status, at, actor) SELECT id, ?3, ?2, ?4 FROM orders WHERE id = ?1 AND ${condition}`)
        .bind(id, now.toISOString(), status, audit?.actor.name ?? null),
      ...stepAudit(db, audit),
    ])
    return result!.meta.changes === 1
  }
  return {
    /** The operator confirms a cash order: it then holds its stock until it is delivered or cancelled. Answers whether this call did it. */
    confirmCash: (id: number, now: Date, audit: AuditEntry | null = null) =>
      recordStep(id, 'confirmed', "payment_method = 'cashondelivery' AND status = 'processing'", now, audit),

    /** The operator starts preparing the order; answers whether this call did it. */
    markPreparing: (id: number, now: Date, audit: AuditEntry | null = null) => recordStep(id, 'preparing', readyFor.prepare, now, audit),

    /** A pickup order waits at its showroom: the step lands once. Answers whether this call did it. */
    markReadyForPickup: (id: number, now: Date, audit: AuditEntry | null = null) => recordStep(id, 'ready_for_pickup', readyFor.ready, now, audit),

    /** The order leaves with a courier: its parcel and the step land together, once. Answers whether this call did it. */
    async markShipped(
      id: number,
      parcel: { courier: string; tracking_number: string },
      now: Date,
      audit: AuditEntry | null = null,
    ): Promise<boolean> {
      const [, shipped] = await db.batch([
        db
          .prepare(
            `INSERT OR REPLACE INTO order_shipments (order_id, courier, tracking_number, shipped_at) SELECT id, ?2, ?3, ?4 FROM orders WHERE id = ?1 AND ${readyFor.ship}`,
          )
          .bind(id, parcel.courier, parcel.tracking_number, now.toISOString()),
        db
          .prepare(
            `INSERT OR IGNORE INTO order_events (order_id, status, at, actor) SELECT id, 'shipped', ?2, ?3 FROM orders WHERE id = ?1 AND ${readyFor.ship}`,
          )
          .bind(id, now.toISOString(), audit?.actor.name ?? null),
        ...stepAudit(db, audit),
      ])
      return shipped!.meta.changes === 1
    },

    /** The buyer has the order (and a cash order's money is collected): the order is complete. Once. */
    async markDelivered(id: number, now: Date, audit: AuditEntry | null = null): Promise<boolean> {
      const results = await db.batch([
        db
          .prepare(
            `INSERT OR IGNORE INTO order_events (order_id, status, at, actor) SELECT id, 'delivered', ?2, ?3 FROM orders WHERE id = ?1 AND ${readyFor.deliver}`,
          )
          .bind(id, now.toISOString(), audit?.actor.name ?? null),
        ...stepAudit(db, audit),
        db.prepare(`UPDATE orders SET status = 'complete' WHERE id = ?1 AND status = 'processing' AND ${reached('delivered')}`).bind(id),
      ])
      return results.at(-1)!.meta.changes === 1
    },

    /**
     * The buyer asks to return a complete order delivered after `deliveredSince`: the request and the timeline's step
     * land together, once. Answers whether this call recorded it.
     */
    async requestReturn(id: number, reason: string, note: string, deliveredSince: Date, now: Date): Promise<boolean> {
      const [asked] = await db.batch([
        db
          .prepare(
            `INSERT OR IGNORE INTO order_returns (order_id, reason, note, requested_at)
             SELECT id, ?2, ?3, ?4 FROM orders WHERE id = ?1 AND status = 'complete'
             AND EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = orders.id AND e.status = 'delivered' AND e.at >= ?5)`,
          )
          .bind(id, reason, note, now.toISOString(), deliveredSince.toISOString()),
        db
          .prepare(
            "INSERT OR IGNORE INTO order_events (order_id, status, at) SELECT order_id, 'return_requested', requested_at FROM order_returns WHERE order_id = ?",
          )
          .bind(id),
      ])
      return asked!.meta.changes === 1
    },
  }
}

/** The console's and the jobs' lists of orders: the operator's work, the search, the queues' counts and the stale ones. */
function orderWorkLists(db: D1Database) {
  return {
    /** Open orders awaiting the operator's next step, oldest first: the operator's work list. */
    async awaitingStep(limit: number): Promise<(OrderRow & { created_at: string; next: OperatorStep })[]> {
      const { results } = await db
        .prepare(
          `SELECT ${orderColumns}, created_at, ${nextStep} AS next
           FROM orders WHERE status = 'processing' ORDER BY created_at, id LIMIT ?`,
        )
        .bind(limit)
        .all<OrderRow & { created_at: string; next: OperatorStep }>()
      return results
    },

    /**
     * The console's order list (docs/product.md, "The merchant console"): a work queue or a search by number, mobile,
     * email, city, payment method, status and placing time, newest first, a page at a time (`before`: the last id of
     * the page before). Each filter is an index (migrations 0010, 0012, 0025), so a page stays fast at 100,000 orders.
     */
    async search(filter: OrderSearch): Promise<OrderListRow[]> {
      const where: string[] = []
      const values: unknown[] = []
      const add = (sql: string, ...given: unknown[]) => {
        where.push(sql)
        values.push(...given)
      }
      if (filter.queue) add(queues[filter.queue])
      if (filter.number) add('increment_id = ?', filter.number)
      if (filter.phone) add('phone = ?', filter.phone)
      if (filter.email) add('email = ?', filter.email.toLowerCase())
      if (filter.regionId) add('region_id = ?', filter.regionId)
      if (filter.method) add('payment_method = ?', filter.method)
      if (filter.status) add('status = ?', filter.status)
      if (filter.from) add('created_at >= ?', filter.from)
      if (filter.to) add('created_at < ?', filter.to)
      if (filter.before) add('id < ?', filter.before)
      const { results } = await db
        .prepare(
          `SELECT id, increment_id, created_at, customer_name, phone, email, region_id, payment_method, shipping_method, status, grand_total, ${nextStep} AS next
           FROM orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ${Math.trunc(filter.limit)}`,
        )
        .bind(...values)
        .all<OrderListRow>()
      return results
    },

    /** How many orders wait in each work queue (the console's home). */
    async queueCounts(): Promise<Record<OrderQueue, number>> {
      const row = await db
        .prepare(`SELECT ${orderQueues.map((name) => `(SELECT count(*) FROM orders WHERE ${queues[name]}) AS ${name}`).join(', ')}`)
        .first<Record<OrderQueue, number>>()
      return row!
    },

    /** Cash orders nobody has confirmed that were placed before the cutoff, oldest first. */
    async unconfirmedCashSince(cutoff: Date, limit: number): Promise<number[]> {
      const { results } = await db
        .prepare(
          `SELECT id FROM orders WHERE payment_method = 'cashondelivery' AND status = 'processing' AND created_at < ?1 AND ${notConfirmed('orders.id')}
           ORDER BY created_at LIMIT ?2`,
        )
        .bind(cutoff.toISOString(), limit)
        .all<{ id: number }>()
      return results.map((row) => row.id)
    },

    /** Orders still awaiting payment that were placed before the cutoff, oldest first. */
    async unpaidSince(cutoff: Date, limit: number): Promise<number[]> {
      const { results } = await db
        .prepare("SELECT id FROM orders WHERE status = 'pending_payment' AND created_at < ? ORDER BY created_at LIMIT ?")
        .bind(cutoff.toISOString(), limit)
        .all<{ id: number }>()
      return results.map((row) => row.id)
    },
  }
}
