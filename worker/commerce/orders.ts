/**
 * Placing an order: the cart's totals and the payment method are checked here, then the order, its
 * items, the stock and the vouchers it spends land in one batch (worker/storage/order-store.ts), so 100
 * buyers of the last unit make exactly one order and a repeated place finds the one order.
 */
import { appConfig, type Locale } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { computeTotals, type CartState, type CartTotals, type Coupon } from '../../src/domain/cart'
import type { AddressFields, BusinessBuyer, CheckoutDetails } from '../../src/domain/checkout'
import type { OrderDetail, PaymentCode, PlacedOrder } from '../../src/domain/order'
import { isCourier } from '../../src/domain/fulfilment'
import type { ReturnReason } from '../../src/domain/returns'
import { pricesWithTax } from '../../src/domain/pricing'
import { internationalMobile, shownMobile } from '../../src/domain/phone'
import type { ShippingCode, ShippingMethod } from '../../src/domain/shipping'
import { shipmentFor } from './couriers'
import { cartStub, sellableIn } from './carts'
import { pickupShowroomOf, sendOrderConfirmation, sendOrderMessage } from './order-messages'
import { availableMethod, checkedDetails, phoneVerified } from './checkout-rules'
import { withVerifiedAddress } from './address-check'
import { CommerceError } from './errors'
import { addressStore } from '../storage/address-store'
import { couponRefused, mayUseCoupon, voucherStore } from '../storage/voucher-store'
import type { AuditEntry } from '../storage/audit-store'
import { orderStore, type CancellableOrder, type NewOrder, type OrderDetailRow, type OrderRow, type PlacementRefusal } from '../storage/order-store'
import { afterSale, productsChanged } from '../catalogue/page-purge'
import { gatewaysOf, isHostedPayment, paymentMethods, providerFor } from './payments'
import { hostedPaymentUrl, recordHostedPayment, startHostedPayment, stillUnpaid, type StartedPayment } from './hosted-payments'
import { refundCancelledOrder } from './refunds'
import type { RefundMethod } from '../../src/domain/refunds'
import { issueInvoice } from './invoices'
import { documentId } from '../integrations/zatca-document'

/** An order's row as the Direct API names it; only orderForQuote, which answers its buyer, adds where to pay. */
function toPlaced(row: OrderRow): PlacedOrder {
  // Orders store the code they were placed with, always one of ours.
  const method = row.payment_method as PaymentCode
  return {
    order_id: row.id,
    increment_id: row.increment_id,
    status: row.status,
    payment_method: method,
    grand_total: row.grand_total,
    payment_url: null,
  }
}

/**
 * The cart's order as its buyer is told it: a pending hosted payment with where it is paid (the Moyasar invoice, Tabby
 * or Tamara checkout started when it was placed).
 */
export async function orderForQuote(env: Env, quoteId: string): Promise<PlacedOrder | null> {
  const row = await orderStore(env.DB).forQuote(quoteId)
  if (!row) return null
  const placed = toPlaced(row)
  if (!isHostedPayment(placed.payment_method) || row.status !== 'pending_payment') return placed
  return providerFor[placed.payment_method] ? { ...placed, payment_url: await hostedPaymentUrl(env, row) } : placed
}

/** The same discount on the same lines: what the shopper was shown is what the order is placed with. */
function sameTerms(a: Coupon, b: Coupon): boolean {
  const list = (x: string[] | null | undefined) => JSON.stringify(x ?? null)
  return (
    a.kind === b.kind &&
    a.amount === b.amount &&
    a.min_subtotal === b.min_subtotal &&
    list(a.skus) === list(b.skus) &&
    list(a.category_keys) === list(b.category_keys)
  )
}

/**
 * Why the order's batch refused the cart's coupon (voucher-store.ts `stillOffered`), read only now. Terms changed in the
 * console since it was applied: the cart takes the new ones and the shopper sees the new total before paying it
 * (docs/product.md, "Rules"), never an amount they were not shown. Otherwise it is no longer theirs to use.
 */
async function refuseCoupon(env: Env, state: CartState, buyer: { customerId: number | null; phone: string | null }, now: Date): Promise<never> {
  const code = state.coupon!.code
  const active = await voucherStore(env.DB).activeCoupon(code, now)
  if (!active || !mayUseCoupon(active, buyer.customerId, buyer.phone ? [buyer.phone] : state.verified_phones)) {
    throw new CommerceError(409, 'coupon_invalid', { code })
  }
  if (!sameTerms(active.coupon, state.coupon!)) await cartStub(env, state.quote_id).setCoupon(active.coupon)
  throw new CommerceError(409, 'coupon_changed', { code })
}

