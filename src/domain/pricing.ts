/**
 * The discount window (docs/product.md, "Rules"): a special price applies only while the current time is
 * within discounted_price_from..discounted_price_to. Prices include VAT.
 */

export interface PriceFields {
  price: number
  special_price: number | null
  discounted_price_from: string | null
  discounted_price_to: string | null
}

export interface PricesWithTax {
  /** What the shopper pays now. */
  price: number
  original_price: number
  discounted_price: number | null
  discounted_percentage: number
  discount_amount: number
}

export function isDiscountActive(product: PriceFields, now: Date): boolean {
  const { special_price, price, discounted_price_from, discounted_price_to } = product
  if (special_price === null || !(special_price < price)) return false
  const time = now.getTime()
  const from = discounted_price_from ? Date.parse(discounted_price_from) : Number.NEGATIVE_INFINITY
  const to = discounted_price_to ? Date.parse(discounted_price_to) : Number.POSITIVE_INFINITY
  if (Number.isNaN(from) || Number.isNaN(to)) return false
  return from <= time && time <= to
}

export function pricesWithTax(product: PriceFields, now: Date): PricesWithTax {
  if (!isDiscountActive(product, now)) {
    return { price: product.price, original_price: product.price, discounted_price: null, discounted_percentage: 0, discount_amount: 0 }
  }
  const special = product.special_price as number
  return {
    price: special,
    original_price: product.price,
    discounted_price: special,
    discounted_percentage: Math.round((1 - special / product.price) * 100),
    discount_amount: Math.round((product.price - special) * 100) / 100,
  }
}
