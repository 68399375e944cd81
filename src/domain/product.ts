import type { ProductLabel } from './labels'
import { isPictureAddress } from './pictures'

/** A sku as the store writes them (src/domain/schemas.ts `sku` checks it at every door; the browser filters with it). */
export const skuPattern = /^[A-Za-z0-9-]{1,64}$/

/** A product message (docs/product.md, "Calls"), its text already in the page's language. */
export interface ProductMessage {
  key: string
  icon: string
  text: string
}

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
  fast_delivery: boolean
  big_items: boolean
  delivery_within_24_hours: boolean
  preorder_note: string | null
  /** Label texts already in the page's language; the card filters them by their window. */
  labels: ProductLabel[]
  messages: ProductMessage[]
  /** The generated drawing shown when a picture by URL fails to load (docs/catalogue-import.md, "Pictures"). */
  drawing?: string
  /** Its approved reviews' average and count (docs/product.md, "Reviews"); absent before the first. */
  rating?: { average: number; count: number }
}

/** A configurable product's option (docs/product.md, "Validation": every option is required). */
export interface ProductOption {
  /** The attribute code the cart call names (option_id). */
  code: string
  label: string
  values: { value: number; label: string }[]
}

/**
 * A drawing's address (docs/product.md, "Demo catalogue and pictures"): the kind, the style of the product's line, the
 * finish of its colour and the view, so two products that look different never share one.
 */
export function drawingPath(kind: string, style: string, finish: string, view: number): string {
  return `/media/product/${kind}-${style}-${finish}-${view}.svg`
}

/** The older address of a drawing by hue, still what an import's `drawing` gives (docs/catalogue-import.md, "Pictures"). */
export function productImagePath(kind: string, hue: number, view: number): string {
  return `/media/product/${kind}-${hue}-${view}.svg`
}

/**
 * A product's pictures: an import's addresses when it has any, else its generated drawings. A stored address the
 * picture rule refuses (one stored before the rule, or written by anything but the import) is left out, so no page,
 * cart line or search hit ever asks for it (docs/catalogue-import.md, "Pictures").
 */
export function productPictures(row: { images?: string | null; image_kind: string; image_hue: number; image_count: number }): string[] {
  const pictures = row.images ? (JSON.parse(row.images) as unknown[]).filter((p): p is string => typeof p === 'string' && isPictureAddress(p)) : []
  if (pictures.length > 0) return pictures
  return Array.from({ length: row.image_count }, (_, view) => productImagePath(row.image_kind, row.image_hue, view))
}

/** The drawing shown when a picture fails to load: the product's own drawing when its pictures are drawings. */
export function productDrawing(row: { images?: string | null; image_kind: string; image_hue: number; image_count: number }): string {
  const first = productPictures(row)[0]
  return first?.startsWith('/media/product/') ? first : productImagePath(row.image_kind, row.image_hue, 0)
}

/**
 * One variant of a configurable product, as its page shows it (docs/decisions/0020-variants-are-products.md): what
 * differs from the parent only, so the page's answer stays small. Its specifications are the rows whose value differs
 * from the parent's.
 */
export interface ProductVariant extends Pick<
  ProductSummary,
  | 'sku'
  | 'name'
  | 'image'
  | 'drawing'
  | 'price'
  | 'special_price'
  | 'discounted_price_from'
  | 'discounted_price_to'
  | 'back_orders'
  | 'not_for_sale'
  | 'in_stock'
  | 'fast_delivery'
  | 'big_items'
  | 'delivery_within_24_hours'
  | 'preorder_note'
> {
  description: string
  specifications: { name: string; value: string }[]
  /** The option values it stands for: attribute code (ProductOption.code) -> value. */
  values: Record<string, number>
}
