/**
 * The cart as the Durable Object keeps it and as every cart answer sends it (docs/product.md, "Calls" 'Cart').
 * Pure data and pure rules only: the totals are computed here so they can be unit tested.
 */
import { appConfig, type Locale } from '../../app.config'
import { vatIncluded } from './money'
import { pricesWithTax, type PricesWithTax } from './pricing'
import type { CheckoutDetails } from './checkout'
import { deliveryFee, type ShippingCode } from './shipping'
import { shownMobile } from './phone'
import { couponCovers } from './coupons'

export interface CartLineRecord {
  item_id: number
  sku: string
  product_id: number
  qty: number
  name_ar: string
  name_en: string
  image: string
  price: number
  special_price: number | null
  discounted_price_from: string | null
  discounted_price_to: string | null
  big_items: boolean
  back_orders: number
  eligible_for_tabby: boolean
  eligible_for_tamara: boolean
  category_names: string[]
  /** The product's main category (its url key), for a coupon kept to categories; absent on lines added before. */
  category_key?: string
  /** The chosen options of a configurable product, as shown, e.g. "Colour: Black". */
  options_ar: string | null
  options_en: string | null
  /** A service line (product fee) belongs to the product line it was added for. */
  parent_item_id: number | null
  fee_id: number | null
  fee_option_id: number | null
  replacement_discount: boolean
  /** The product replaces an old air conditioner, so the replacement discount may be asked for (appConfig.money). */
  replacement_eligible?: boolean
}

export interface Coupon {
  code: string
  kind: 'percent' | 'fixed'
  amount: number
  min_subtotal: number
  /**
   * A coupon kept to some products (SKUs) or categories (url keys, those under them included) discounts only those
   * lines (src/domain/coupons.ts `couponCovers`); absent or null, every product line.
   */
  skus?: string[] | null
  category_keys?: string[] | null
}

export interface CartState {
  quote_id: string
  is_mask: 0 | 1
  customer_id: number | null
  region_id: number
  version: number
  status: 'active' | 'ordered'
  order_id: number | null
  coupon: Coupon | null
  /** The amount asked for, and the voucher's balance when it was redeemed (what is left is shown). */
  gift_voucher: { voucher: string; amount: number; balance?: number } | null
  erp_voucher: { voucher: string; amount: number } | null
  lines: CartLineRecord[]
  /** The chosen shipping method (standard until the shopper picks another). */
  shipping_method: ShippingCode | null
  /** What the shopper gave at checkout, kept with the cart (docs/product.md, "Checkout"). */
  checkout: CheckoutDetails | null
  /** Phones verified by code for this cart, in the international form (966...). */
  verified_phones: string[]
}

/**
 * The cart's money, every part on its own line (docs/product.md, "Cart"): products at their original prices, minus
 * the products' own discounts, plus services, minus the coupon and the replacement discount, plus delivery, minus the
 * gift and ERP vouchers, is the grand total. `subtotal`, `original_subtotal` and `discount` are the Direct API's.
 */
export interface CartTotals {
  products_original: number
  product_discount: number
  services: number
  subtotal: number
  original_subtotal: number
  discount: number
  coupon_discount: number
  replacement_discount: number
  gift_voucher: number
  erp_voucher: number
  delivery: number
  vat: number
  grand_total: number
  items_qty: number
  free_delivery_threshold: number
}

export interface CartItemView {
  item_id: number
  sku: string
  name: string
  options: string | null
  image: string
  qty: number
  price_incl_tax: number
  originalPrice: number
  specialPrice: number | null
  discount: number
  prices_with_tax: PricesWithTax
  row_total: number
  parent_item_id: number | null
  extension_attributes: {
    product_image: string
    product_fees: { fee_id: number; fee_option_id: number; item_id: number; title: string; price: number }[]
    prices: PricesWithTax
    category_names: string[]
    big_items: boolean
    is_preorder: boolean
    /** Whether each pay-later provider takes this product (checkout's rule, src/domain/installments.ts `bnplRefusal`). */
    eligible_for_tabby: boolean
    eligible_for_tamara: boolean
    replacement_discount: boolean
    replacement_eligible: boolean
  }
}

export interface CartView {
  quote_id: string
  isMask: 0 | 1
  version: number
  region_id: number
  status: 'active' | 'ordered'
  order_id: number | null
  coupon_code: string | null
  gift_voucher: string | null
  /** What is left on the gift voucher once this cart's share is used; null without one. */
  gift_voucher_left: number | null
  erp_voucher: string | null
  cartItems: CartItemView[]
  totals: CartTotals
  shipping_method: ShippingCode
  checkout: CheckoutDetails | null
  /** The spec's `mobiles`: numbers (05...) verified for this cart. */
  mobiles: Record<string, 'verified'>
}

const round2 = (n: number) => Math.round(n * 100) / 100

function linePrices(line: CartLineRecord, now: Date): PricesWithTax {
  return pricesWithTax(line, now)
}

