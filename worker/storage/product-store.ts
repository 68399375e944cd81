/**
 * Product reads for cards, listings, product pages and cart lines, in the page's language and for the shopper's region.
 * A hidden product (the console's, docs/product.md "The merchant console") is read by none of them.
 */
import { reviewTotals } from '../../src/domain/reviews'
import { appConfig, type Locale } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import { deliveryDates, type DisplayDate } from '../../src/domain/dates'
import type { ProductLabel } from '../../src/domain/labels'
import {
  productDrawing,
  productPictures,
  type ProductMessage,
  type ProductOption,
  type ProductSummary,
  type ProductVariant,
} from '../../src/domain/product'
import { specificationsDiffering, variantMatching } from '../../src/domain/variants'
import { feesForRegion, type PricedFeeOption, type ProductFee } from '../../src/domain/product-fees'
import type { ProductRow } from '../../src/domain/catalogue'

type SummaryRecord = Pick<
  ProductRow,
  | 'entity_id'
  | 'sku'
  | 'rewrite_url'
  | 'type_id'
  | 'name_ar'
  | 'name_en'
  | 'brand_ar'
  | 'brand_en'
  | 'image_kind'
  | 'image_hue'
  | 'image_count'
  | 'images'
  | 'price'
  | 'special_price'
  | 'discounted_price_from'
  | 'discounted_price_to'
  | 'back_orders'
  | 'not_for_sale'
  | 'fast_delivery'
  | 'big_items'
  | 'delivery_within_24_hours'
  | 'preorder_note_ar'
  | 'preorder_note_en'
  | 'labels'
  | 'product_messages'
> & {
  qty: number | null
  showroom_here: number
  /** The product's approved reviews (review_totals, docs/decisions/0034-reviews.md): null before the first. */
  review_count: number | null
  review_stars: number | null
}

const summaryColumns = `p.entity_id, p.sku, p.rewrite_url, p.type_id, p.name_ar, p.name_en, p.brand_ar, p.brand_en,
  p.image_kind, p.image_hue, p.image_count, p.images, p.price, p.special_price, p.discounted_price_from, p.discounted_price_to,
  p.back_orders, p.not_for_sale, p.fast_delivery, p.big_items, p.delivery_within_24_hours, p.preorder_note_ar,
  p.preorder_note_en, p.labels, p.product_messages, s.qty,
  EXISTS (SELECT 1 FROM showrooms sh WHERE sh.region_id = ?2) AS showroom_here,
  (SELECT rt.count FROM review_totals rt WHERE rt.sku = p.sku) AS review_count,
  (SELECT rt.stars FROM review_totals rt WHERE rt.sku = p.sku) AS review_stars`

/** Labels and messages are stored with both languages; a card gets its page's. */
type StoredLabel = Omit<ProductLabel, 'frontend_settings' | 'category_settings'> & {
  frontend_settings?: Omit<NonNullable<ProductLabel['frontend_settings']>, 'label_text'> & { label_text?: Record<Locale, string> | string }
  category_settings?: Omit<NonNullable<ProductLabel['category_settings']>, 'label_text'> & { label_text?: Record<Locale, string> | string }
}
type StoredMessage = { key: string; icon: string; message_en: string; message_ar: string }

function localText(text: Record<Locale, string> | string | undefined, locale: Locale): string | undefined {
  return typeof text === 'object' ? text[locale] : text
}

function localLabels(json: string, locale: Locale): ProductLabel[] {
  return (JSON.parse(json) as StoredLabel[]).map((label) => ({
    ...label,
    frontend_settings: label.frontend_settings && { ...label.frontend_settings, label_text: localText(label.frontend_settings.label_text, locale) },
    category_settings: label.category_settings && { ...label.category_settings, label_text: localText(label.category_settings.label_text, locale) },
  }))
}

function localSpecifications(json: string, locale: Locale): { name: string; value: string }[] {
  const specs = JSON.parse(json) as { name: Record<Locale, string>; value: Record<Locale, string> }[]
  return specs.map((spec) => ({ name: spec.name[locale], value: spec.value[locale] }))
}

function localMessages(json: string, locale: Locale): ProductMessage[] {
  return (JSON.parse(json) as StoredMessage[]).map((m) => ({ key: m.key, icon: m.icon, text: locale === 'ar' ? m.message_ar : m.message_en }))
}

/**
 * The pickup message only where it is true: the shopper's city has a showroom and the product is in stock there, for
 * sale and no pre-order (docs/product.md, "Showrooms").
 */