function incrementId(): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000
  return `MJ${Date.now().toString().slice(-7)}${String(random).padStart(6, '0')}`
}

/** What the order is placed with, besides the cart. */
interface PlaceInput {
  method: PaymentCode
  customerId: number | null
  locale: Locale
  /** Details sent with the place; checked, kept on the cart, and used instead of the kept ones. */
  checkout?: CheckoutDetails
  origin?: string
  /** Whether the customer's account holds `checkout`'s mobile verified, read by the caller with the cart. */
  customerPhoneRead?: Promise<boolean>
}

/** What the checks settled: the order, its payment and what follows it are made from this. */
interface CheckedOrder {
  state: CartState
  input: PlaceInput
  /** The cart's products, without the services attached to them. */
  products: CartState['lines']
  totals: CartTotals
  details: CheckoutDetails
  shipping: ShippingMethod
  verified: boolean
  increment: string
  now: Date
}

/**
 * Places the cart's order with the details kept on the cart (docs/product.md, "Checkout"): every field is checked
 * again, the delivery date must be one the shipping method offers today, and cash on delivery needs a phone verified
 * by code. A refusal stores nothing.
 */
export async function placeOrder(env: Env, state: CartState, input: PlaceInput, now = new Date()): Promise<PlacedOrder> {
  if (state.status === 'ordered') {
    const existing = await orderForQuote(env, state.quote_id)
    if (existing) return existing
  }
  const products = state.lines.filter((l) => l.parent_item_id === null)
  if (products.length === 0) throw new CommerceError(400, 'cart_empty')
  const totals = computeTotals(state, now)
  const method = paymentMethods(state, totals, gatewaysOf(env)).find((p) => p.code === input.method)
  if (!method?.is_available) throw new CommerceError(400, 'payment_unavailable', { method: input.method })
  const given = input.checkout ?? state.checkout
  if (!given) throw new CommerceError(400, 'checkout_invalid', { field: 'name' }, ['name'])
  // Every read the checks need goes together (docs/architecture.md, "Trips to storage"); they are judged in the order a
  // shopper should hear them: the details, the phone, the coupon, then the stock. The delivery rules come from KV, a
  // customer's phone was read with the cart when the details came with the request, and the coupon and the stock are
  // checked by the order's own batch: nothing here waits for D1.
  const shippingRead = availableMethod(env, state, state.shipping_method ?? 'standard', input.locale, now, totals)
  const mobile = internationalMobile(given.contact.mobile)
  const verifiedRead =
    input.customerPhoneRead && input.checkout && mobile
      ? input.customerPhoneRead.then((ofAccount) => state.verified_phones.includes(mobile) || ofAccount)
      : phoneVerified(env, state, given.contact.mobile, input.customerId)
  verifiedRead.catch(() => {})
  const shipping = await shippingRead
  // The National Address is asked of Saudi Post again, never taken from the page (docs/product.md, "Checkout").
  const details = await withVerifiedAddress(env, checkedDetails(given, state, shipping), input.locale)
  // The details are kept on the cart (as PUT /cart/checkout keeps them) whether or not the order is placed, so a
  // refused one (an unverified phone, a sold-out line) leaves them for the next try.
  const keepDetails = () => (input.checkout ? cartStub(env, state.quote_id).setCheckout(details) : null)
  const verified = await verifiedRead
  if (input.method === 'cashondelivery' && !verified) {
    await keepDetails()
    throw new CommerceError(400, 'phone_unverified')
  }
  const checked: CheckedOrder = { state, input, products, totals, details, shipping, verified, increment: incrementId(), now }
  // A provider's payment is started before anything is stored: a provider that refuses this buyer (Tabby's
  // pre-scoring) refuses the request, and a refused request changes nothing (docs/decisions/0015).
  const provider = providerFor[input.method]
  const started = provider ? await startHostedPayment(env, provider, paymentOrderOf(checked)) : null
  // Kept as the order is placed, in the same trip: only a cart ordered meanwhile refuses them, and then the batch finds
  // that order.
  const keeping = keepDetails()
  const placing = orderStore(env.DB).placeAndRead(newOrderOf(checked), now)
  const [kept, outcome] = await Promise.allSettled([keeping, placing])
  if (outcome.status === 'rejected') throw outcome.reason
  if (kept.status === 'rejected') {
    // The order carries the details itself: a cart that could not keep them is no reason to refuse a placed order.
    console.error(
      JSON.stringify({ level: 'error', message: 'checkout details not kept on the cart', quote: state.quote_id, error: String(kept.reason) }),
    )
  }
  if ('refused' in outcome.value) {
    if (outcome.value.refused === 'duplicate') {
      const existing = await orderForQuote(env, state.quote_id)
      if (existing) return existing
    }
    return refusePlacement(env, checked, outcome.value.refused, verified ? mobile : null)
  }
  const row = outcome.value.row
  // Where the buyer pays is the payment just started: no need to read it back.
  const placed = { ...toPlaced(row), ...(started && row.status === 'pending_payment' ? { payment_url: started.url } : {}) }
  await afterPlacing(env, checked, placed, started)
  return placed
}

