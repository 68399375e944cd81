/**
 * What is read of an order in D1 (docs/architecture.md, "Storage owns the SQL"): its row by quote, id or number, the
 * whole order the confirmation and the account's order page show, a customer's orders and an order's products. The
 * other parts of the order store (order-store.ts) read the same row (`orderColumns`).
 */
import type { OrderStatus } from '../../src/domain/order'
import type { StaffReturnRequest } from '../../src/domain/returns'

export interface OrderRow {
  id: number
  increment_id: string
  quote_id: string
  customer_id: number | null
  region_id: number
  status: OrderStatus
  payment_method: string
  grand_total: number
}

/** Everything the confirmation, the account's order page and the order messages show. */
export interface OrderDetailRow extends OrderRow {
  email: string
  created_at: string
  customer_name: string | null
  phone: string | null
  shipping_address: string | null
  billing_address: string | null
  /** JSON of BusinessBuyer (src/domain/checkout.ts), or null for a consumer. */
  business: string | null
  delivery_date: string | null
  shipping_method: string | null
  /** Pickup: the showroom in both languages, JSON (id, name_ar, name_en, address_ar, address_en). */
  pickup_showroom: string | null
  totals: string | null
  subtotal: number
  discount: number
  delivery: number
  vat: number
  locale: string
  coupon_code: string | null
  gift_voucher: string | null
  erp_voucher: string | null
  items: {
    sku: string
    name: string
    name_ar: string | null
    image: string | null
    qty: number
    price: number
    row_total: number
    parent_sku: string | null
  }[]
  events: { status: string; at: string; actor: string | null }[]
  shipment: ShipmentRow | null
  return_request: StaffReturnRequest | null
  /** The money given back, oldest first (worker/storage/refund-store.ts); halalas; with its credit note's serial, if any. */
  refunds: { amount: number; method: string; done_at: string; note_serial: number | null }[]
}

/** A shipped order's parcel (docs/product.md, "Fulfilment"). */
export interface ShipmentRow {
  courier: string
  tracking_number: string
  shipped_at: string
}

/** The order's row as every part of the order store reads it. */
export const orderColumns = 'id, increment_id, quote_id, customer_id, region_id, status, payment_method, grand_total'