function pickupTrue(r: SummaryRecord): boolean {
  return r.showroom_here === 1 && (r.qty ?? 0) > 0 && r.not_for_sale !== 1 && r.back_orders !== appConfig.backOrdersPreorderCode
}

/** What a card shows of a product's reviews: the average (one decimal) and the count, no distribution. */
function cardRating(count: number, stars: number) {
  const { average } = reviewTotals({ count, stars, by: [] })
  return { average, count }
}

function toSummary(r: SummaryRecord, locale: Locale): ProductSummary {
  return {
    entity_id: r.entity_id,
    sku: r.sku,
    rewrite_url: r.rewrite_url,
    type_id: r.type_id,
    name: locale === 'ar' ? r.name_ar : r.name_en,
    brand: locale === 'ar' ? r.brand_ar : r.brand_en,
    image: productPictures(r),
    drawing: productDrawing(r),
    price: r.price,
    special_price: r.special_price,
    discounted_price_from: r.discounted_price_from,
    discounted_price_to: r.discounted_price_to,
    back_orders: r.back_orders,
    not_for_sale: r.not_for_sale === 1,
    in_stock: (r.qty ?? 0) > 0,
    fast_delivery: r.fast_delivery === 1,
    big_items: r.big_items === 1,
    delivery_within_24_hours: r.delivery_within_24_hours === 1,
    preorder_note: locale === 'ar' ? r.preorder_note_ar : r.preorder_note_en,
    labels: localLabels(r.labels, locale),
    messages: localMessages(r.product_messages, locale).filter((message) => message.key !== 'pickup' || pickupTrue(r)),
    ...(r.review_count ? { rating: cardRating(r.review_count, r.review_stars ?? 0) } : {}),
  }
}

/** One product of a category as a listing index needs it (worker/catalogue/listing.ts). */
export interface ListingRecord {
  entity_id: number
  brand_en: string
  brand_ar: string
  price: number
  special_price: number | null
  discounted_price_from: string | null
  discounted_price_to: string | null
  popularity: number
  created_at: string
  back_orders: number
  not_for_sale: number
  fast_delivery: number
  big_items: number
  delivery_within_24_hours: number
  /** Ids of the regions holding units, comma-separated (null when none does). */
  stocked_regions: string | null
}

/**
 * Every product read of the store, in parts by kind: listings and cards, what a cart line reads, and which products and
 * categories a sale or a change reaches. Each part is its own set of statements on `db`; none holds state.
 */
export function productStore(db: D1Database) {
  return { ...productListings(db), ...cartProducts(db), ...productReach(db) }
}

/** A category's listing records and the cards of products by sku or id, in the page's language and region. */
function productListings(db: D1Database) {
  return {
    /**
     * One lean record per product of a category (sub-categories included), with the regions holding units: what a
     * category's listing index is built from (worker/catalogue/listing-indexes.ts), once per change, never per view.
     */
    async listingRecords(categoryId: number): Promise<ListingRecord[]> {
      const { results } = await db
        .prepare(
          `SELECT p.entity_id, p.brand_en, p.brand_ar, p.price, p.special_price, p.discounted_price_from, p.discounted_price_to,
                  p.popularity, p.created_at, p.back_orders, p.not_for_sale, p.fast_delivery, p.big_items,
                  p.delivery_within_24_hours,
                  (SELECT group_concat(s.region_id) FROM stock s WHERE s.product_id = p.entity_id AND s.qty > 0) AS stocked_regions
           FROM product_categories pc
           JOIN products p ON p.entity_id = pc.product_id
           WHERE pc.category_id = ?1 AND p.hidden = 0`,
        )
        .bind(categoryId)
        .all<ListingRecord>()
      return results
    },

    /** Card summaries (and specifications, for the compare page) for skus, in the order given. */
    async summariesBySkus(skus: readonly string[], locale: Locale, regionId: number) {
      if (skus.length === 0) return []
      const { results } = await db
        .prepare(
          `SELECT ${summaryColumns}, p.specifications FROM products p
           LEFT JOIN stock s ON s.product_id = p.entity_id AND s.region_id = ?2
           WHERE p.sku IN (SELECT value FROM json_each(?1)) AND p.hidden = 0`,
        )
        .bind(JSON.stringify(skus), regionId)
        .all<SummaryRecord & { specifications: string }>()
      const bySku = new Map(results.map((r) => [r.sku, { ...toSummary(r, locale), specifications: localSpecifications(r.specifications, locale) }]))
      return skus.flatMap((sku) => bySku.get(sku) ?? [])
    },

    /** Card summaries for the given products, in the order given. */
    async summariesByIds(ids: readonly number[], locale: Locale, regionId: number): Promise<ProductSummary[]> {
      if (ids.length === 0) return []
      const { results } = await db
        .prepare(
          `SELECT ${summaryColumns} FROM products p
           LEFT JOIN stock s ON s.product_id = p.entity_id AND s.region_id = ?2
           WHERE p.entity_id IN (SELECT value FROM json_each(?1)) AND p.hidden = 0`,
        )
        .bind(JSON.stringify(ids), regionId)
        .all<SummaryRecord>()
      const byId = new Map(results.map((r) => [r.entity_id, toSummary(r, locale)]))
      return ids.flatMap((id) => byId.get(id) ?? [])
    },
  }
}

