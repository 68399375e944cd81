/**
 * An order as the Direct API answers it (docs/product.md, "Checkout"): placed, and in full for its buyer's
 * confirmation and account. Types only, shared by the Worker and the pages.
 */
import type { CartTotals } from './cart'
import type { AddressFields, BusinessBuyer } from './checkout'
import type { Shipment } from './fulfilment'
import type { ReturnReason, ReturnStatus } from './returns'
import type { PickupShowroom, ShippingCode } from './shipping'

/**
 * The payment methods the store knows (docs/product.md, "Checkout"); which are offered for a cart is
 * worker/commerce/payments.ts's. `free` is an order its vouchers pay in full: nothing to collect, no gateway.
 */
export const paymentCodes = ['cashondelivery', 'card', 'tabby', 'tamara', 'free'] as const
export type PaymentCode = (typeof paymentCodes)[number]

/**
 * An order's status as the backend answers it: awaiting its hosted payment, being processed (paid, or cash on
 * delivery), complete once delivered, or cancelled. The timeline's finer steps are src/lib/order-timeline.ts's.
 */
export type OrderStatus = 'processing' | 'pending_payment' | 'complete' | 'canceled'

/** An order's number as shoppers see it (MJ and its digits): the only way an order is named outside the backend. */
export const orderNumber = /^MJ\d{8,20}$/

/**
 * What the confirmation's "Track your order" link leaves in the browser's history entry for the guest lookup
 * (`/user/profile?order=MJ...`): the order's mobile, filled in beside the number, never in the URL.
 */
export interface OrderLookupHistoryState {
  lookupMobile?: string
}

export interface PlacedOrder {
  order_id: number
  increment_id: string
  status: OrderStatus
  payment_method: PaymentCode
  grand_total: number
  /** For hosted payments (card, Tabby, Tamara): where the shopper pays (the provider's page; its embedded stand-in locally). */
  payment_url: string | null
}

/** An order as its buyer sees it: the confirmation page and the account's order page (docs/product.md, "Checkout"). */
export interface OrderDetail extends PlacedOrder {
  created_at: string
  contact: { name: string; email: string; mobile: string } | null
  shipping_address: AddressFields | null
  billing_address: AddressFields | null
  /** A business buyer's name and VAT number, whose invoice is a standard tax invoice; null for a consumer. */
  business: BusinessBuyer | null
  delivery_date: string | null
  shipping_method: ShippingCode | null
  /** Pickup: the showroom the order is collected from, in the page's language (docs/product.md, "Showrooms"). */
  pickup_showroom: PickupShowroom | null
  lines: { sku: string; name: string; image: string | null; qty: number; price: number; row_total: number; is_service: boolean }[]
  /** Orders placed before the full totals were kept show their five stored sums, the rest as zero. */
  totals: CartTotals
  coupon_code: string | null
  gift_voucher: string | null
  erp_voucher: string | null
  timeline: { status: string; at: string }[]
  /** Once shipped: the courier, its number and where to follow it (docs/product.md, "Fulfilment"). */
  shipment: Shipment | null
  /** The buyer's request to return the delivered order, once asked (src/domain/returns.ts). */
  return_request: {
    reason: ReturnReason
    note: string
    requested_at: string
    status: ReturnStatus
    /** A refusal's reason, written by the store for the buyer. */
    answer: string
  } | null
  /** The money given back (docs/product.md, "Returns and refunds"), in SAR, oldest first. */
  refunds: {
    amount: number
    method: 'provider' | 'bank_transfer' | 'showroom'
    at: string
    /** CN-000001, when the order was invoiced. */ credit_note: string | null
  }[]
}

/** A line of the account's order list. */
export interface OrderSummary {
  order_id: number
  increment_id: string
  created_at: string
  status: PlacedOrder['status']
  grand_total: number
  items_qty: number
}

/** Why a method cannot pay for this cart, for the shopper to read (never just "not available"). */
export type UnavailableReason =
  | { reason: 'not_offered' }
  | { reason: 'preorder' }
  | { reason: 'not_eligible' }
  | { reason: 'below_minimum'; amount: number }
  | { reason: 'above_maximum'; amount: number }

/** A payment method as the Direct API's payment-methods call answers it (worker/commerce/payments.ts). */
export interface PaymentMethod {
  code: PaymentCode
  is_available: boolean
  /** Ours: null when available. */
  unavailable_reason: UnavailableReason | null
}

/** The console's work queues of orders (docs/product.md, "The merchant console"); worker/storage/order-store.ts says what each holds. */
export const orderQueues = ['to_confirm', 'to_prepare', 'to_ship', 'ready_for_pickup', 'returns', 'refunds_failed'] as const
export type OrderQueue = (typeof orderQueues)[number]
