/**
 * A cart line and a cart for tests of the cart's rules (src/domain/cart.test.ts, worker/commerce/payments.test.ts):
 * a plain product in Riyadh, every field set, each test overriding what it is about.
 */
import type { CartLineRecord, CartState } from './cart'

export function testLine(over: Partial<CartLineRecord> = {}): CartLineRecord {
  return {
    item_id: 1,
    sku: 'SAM-1',
    product_id: 1,
    qty: 1,
    name_ar: 'ا',
    name_en: 'a',
    image: '/i.svg',
    price: 100,
    special_price: null,
    discounted_price_from: null,
    discounted_price_to: null,
    big_items: false,
    back_orders: 0,
    eligible_for_tabby: true,
    eligible_for_tamara: true,
    category_names: [],
    options_ar: null,
    options_en: null,
    parent_item_id: null,
    fee_id: null,
    fee_option_id: null,
    replacement_discount: false,
    ...over,
  }
}

export function testCart(lines: CartLineRecord[], over: Partial<CartState> = {}): CartState {
  return {
    quote_id: 'q',
    is_mask: 1,
    customer_id: null,
    region_id: 1101,
    version: 1,
    status: 'active',
    order_id: null,
    coupon: null,
    gift_voucher: null,
    erp_voucher: null,
    lines,
    shipping_method: null,
    checkout: null,
    verified_phones: [],
    ...over,
  }
}