/** The order as a hosted payment's provider is told it, in the buyer's language and at what the shopper pays now. */
function paymentOrderOf({ state, input, products, totals, details, shipping, increment, now }: CheckedOrder) {
  return {
    increment_id: increment,
    grand_total: totals.grand_total,
    region_id: state.region_id,
    locale: input.locale,
    details,
    items: products.map((line) => ({
      sku: line.sku,
      name: input.locale === 'ar' ? line.name_ar : line.name_en,
      qty: line.qty,
      price: pricesWithTax(line, now).price,
    })),
    origin: input.origin,
    collectAt: shipping.showrooms?.find((showroom) => showroom.id === details.pickup_showroom)?.address,
  }
}

/** The order, its items and what its batch takes and checks again (worker/storage/order-store.ts), in one batch. */
function newOrderOf({ state, input, products, totals, details, shipping, verified, increment, now }: CheckedOrder): NewOrder {
  return {
    increment_id: increment,
    quote_id: state.quote_id,
    customer_id: input.customerId,
    email: details.contact.email,
    region_id: state.region_id,
    payment_method: input.method,
    status: isHostedPayment(input.method) ? 'pending_payment' : 'processing',
    totals,
    locale: input.locale,
    customer_name: details.contact.name,
    phone: internationalMobile(details.contact.mobile)!,
    phone_verified: verified,
    shipping_address: details.shipping_address,
    billing_address: details.billing_address,
    delivery_date: details.delivery_date,
    shipping_method: shipping.code,
    pickup_showroom: details.pickup_showroom ?? null,
    business: details.business ?? null,
    items: state.lines.map((line) => ({
      product_id: line.product_id,
      sku: line.sku,
      name: line.name_en,
      name_ar: line.name_ar,
      image: line.image,
      qty: line.qty,
      // What the shopper pays for it now (a running sale included), as the totals count it: never the list price.
      price: pricesWithTax(line, now).price,
      fee_option_id: line.fee_option_id,
      parent_sku: line.parent_item_id === null ? null : (state.lines.find((l) => l.item_id === line.parent_item_id)?.sku ?? null),
    })),
    // Pre-orders hold no stock; everything else takes its units from the cart's region.
    stock: products.filter((l) => l.back_orders !== appConfig.backOrdersPreorderCode).map((l) => ({ product_id: l.product_id, qty: l.qty })),
    giftVoucher: state.gift_voucher && totals.gift_voucher > 0 ? { voucher: state.gift_voucher.voucher, amount: totals.gift_voucher } : null,
    erpVoucher: state.erp_voucher?.voucher ?? null,
    // A coupon is checked again, on the terms the shopper was shown: its window may have closed since it was applied
    // (docs/decisions/0007), or the console changed it.
    coupon: state.coupon ?? null,
    // Stock and the delivery rules are checked again in the order's region (docs/product.md, "Rules"), by the batch
    // that takes the units: the cart may hold a line added elsewhere, and a region without a stock row would take
    // no stock at all.
    sellable: products.map((l) => ({ sku: l.sku, qty: l.qty })),
  }
}

/**
 * The refusal the shopper hears for a batch that placed nothing (a duplicate whose order is gone included). `phone`:
 * the buyer's mobile when it is verified, for the coupon's limits.
 */
