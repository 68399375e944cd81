/**
 * The catalogue as D1 stores it (docs/architecture.md, "The shared domain"): one row type per table the
 * storefront reads. The seed writes these rows, storage reads them, views are built from them.
 */

/** A category's url_key and a product's rewrite_url: ASCII, the same in both languages. */
export const categorySlug = /^[a-z0-9-]{1,80}$/
export const productSlug = /^[a-z0-9-]{1,200}$/

export type ImageKind =
  | 'phone'
  | 'tablet'
  | 'watch'
  | 'laptop'
  | 'monitor'
  | 'tv'
  | 'headphones'
  | 'speaker'
  | 'console'
  | 'controller'
  | 'camera'
  | 'drone'
  | 'fridge'
  | 'washer'
  | 'ac'
  | 'oven'
  | 'microwave'
  | 'blender'
  | 'coffee'
  | 'airfryer'
  | 'vacuum'
  | 'iron'
  | 'sofa'
  | 'lamp'
  | 'bed'
  | 'cookware'
  | 'router'
  | 'charger'
  | 'box'

export interface CategoryRow {
  id: number
  parent_id: number | null
  url_key: string
  name_ar: string
  name_en: string
  position: number
  include_in_menu: number
  show_in_mega_menu: number
  show_animation: number
  banner_desktop: string | null
  banner_mobile: string | null
}

export interface ProductRow {
  entity_id: number
  sku: string
  rewrite_url: string
  type_id: 'simple' | 'configurable'
  name_ar: string
  name_en: string
  description_ar: string
  description_en: string
  brand_ar: string
  brand_en: string
  price: number
  special_price: number | null
  discounted_price_from: string | null
  discounted_price_to: string | null
  back_orders: number
  preorder_note_ar: string | null
  preorder_note_en: string | null
  not_for_sale: number
  fast_delivery: number
  big_items: number
  delivery_within_24_hours: number
  eligible_for_tabby: number
  eligible_for_tamara: number
  show_outofstock: number
  main_category_id: number
  image_kind: ImageKind
  image_hue: number
  image_count: number
  /** JSON array of picture addresses (an import's); '[]' or absent: the drawing. */
  images?: string
  popularity: number
  labels: string
  product_messages: string
  specifications: string
  configurables: string | null
  /** A variant's configurable parent (docs/decisions/0020-variants-are-products.md); null for every other product. */
  parent_id?: number | null
  /** JSON object attribute code -> value_index: the options a variant stands for, or a parent's opening choice. */
  variant_values?: string | null
  created_at: string
}

export interface StockRow {
  product_id: number
  region_id: number
  qty: number
}

export interface FeeRow {
  fee_id: number
  title_en: string
  title_ar: string
}

export interface FeeOptionRow {
  fee_option_id: number
  fee_id: number
  product_id: number
  region_id: number
  price: number
}

export interface RegionRow {
  id: number
  label_ar: string
  label_en: string
  position: number
  delivery_lead_days: number
  delivery_date_count: number
}

export interface StaticPageRow {
  slug: string
  title_ar: string
  title_en: string
  body_ar: string
  body_en: string
}

/** A showroom of the retailer (docs/product.md, "Showrooms"); hours are Riyadh wall-clock 'HH:MM'. */
export interface ShowroomRow {
  id: string
  region_id: number
  position: number
  name_ar: string
  name_en: string
  address_ar: string
  address_en: string
  opens: string
  closes: string
  friday_opens: string
  friday_closes: string
  phone: string
  map_url: string
}

export interface BlogPostRow {
  slug: string
  title_ar: string
  title_en: string
  excerpt_ar: string
  excerpt_en: string
  body_ar: string
  body_en: string
  published_at: string
}

/** A city as the region list gives it (docs/product.md: Region option). */
export interface RegionOption {
  label: string
  value: string
  /** The city's delivery lead days (the "Select city" placeholder has none). */
  lead_days?: number
}