export function computeTotals(state: CartState, now: Date): CartTotals {
  let subtotal = 0
  let originalSubtotal = 0
  let productSubtotal = 0
  let couponBase = 0
  let productsOriginal = 0
  let services = 0
  let replacement = 0
  let itemsQty = 0
  for (const line of state.lines) {
    const prices = linePrices(line, now)
    const row = prices.price * line.qty
    subtotal += row
    originalSubtotal += prices.original_price * line.qty
    if (line.parent_item_id === null) {
      productSubtotal += row
      if (state.coupon && couponCovers(state.coupon, line)) couponBase += row
      productsOriginal += prices.original_price * line.qty
      itemsQty += line.qty
      if (line.replacement_discount) {
        replacement += Math.min(row * appConfig.money.replacementDiscountShare, appConfig.money.replacementDiscountCapSar)
      }
    } else {
      services += row
    }
  }
  let coupon = 0
  if (state.coupon && productSubtotal >= state.coupon.min_subtotal) {
    // The minimum is the cart's; the discount is of the lines the coupon covers (all of them, unless it is restricted).
    coupon = state.coupon.kind === 'percent' ? (couponBase * state.coupon.amount) / 100 : Math.min(state.coupon.amount, couponBase)
  }
  const afterDiscounts = Math.max(0, subtotal - coupon - replacement)
  const delivery = deliveryFee(state.shipping_method ?? 'standard', afterDiscounts, state.lines.length > 0)
  let due = afterDiscounts + delivery
  const gift = Math.min(state.gift_voucher?.amount ?? 0, due)
  due -= gift
  const erp = Math.min(state.erp_voucher?.amount ?? 0, due)
  due -= erp
  const grand = round2(due)
  return {
    products_original: round2(productsOriginal),
    product_discount: round2(productsOriginal - productSubtotal),
    services: round2(services),
    subtotal: round2(subtotal),
    original_subtotal: round2(originalSubtotal),
    discount: round2(originalSubtotal - subtotal + coupon + replacement),
    coupon_discount: round2(coupon),
    replacement_discount: round2(replacement),
    gift_voucher: round2(gift),
    erp_voucher: round2(erp),
    delivery,
    vat: vatIncluded(grand),
    grand_total: grand,
    items_qty: itemsQty,
    free_delivery_threshold: appConfig.money.freeDeliveryAboveSar,
  }
}

export function cartView(state: CartState, locale: Locale, now: Date, feeTitles: Map<number, { ar: string; en: string }> = new Map()): CartView {
  const feeLines = state.lines.filter((l) => l.parent_item_id !== null)
  const items = state.lines.map((line): CartItemView => {
    const prices = linePrices(line, now)
    return {
      item_id: line.item_id,
      sku: line.sku,
      name: locale === 'ar' ? line.name_ar : line.name_en,
      options: locale === 'ar' ? line.options_ar : line.options_en,
      image: line.image,
      qty: line.qty,
      price_incl_tax: prices.price,
      originalPrice: prices.original_price,
      specialPrice: prices.discounted_price,
      discount: round2((prices.original_price - prices.price) * line.qty),
      prices_with_tax: prices,
      row_total: round2(prices.price * line.qty),
      parent_item_id: line.parent_item_id,
      extension_attributes: {
        product_image: line.image,
        product_fees: feeLines
          .filter((f) => f.parent_item_id === line.item_id)
          .map((f) => ({
            fee_id: f.fee_id!,
            fee_option_id: f.fee_option_id!,
            item_id: f.item_id,
            title: feeTitles.get(f.fee_id!)?.[locale] ?? (locale === 'ar' ? f.name_ar : f.name_en),
            price: f.price,
          })),
        prices,
        category_names: line.category_names,
        big_items: line.big_items,
        is_preorder: line.back_orders === appConfig.backOrdersPreorderCode,
        eligible_for_tabby: line.eligible_for_tabby,
        eligible_for_tamara: line.eligible_for_tamara,
        replacement_discount: line.replacement_discount,
        replacement_eligible: line.replacement_eligible === true,
      },
    }
  })
  const totals = computeTotals(state, now)
  return {
    quote_id: state.quote_id,
    isMask: state.is_mask,
    version: state.version,
    region_id: state.region_id,
    status: state.status,
    order_id: state.order_id,
    coupon_code: state.coupon?.code ?? null,
    gift_voucher: state.gift_voucher?.voucher ?? null,
    gift_voucher_left: state.gift_voucher?.balance === undefined ? null : round2(Math.max(0, state.gift_voucher.balance - totals.gift_voucher)),
    erp_voucher: state.erp_voucher?.voucher ?? null,
    cartItems: items,
    totals,
    shipping_method: state.shipping_method ?? 'standard',
    checkout: state.checkout,
    mobiles: Object.fromEntries(state.verified_phones.map((phone) => [shownMobile(phone), 'verified' as const])),
  }
}

/** docs/product.md, "Rules": a quote id of digits only is a customer cart (isMask 0), anything else masked (isMask 1). */
export function isMaskedQuote(quoteId: string): boolean {
  return !/^\d+$/.test(quoteId)
}