async function refusePlacement(
  env: Env,
  { state, input, products, now }: CheckedOrder,
  refused: PlacementRefusal,
  phone: string | null,
): Promise<never> {
  if (refused === 'voucher') throw new CommerceError(409, state.erp_voucher ? 'voucher_spent' : 'voucher_invalid')
  if (refused === couponRefused) await refuseCoupon(env, state, { customerId: input.customerId, phone }, now)
  if (refused === 'coupon') throw new CommerceError(409, 'coupon_used_up', { code: state.coupon?.code ?? '' })
  if (refused === 'coupon_customer') throw new CommerceError(409, 'coupon_customer_limit', { code: state.coupon?.code ?? '' })
  if (refused === 'coupon_closed') throw new CommerceError(409, 'coupon_invalid', { code: state.coupon?.code ?? '' })
  if (refused === 'stock' || refused === 'unsellable') {
    // Only now is each line read, to say which one and why, as the shopper would have heard it before the batch.
    const sellable = await Promise.all(products.map((line) => sellableIn(env, line.sku, state.region_id)))
    products.forEach((line, i) => {
      const { available } = sellable[i]!
      if (available !== null && available < line.qty) throw new CommerceError(409, 'qty_unavailable', { sku: line.sku })
    })
    throw new CommerceError(409, 'out_of_stock')
  }
  if (refused === 'cash_limit') throw new CommerceError(409, 'cod_open_limit', { count: serverLimits.orders.unconfirmedCashOrdersPerPhone })
  throw new Error(`order for quote ${state.quote_id} refused as ${refused}`)
}

/** What follows a placed order, after its batch: the cart, the payment, the pages, the address, the invoice, the message. */
async function afterPlacing(env: Env, { state, input, products, details, now }: CheckedOrder, placed: PlacedOrder, started: StartedPayment | null) {
  // What follows the order goes together (docs/architecture.md, "Trips to storage"): the cart marked ordered, where the
  // order is paid, the pages a sale changed (worker/http/page-cache.ts), and a customer's delivery address saved to
  // their account, once (docs/product.md, "Accounts").
  await Promise.all([
    cartStub(env, state.quote_id).markOrdered(placed.order_id),
    started ? recordHostedPayment(env, placed.order_id, started, now) : null,
    afterSale(
      env,
      state.region_id,
      products.map((l) => l.product_id),
    ),
    input.customerId !== null && details.shipping_address
      ? addressStore(env.DB).add(input.customerId, details.shipping_address, false, serverLimits.addressesPerCustomer, now)
      : null,
  ])
  // An order its vouchers paid in full is paid now: its invoice comes before the confirmation that links to it, as a
  // hosted payment's does at settlement (docs/decisions/0016-zatca-invoices.md); the five-minute job retries a failure.
  if (input.method === 'free') {
    await issueInvoice(env, placed.order_id, now).catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'error', message: 'invoice not issued at placing', order: placed.increment_id, error: String(error) }))
    })
  }
  if (placed.status === 'processing') await sendOrderConfirmation(env, placed.order_id)
}