/** The reads of one order, or of one customer's: single statements, and the whole order in one batch. */
export function orderReads(db: D1Database) {
  return {
    forQuote: (quoteId: string) => db.prepare(`SELECT ${orderColumns} FROM orders WHERE quote_id = ?`).bind(quoteId).first<OrderRow>(),
    byId: (id: number) => db.prepare(`SELECT ${orderColumns} FROM orders WHERE id = ?`).bind(id).first<OrderRow>(),
    byIncrement: (incrementId: string) => db.prepare(`SELECT ${orderColumns} FROM orders WHERE increment_id = ?`).bind(incrementId).first<OrderRow>(),

    async detail(id: number): Promise<OrderDetailRow | null> {
      const [order, items, events, shipment, returned, refunds] = await db.batch([
        db
          .prepare(
            `SELECT ${orderColumns}, email, created_at, customer_name, phone, shipping_address, billing_address, business, delivery_date, shipping_method, totals,
             subtotal, discount, delivery, vat, locale,
             (SELECT json_object('id', s.id, 'name_ar', s.name_ar, 'name_en', s.name_en, 'address_ar', s.address_ar, 'address_en', s.address_en,
                                 'opens', s.opens, 'closes', s.closes, 'friday_opens', s.friday_opens, 'friday_closes', s.friday_closes,
                                 'phone', s.phone, 'map_url', s.map_url)
              FROM showrooms s WHERE s.id = orders.pickup_showroom) AS pickup_showroom,
             (SELECT code FROM coupon_uses u WHERE u.quote_id = orders.quote_id) AS coupon_code,
             (SELECT voucher FROM gift_voucher_spends g WHERE g.quote_id = orders.quote_id) AS gift_voucher,
             (SELECT voucher FROM erp_voucher_spends e WHERE e.quote_id = orders.quote_id) AS erp_voucher
           FROM orders WHERE id = ?`,
          )
          .bind(id),
        db.prepare('SELECT sku, name, name_ar, image, qty, price, row_total, parent_sku FROM order_items WHERE order_id = ? ORDER BY line').bind(id),
        // Steps at the same instant keep the order of the timeline.
        db
          .prepare(
            "SELECT status, at, actor FROM order_events WHERE order_id = ? ORDER BY at, instr('placed paid confirmed preparing shipped delivered return_requested canceled refunded', status)",
          )
          .bind(id),
        db.prepare('SELECT courier, tracking_number, shipped_at FROM order_shipments WHERE order_id = ?').bind(id),
        db.prepare('SELECT reason, note, requested_at, status, answer, received_lines FROM order_returns WHERE order_id = ?').bind(id),
        db
          .prepare(
            "SELECT f.amount, f.method, f.done_at, n.serial AS note_serial FROM order_refunds f LEFT JOIN invoices n ON n.refund_id = f.id WHERE f.order_id = ? AND f.status = 'done' ORDER BY f.id",
          )
          .bind(id),
      ])
      const row = order!.results[0] as Omit<OrderDetailRow, 'items' | 'events' | 'shipment' | 'return_request' | 'refunds'> | undefined
      if (!row) return null
      return {
        ...row,
        items: items!.results as OrderDetailRow['items'],
        events: events!.results as OrderDetailRow['events'],
        shipment: (shipment!.results[0] as ShipmentRow | undefined) ?? null,
        return_request: (returned!.results[0] as OrderDetailRow['return_request'] | undefined) ?? null,
        refunds: refunds!.results as OrderDetailRow['refunds'],
      }
    },

    /** A customer's orders, newest first, with how many items each holds. */
    async forCustomer(customerId: number, limit: number): Promise<(OrderRow & { created_at: string; items_qty: number })[]> {
      const { results } = await db
        .prepare(
          `SELECT ${orderColumns}, created_at,
             (SELECT coalesce(sum(qty), 0) FROM order_items i WHERE i.order_id = orders.id AND i.parent_sku IS NULL) AS items_qty
           FROM orders WHERE customer_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
        )
        .bind(customerId, limit)
        .all<OrderRow & { created_at: string; items_qty: number }>()
      return results
    },

    /**
     * The order with this number placed with this phone (international form), verified or not (the guest lookup),
     * else null: the order's SMS, with its number, went to that phone (docs/product.md, "Accounts").
     */
    byIncrementAndPhone: (incrementId: string, phone: string) =>
      db.prepare(`SELECT ${orderColumns} FROM orders WHERE increment_id = ? AND phone = ?`).bind(incrementId, phone).first<OrderRow>(),

    /** The products of an order (services left out), in their order, for re-adding to a cart. */
    async productLines(orderId: number): Promise<{ sku: string; qty: number }[]> {
      const { results } = await db
        .prepare('SELECT sku, qty FROM order_items WHERE order_id = ? AND parent_sku IS NULL ORDER BY line')
        .bind(orderId)
        .all<{ sku: string; qty: number }>()
      return results
    },

    /** The products an order holds (services left out). */
    async productIds(orderId: number): Promise<number[]> {
      const { results } = await db
        .prepare('SELECT DISTINCT product_id FROM order_items WHERE order_id = ? AND parent_sku IS NULL AND product_id IS NOT NULL')
        .bind(orderId)
        .all<{ product_id: number }>()
      return results.map((row) => row.product_id)
    },

    /** An order awaiting a hosted payment with one of these methods, by its number. */
    hostedPayment: (incrementId: string, methods: readonly string[]) =>
      db
        .prepare(`SELECT ${orderColumns} FROM orders WHERE increment_id = ? AND payment_method IN (${methods.map(() => '?').join(', ')})`)
        .bind(incrementId, ...methods)
        .first<OrderRow>(),
  }
}
