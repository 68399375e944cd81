/** The product summary a card shows, as the server sends it (names already in the page's language). */
export interface ProductSummary {
  entity_id: number
  sku: string
  rewrite_url: string
  type_id: 'simple' | 'configurable'
  name: string
  brand: string
  image: string[]
  price: number
  special_price: number | null
  discounted_price_from: string | null
  discounted_price_to: string | null
  back_orders: number
  not_for_sale: boolean
  /** In stock in the shopper's region. */
  in_stock: boolean
}

export function productImagePath(kind: string, hue: number, view: number): string {
  return `/media/product/${kind}-${hue}-${view}.svg`
}