export function orderDetailView(row: OrderDetailRow, locale: Locale): OrderDetail {
  const parse = <T>(text: string | null) => (text ? (JSON.parse(text) as T) : null)
  return {
    ...toPlaced(row),
    created_at: row.created_at,
    contact: row.customer_name && row.phone ? { name: row.customer_name, email: row.email, mobile: shownMobile(row.phone) } : null,
    shipping_address: parse<AddressFields>(row.shipping_address),
    billing_address: parse<AddressFields>(row.billing_address),
    business: parse<BusinessBuyer>(row.business),
    delivery_date: row.delivery_date,
    shipping_method: row.shipping_method as ShippingCode | null,
    pickup_showroom: pickupShowroomOf(row.pickup_showroom, locale),
    lines: row.items.map((item) => ({
      sku: item.sku,
      name: locale === 'ar' ? (item.name_ar ?? item.name) : item.name,
      image: item.image,
      qty: item.qty,
      price: item.price,
      row_total: item.row_total,
      is_service: item.parent_sku !== null,
    })),
    totals: parse<CartTotals>(row.totals) ?? {
      products_original: row.subtotal,
      product_discount: 0,
      services: 0,
      subtotal: row.subtotal,
      original_subtotal: row.subtotal,
      discount: row.discount,
      coupon_discount: 0,
      replacement_discount: 0,
      gift_voucher: 0,
      erp_voucher: 0,
      delivery: row.delivery,
      vat: row.vat,
      grand_total: row.grand_total,
      items_qty: 0,
      free_delivery_threshold: appConfig.money.freeDeliveryAboveSar,
    },
    coupon_code: row.coupon_code,
    gift_voucher: row.gift_voucher,
    erp_voucher: row.erp_voucher,
    // The buyer sees the steps, never which staff member took them (the console does).
    timeline: row.events.map(({ status, at }) => ({ status, at })),
    shipment: row.shipment && isCourier(row.shipment.courier) ? shipmentFor(row.shipment.courier, row.shipment.tracking_number, locale) : null,
    // Stored from the closed list of reasons the route accepts.
    return_request: row.return_request && {
      reason: row.return_request.reason as ReturnReason,
      note: row.return_request.note,
      requested_at: row.return_request.requested_at,
      status: row.return_request.status,
      answer: row.return_request.answer,
    },
    refunds: row.refunds.map((refund) => ({
      amount: refund.amount / 100,
      method: refund.method as RefundMethod,
      at: refund.done_at,
      credit_note: refund.note_serial === null ? null : documentId('credit_note', refund.note_serial),
    })),
  }
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
  let cancelled = 0
  for (const id of expired) {
    // The provider is asked first: a payment whose return and webhook were both lost still pays its order.
    const unpaid = await stillUnpaid(env, id).catch((error: unknown) => {
      // A provider that cannot be reached does not hold stock for ever: the order expires, and a payment that turns
      // up later is given back (settleHostedPayment, sendOwedRefunds).
      console.error(JSON.stringify({ level: 'error', message: 'provider not reached before expiry', orderId: id, error: String(error) }))
      return true
    })
    if (unpaid && (await cancelOrder(env, id, 'unpaid', now))) cancelled += 1
  }
  return cancelled
}

/**
 * Cancels the cash-on-delivery orders nobody confirmed within serverLimits.orders.cashConfirmHours, giving back what
 * each took (docs/decisions/0007, "Cash on delivery"). Run by the five-minute scheduled job; answers how many.
 */
export async function expireUnconfirmedCashOrders(env: Env, now = new Date()): Promise<number> {
  const orders = orderStore(env.DB)
  const cutoff = new Date(now.getTime() - serverLimits.orders.cashConfirmHours * 3600_000)
  let cancelled = 0
  for (const id of await orders.unconfirmedCashSince(cutoff, serverLimits.orders.expiryBatch)) {
    if (await cancelOrder(env, id, 'unconfirmedCash', now)) cancelled++
  }
  return cancelled
}

/**
 * Cancels an order nobody will complete (order-store.ts `cancelOpen`: its stock and what it spent come back, once) and
 * purges the cached pages of its products, whose stock may be back. Answers whether this call cancelled it.
 */
export async function cancelOrder(
  env: Env,
  orderId: number,
  which: CancellableOrder,
  now = new Date(),
  audit: AuditEntry | null = null,
): Promise<boolean> {
  const orders = orderStore(env.DB)
  if (!(await orders.cancelOpen(orderId, which, now, audit))) return false
  await productsChanged(env, await orders.productIds(orderId))
  return true
}

/**
 * Cancels a placed order before it ships (docs/decisions/0014, "Refunds"): its stock and what it spent go back in one
 * batch, its payment goes back through the provider that took it (once), and the buyer is told both. Answers whether
 * this call cancelled it, and whether money went back.
 */
export async function cancelBeforeShipping(
  env: Env,
  orderId: number,
  by: 'buyer' | 'store',
  now = new Date(),
  audit: AuditEntry | null = null,
): Promise<{ cancelled: boolean; refunded: boolean }> {
  if (!(await cancelOrder(env, orderId, 'beforeShipping', now, audit))) return { cancelled: false, refunded: false }
  // A refund the provider refuses now is sent again by the five-minute job (./refunds.ts `sendOwedRefunds`).
  const refunded = await refundCancelledOrder(env, orderId, now).catch(() => false)
  await sendOrderMessage(env, orderId, refunded ? 'order_cancelled_refunded' : by === 'buyer' ? 'order_cancelled' : 'order_cancelled_by_store')
  return { cancelled: true, refunded }
}