/** What a cart reads of a product: the product and its stock, a configurable product's variants, and its services. */
function cartProducts(db: D1Database) {
  return {
    /** What a cart line needs of a product, with its category and its stock in the region (null: no stock row). */
    cartProduct: (sku: string, regionId: number) =>
      db
        .prepare(
          `SELECT p.entity_id, p.sku, p.type_id, p.name_ar, p.name_en, p.price, p.special_price, p.discounted_price_from,
                  p.discounted_price_to, p.back_orders, p.not_for_sale, p.big_items, p.eligible_for_tabby, p.eligible_for_tamara,
                  p.image_kind, p.image_hue, p.image_count, p.images, p.configurables, c.name_ar AS category_ar, c.name_en AS category_en, c.url_key AS category_url_key, s.qty
           FROM products p JOIN categories c ON c.id = p.main_category_id
           LEFT JOIN stock s ON s.product_id = p.entity_id AND s.region_id = ?2
           WHERE p.sku = ?1 AND p.hidden = 0`,
        )
        .bind(sku, regionId)
        .first<CartProduct>(),

    /** A configurable product's variants and the option values each stands for (docs/decisions/0020-variants-are-products.md). */
    async variantsOf(parentId: number): Promise<{ sku: string; values: Record<string, number> }[]> {
      const { results } = await db
        .prepare('SELECT sku, variant_values FROM products WHERE parent_id = ?1 ORDER BY entity_id')
        .bind(parentId)
        .all<{ sku: string; variant_values: string }>()
      return results.map(variantValues)
    },

    /** A service's price for a product in the region, else in the fallback region (docs/product.md, "Services"). */
    feeOption: (productId: number, feeId: number, regionId: number) =>
      db
        .prepare(
          `SELECT o.fee_option_id, o.price, f.title_ar, f.title_en FROM product_fee_options o JOIN product_fees f ON f.fee_id = o.fee_id
           WHERE o.product_id = ?1 AND o.fee_id = ?2 AND o.region_id IN (?3, ?4)
           ORDER BY o.region_id = ?3 DESC LIMIT 1`,
        )
        .bind(productId, feeId, regionId, serverLimits.feeFallbackRegionId)
        .first<{ fee_option_id: number; price: number; title_ar: string; title_en: string }>(),

    /** The services each product offers in the region (else at the fallback region's price), by sku, for the cart's offers. */
    async feesForSkus(skus: readonly string[], locale: Locale, regionId: number): Promise<Record<string, ProductFee[]>> {
      if (skus.length === 0) return {}
      const { results } = await db
        .prepare(
          `SELECT p.sku, o.fee_id, o.fee_option_id, o.region_id, o.price, f.title_ar, f.title_en
           FROM products p JOIN product_fee_options o ON o.product_id = p.entity_id JOIN product_fees f ON f.fee_id = o.fee_id
           WHERE p.sku IN (SELECT value FROM json_each(?1)) AND o.region_id IN (?2, ?3)`,
        )
        .bind(JSON.stringify(skus), regionId, serverLimits.feeFallbackRegionId)
        .all<PricedFeeOption & { sku: string }>()
      return Object.fromEntries(
        skus.map((sku) => [
          sku,
          feesForRegion(
            results.filter((row) => row.sku === sku),
            regionId,
            serverLimits.feeFallbackRegionId,
            locale,
          ),
        ]),
      )
    },
  }
}

