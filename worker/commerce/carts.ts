/**
 * Finding, creating and filling carts: who may open which quote (DESIGN.md section 3, permissions),
 * and what a product line must satisfy before it goes in (region stock, big items, not for sale,
 * options).
 */
import { appConfig } from '../../app.config'
import { productImagePath } from '../../src/lib/product'
import type { NewCartLine } from '../durable-objects/cart'
import type { ProductRow } from '../seed/catalogue'
import { isMaskedQuote, type CartState } from './cart-model'
import type { Customer } from './customers'
import { randomToken } from './customers'
import { CommerceError } from './errors'

const maskedQuotePattern = /^[A-Za-z0-9_-]{32}$/

export function cartStub(env: Env, quoteId: string) {
  return env.CART.get(env.CART.idFromName(quoteId))
}

/** Opens an existing cart the caller may use, or fails the way the spec says. */
export async function openCart(env: Env, quoteId: string | undefined, customer: Customer | null) {
  if (!quoteId) throw new CommerceError(400, 'bad_request', undefined, ['the quote header is required'])
  if (isMaskedQuote(quoteId)) {
    // An unguessable id is the guest's only key; a malformed one is simply not a cart.
    if (!maskedQuotePattern.test(quoteId)) throw new CommerceError(404, 'cart_not_found')
  } else {
    if (!customer) throw new CommerceError(401, 'unauthorized', { resources: 'cart' })
    const owned = await env.DB.prepare('SELECT 1 AS ok FROM customer_quotes WHERE customer_id = ? AND quote_id = ?')
      .bind(customer.id, quoteId)
      .first()
    if (!owned) throw new CommerceError(401, 'unauthorized', { resources: 'cart' })
  }
  const stub = cartStub(env, quoteId)
  const state = await stub.state()
  if (!state) throw new CommerceError(404, 'cart_not_found')
  return { stub, state }
}

/** A new guest cart, or the customer's active cart (created when it has none or it was ordered). */
export async function createCart(env: Env, customer: Customer | null, regionId: number): Promise<CartState> {
  if (!customer) {
    const quoteId = randomToken(24)
    return cartStub(env, quoteId).init(quoteId, 1, null, regionId)
  }
  const current = await env.DB.prepare('SELECT quote_id FROM customer_quotes WHERE customer_id = ?').bind(customer.id).first<{ quote_id: string }>()
  if (current) {
    const state = await cartStub(env, current.quote_id).state()
    if (state && state.status === 'active') return state
  }
  // Digits only: a customer quote (spec section 4). Random, so ids say nothing about order volume.
  const quoteId = String(1_000_000_000 + (crypto.getRandomValues(new Uint32Array(1))[0]! % 8_999_999_999))
  await env.DB.prepare(
    'INSERT INTO customer_quotes (customer_id, quote_id) VALUES (?, ?) ON CONFLICT (customer_id) DO UPDATE SET quote_id = excluded.quote_id',
  )
    .bind(customer.id, quoteId)
    .run()
  return cartStub(env, quoteId).init(quoteId, 0, customer.id, regionId)
}

type ProductRecord = Pick<
  ProductRow,
  | 'entity_id' | 'sku' | 'type_id' | 'name_ar' | 'name_en' | 'price' | 'special_price' | 'discounted_price_from'
  | 'discounted_price_to' | 'back_orders' | 'not_for_sale' | 'big_items' | 'eligible_for_tabby' | 'eligible_for_tamara'
  | 'image_kind' | 'image_hue' | 'configurables'
> & { category_ar: string; category_en: string; qty: number | null }

export interface ConfigurableOption {
  option_id: string
  option_value: number
}

interface Configurable {
  attribute_code: string
  label: { ar: string; en: string }
  options: { value_index: number; label: { ar: string; en: string } }[]
}

/**
 * The cart line for a sku in a region, with how many may be bought there (null: no limit, a
 * pre-order). Throws the spec's messages for what cannot be added.
 */
export async function cartLineFor(env: Env, sku: string, regionId: number, options: ConfigurableOption[] | undefined) {
  const product = await env.DB.prepare(
    `SELECT p.entity_id, p.sku, p.type_id, p.name_ar, p.name_en, p.price, p.special_price, p.discounted_price_from,
            p.discounted_price_to, p.back_orders, p.not_for_sale, p.big_items, p.eligible_for_tabby, p.eligible_for_tamara,
            p.image_kind, p.image_hue, p.configurables, c.name_ar AS category_ar, c.name_en AS category_en, s.qty
     FROM products p JOIN categories c ON c.id = p.main_category_id
     LEFT JOIN stock s ON s.product_id = p.entity_id AND s.region_id = ?2
     WHERE p.sku = ?1`,
  )
    .bind(sku, regionId)
    .first<ProductRecord>()
  if (!product) throw new CommerceError(404, 'product_not_found', { sku })
  if (product.not_for_sale) throw new CommerceError(400, 'not_for_sale', { sku })
  if (product.big_items && regionId !== appConfig.regions.bigItemsOnlyId) throw new CommerceError(400, 'big_item_region', { sku })
  const preorder = product.back_orders === appConfig.backOrdersPreorderCode
  const available = preorder ? null : (product.qty ?? 0)
  if (available !== null && available <= 0) throw new CommerceError(400, 'out_of_stock', { sku })

  let optionsAr: string | null = null
  let optionsEn: string | null = null
  if (product.type_id === 'configurable') {
    const configurables = JSON.parse(product.configurables ?? '[]') as Configurable[]
    const chosen = configurables.map((attribute) => {
      const pick = options?.find((o) => o.option_id === attribute.attribute_code)
      const value = attribute.options.find((o) => o.value_index === pick?.option_value)
      return value ? { attribute, value } : null
    })
    if (chosen.some((c) => c === null) || (options?.length ?? 0) !== configurables.length) {
      throw new CommerceError(400, 'options_required', { sku })
    }
    optionsAr = chosen.map((c) => `${c!.attribute.label.ar}: ${c!.value.label.ar}`).join('، ')
    optionsEn = chosen.map((c) => `${c!.attribute.label.en}: ${c!.value.label.en}`).join(', ')
  }

  const line: NewCartLine = {
    sku: product.sku,
    product_id: product.entity_id,
    name_ar: product.name_ar,
    name_en: product.name_en,
    image: productImagePath(product.image_kind, product.image_hue, 0),
    price: product.price,
    special_price: product.special_price,
    discounted_price_from: product.discounted_price_from,
    discounted_price_to: product.discounted_price_to,
    big_items: product.big_items === 1,
    back_orders: product.back_orders,
    eligible_for_tabby: product.eligible_for_tabby === 1,
    eligible_for_tamara: product.eligible_for_tamara === 1,
    category_names: [product.category_en],
    options_ar: optionsAr,
    options_en: optionsEn,
  }
  return { line, available }
}

/** Turns a refused cart change into the spec's error. */
export function refusal(reason: string): CommerceError {
  switch (reason) {
    case 'ordered':
      return new CommerceError(409, 'cart_ordered')
    case 'item_not_found':
      return new CommerceError(404, 'item_not_found')
    case 'too_many_lines':
      return new CommerceError(400, 'too_many_lines')
    case 'qty_limit':
      return new CommerceError(400, 'qty_unavailable')
    default:
      return new CommerceError(404, 'cart_not_found')
  }
}