/** Which products and category pages a sale or a change reaches: sold out in a region, their parents, their categories. */
function productReach(db: D1Database) {
  return {
    /**
     * Of these products and their parents, those with no stock left in the region (a sale just emptied it, or none was
     * there). A parent's stock is its variants' (worker/storage/migrations/0022_parent_stock_follows_variants.sql): the
     * sale of the last variant in a city sells its parent out there too.
     */
    async soldOutIn(regionId: number, productIds: readonly number[]): Promise<number[]> {
      if (productIds.length === 0) return []
      const { results } = await db
        .prepare(
          `SELECT product_id FROM stock WHERE region_id = ?1 AND qty <= 0 AND product_id IN (
             SELECT value FROM json_each(?2)
             UNION SELECT parent_id FROM products WHERE parent_id IS NOT NULL AND entity_id IN (SELECT value FROM json_each(?2)))`,
        )
        .bind(regionId, JSON.stringify(productIds))
        .all<{ product_id: number }>()
      return results.map((row) => row.product_id)
    },

    /** These products and the parents of the variants among them: a variant is shown on its parent's page and card. */
    async withParents(productIds: readonly number[]): Promise<number[]> {
      if (productIds.length === 0) return []
      const { results } = await db
        .prepare(
          `SELECT value AS id FROM json_each(?1)
           UNION SELECT parent_id FROM products WHERE parent_id IS NOT NULL AND entity_id IN (SELECT value FROM json_each(?1))`,
        )
        .bind(JSON.stringify(productIds))
        .all<{ id: number }>()
      return results.map((row) => row.id)
    },

    /** Every category listing these products (the pages a change of theirs shows on). */
    async categoriesOf(productIds: readonly number[]): Promise<number[]> {
      if (productIds.length === 0) return []
      const { results } = await db
        .prepare('SELECT DISTINCT category_id FROM product_categories WHERE product_id IN (SELECT value FROM json_each(?1))')
        .bind(JSON.stringify(productIds))
        .all<{ category_id: number }>()
      return results.map((row) => row.category_id)
    },
  }
}

type CartProduct = Pick<
  ProductRow,
  | 'entity_id'
  | 'sku'
  | 'type_id'
  | 'name_ar'
  | 'name_en'
  | 'price'
  | 'special_price'
  | 'discounted_price_from'
  | 'discounted_price_to'
  | 'back_orders'
  | 'not_for_sale'
  | 'big_items'
  | 'eligible_for_tabby'
  | 'eligible_for_tamara'
  | 'image_kind'
  | 'image_hue'
  | 'image_count'
  | 'images'
  | 'configurables'
> & { category_ar: string; category_en: string; category_url_key: string; qty: number | null }

interface ProductDetail extends ProductSummary {
  description: string
  specifications: { name: string; value: string }[]
  main_category: { url_key: string; name: string }
  /** A configurable product's options (all required), labels in the page's language. */
  options: ProductOption[]
  /** Services sold with the product, priced for the shopper's region (docs/product.md, "Limits"). */
  fees: ProductFee[]
  eligible_for_tabby: boolean
  eligible_for_tamara: boolean
  /** The days the shopper's city can receive a delivery, first one first. */
  delivery_dates: DisplayDate[]
  /** A configurable product's variants, in the shopper's region (docs/decisions/0020-variants-are-products.md). */
  variants: ProductVariant[]
  /** The variant the page opens on when its address names none. */
  opening_variant: string | null
}

type StoredConfigurable = {
  attribute_code: string
  label: Record<Locale, string>
  options: { value_index: number; label: Record<Locale, string> }[]
}

function localOptions(json: string | null, locale: Locale): ProductOption[] {
  if (!json) return []
  return (JSON.parse(json) as StoredConfigurable[]).map((c) => ({
    code: c.attribute_code,
    label: c.label[locale],
    values: c.options.map((o) => ({ value: o.value_index, label: o.label[locale] })),
  }))
}

type DetailRecord = SummaryRecord &
  Record<'description_ar' | 'description_en' | 'specifications' | 'category_url_key' | 'category_name_ar' | 'category_name_en', string> & {
    configurables: string | null
    variant_values: string | null
    eligible_for_tabby: number
    eligible_for_tamara: number
    main_category_id: number
    delivery_lead_days: number | null
    delivery_date_count: number | null
  }

/**
 * One product by its rewrite_url, with what the product page shows: options, the region's fees and
 * delivery dates, and up to `relatedLimit` related products (same main category, most popular).
 */
export async function productDetail(
  db: D1Database,
  rewriteUrl: string,
  locale: Locale,
  regionId: number,
  options: { now: Date; relatedLimit: number },
): Promise<{ product: ProductDetail; related: ProductSummary[] } | null> {
  const [detail, fees, related, variants] = await db.batch<DetailRecord & PricedFeeOption & SummaryRecord & VariantRecord>([
    db
      .prepare(
        `SELECT ${summaryColumns}, p.description_ar, p.description_en, p.specifications, p.configurables, p.variant_values, p.eligible_for_tabby,
                p.eligible_for_tamara, p.main_category_id, c.url_key AS category_url_key, c.name_ar AS category_name_ar,
                c.name_en AS category_name_en, r.delivery_lead_days, r.delivery_date_count
         FROM products p JOIN categories c ON c.id = p.main_category_id
         LEFT JOIN stock s ON s.product_id = p.entity_id AND s.region_id = ?2
         LEFT JOIN regions r ON r.id = ?2
         WHERE p.rewrite_url = ?1 AND p.parent_id IS NULL AND p.hidden = 0`,
      )
      .bind(rewriteUrl, regionId),
    db
      .prepare(
        `SELECT o.fee_id, o.fee_option_id, o.region_id, o.price, f.title_ar, f.title_en
         FROM product_fee_options o JOIN product_fees f ON f.fee_id = o.fee_id
         WHERE o.product_id = (SELECT entity_id FROM products WHERE rewrite_url = ?1) AND o.region_id IN (?2, ?3)`,
      )
      .bind(rewriteUrl, regionId, serverLimits.feeFallbackRegionId),
    db
      .prepare(
        `SELECT ${summaryColumns} FROM products p
         LEFT JOIN stock s ON s.product_id = p.entity_id AND s.region_id = ?2
         WHERE p.main_category_id = (SELECT main_category_id FROM products WHERE rewrite_url = ?1) AND p.rewrite_url != ?1
           AND p.parent_id IS NULL AND p.hidden = 0
         ORDER BY p.popularity DESC, p.entity_id LIMIT ?3`,
      )
      .bind(rewriteUrl, regionId, options.relatedLimit),
    db
      .prepare(
        `SELECT ${summaryColumns}, p.description_ar, p.description_en, p.specifications, p.variant_values FROM products p
         LEFT JOIN stock s ON s.product_id = p.entity_id AND s.region_id = ?2
         WHERE p.parent_id = (SELECT entity_id FROM products WHERE rewrite_url = ?1 AND type_id = 'configurable')
         ORDER BY p.entity_id`,
      )
      .bind(rewriteUrl, regionId),
  ])
  const row = detail?.results[0] as DetailRecord | undefined
  if (!row) return null
  const specifications = localSpecifications(row.specifications, locale)
  const variantRows = (variants?.results ?? []) as VariantRecord[]
  const opening = row.variant_values ? (JSON.parse(row.variant_values) as Record<string, number>) : null
  return {
    product: {
      ...toSummary(row, locale),
      description: locale === 'ar' ? row.description_ar : row.description_en,
      specifications,
      main_category: { url_key: row.category_url_key, name: locale === 'ar' ? row.category_name_ar : row.category_name_en },
      options: row.type_id === 'configurable' ? localOptions(row.configurables, locale) : [],
      fees: feesForRegion((fees?.results ?? []) as PricedFeeOption[], regionId, serverLimits.feeFallbackRegionId, locale),
      eligible_for_tabby: row.eligible_for_tabby === 1,
      eligible_for_tamara: row.eligible_for_tamara === 1,
      delivery_dates: row.delivery_lead_days === null ? [] : deliveryDates(options.now, row.delivery_lead_days, row.delivery_date_count ?? 3, locale),
      variants: variantRows.map((v) => toVariant(v, locale, specifications)),
      opening_variant: (opening && variantMatching(variantRows.map(variantValues), opening)?.sku) ?? null,
    },
    related: ((related?.results ?? []) as SummaryRecord[]).map((r) => toSummary(r, locale)),
  }
}

type VariantRecord = SummaryRecord & Record<'description_ar' | 'description_en' | 'specifications', string> & { variant_values: string }

function variantValues(r: { sku: string; variant_values: string }) {
  return { sku: r.sku, values: JSON.parse(r.variant_values) as Record<string, number> }
}

/** What the page needs of a variant, its rows of specifications only where they differ from the parent's. */
function toVariant(r: VariantRecord, locale: Locale, parentSpecifications: { name: string; value: string }[]): ProductVariant {
  const summary = toSummary(r, locale)
  return {
    sku: summary.sku,
    name: summary.name,
    image: summary.image,
    drawing: summary.drawing,
    price: summary.price,
    special_price: summary.special_price,
    discounted_price_from: summary.discounted_price_from,
    discounted_price_to: summary.discounted_price_to,
    back_orders: summary.back_orders,
    not_for_sale: summary.not_for_sale,
    in_stock: summary.in_stock,
    fast_delivery: summary.fast_delivery,
    big_items: summary.big_items,
    delivery_within_24_hours: summary.delivery_within_24_hours,
    preorder_note: summary.preorder_note,
    description: locale === 'ar' ? r.description_ar : r.description_en,
    specifications: specificationsDiffering(parentSpecifications, localSpecifications(r.specifications, locale)),
    values: variantValues(r).values,
  }
}
