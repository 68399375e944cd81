/**
 * Finding, creating and filling carts: who may open which quote (docs/decisions/0006-where-the-spec-is-silent.md, permissions),
 * and what a product line must satisfy before it goes in (region stock, big items, not for sale,
 * options).
 */
import { appConfig, type Locale } from '../../app.config'
import { productPictures } from '../../src/domain/product'
import { variantMatching } from '../../src/domain/variants'
import type { NewCartLine } from '../durable-objects/cart-object'
import { type CartState, isMaskedQuote } from '../../src/domain/cart'
import type { Customer } from './customers'
import { randomToken } from '../platform/tokens'
import { CommerceError } from './errors'
import type { ConfigurableOption } from '../../src/domain/schemas'
import { accountStore } from '../storage/account-store'
import { productStore } from '../storage/product-store'

const maskedQuotePattern = /^[A-Za-z0-9_-]{32}$/

export function cartStub(env: Env, quoteId: string) {
  // Created near the Saudi shoppers it serves (docs/decisions/0029-reads-near-the-shopper.md); a hint counts only when
  // the object is first made.
  return env.CART.get(env.CART.idFromName(quoteId), { locationHint: 'me' })
}

/** Opens an existing cart the caller may use, or fails the way the spec says. */
/**
 * The caller's cart, its ownership checked, without reading it: a change refuses a missing or ordered cart itself,
 * so a route that only changes the cart asks the Durable Object once.
 */
export async function cartFor(env: Env, quoteId: string | undefined, customer: Customer | null) {
  if (!quoteId) throw new CommerceError(400, 'bad_request', undefined, ['the quote header is required'])
  if (isMaskedQuote(quoteId)) {
    // An unguessable id is the guest's only key; a malformed one is simply not a cart.
    if (!maskedQuotePattern.test(quoteId)) throw new CommerceError(404, 'cart_not_found')
  } else {
    if (!customer) throw new CommerceError(401, 'unauthorized', { resources: 'cart' })
    if (!(await accountStore(env.DB).ownsQuote(customer.id, quoteId))) throw new CommerceError(401, 'unauthorized', { resources: 'cart' })
  }
  return cartStub(env, quoteId)
}

/** The caller's cart and its state, for a route that reads it before (or instead of) changing it. */
export async function openCart(env: Env, quoteId: string | undefined, customer: Customer | null) {
  const stub = await cartFor(env, quoteId, customer)
  const state = await stub.state()
  if (!state) throw new CommerceError(404, 'cart_not_found')
  return { stub, state }
}

/**
 * A new guest cart, or the customer's active cart (created when it has none or it was ordered), started in the
 * shopper's language (a cart reminder speaks it: docs/decisions/0032-abandoned-carts.md).
 */
export async function createCart(env: Env, customer: Customer | null, regionId: number, locale: Locale = 'ar'): Promise<CartState> {
  if (!customer) {
    const quoteId = randomToken(24)
    return cartStub(env, quoteId).init(quoteId, 1, null, regionId, [], locale)
  }
  const accounts = accountStore(env.DB)
  const current = await accounts.quoteOf(customer.id)
  if (current) {
    const state = await cartStub(env, current).state()
    if (state && state.status === 'active') return state
  }
  // Digits only: a customer quote (docs/product.md, "Rules"). Random, so ids say nothing about order volume.
  const quoteId = String(1_000_000_000 + (crypto.getRandomValues(new Uint32Array(1))[0]! % 8_999_999_999))
  await accounts.setQuote(customer.id, quoteId)
  // The customer's verified phones come with the cart, so checkout shows them verified (docs/product.md, "Checkout").
  return cartStub(env, quoteId).init(quoteId, 0, customer.id, regionId, await accounts.customerVerifiedPhones(customer.id), locale)
}

interface Configurable {
  attribute_code: string
  label: { ar: string; en: string }
  options: { value_index: number; label: { ar: string; en: string } }[]
}

/**
 * A product as it can be sold in a region, with how many may be bought there (null: no limit, a
 * pre-order). Throws the product's messages for what cannot be sold there (docs/product.md, "Rules").
 */
export async function sellableIn(env: Env, sku: string, regionId: number) {
  const product = await productStore(env.DB).cartProduct(sku, regionId)
  if (!product) throw new CommerceError(404, 'product_not_found', { sku })
  if (product.not_for_sale) throw new CommerceError(400, 'not_for_sale', { sku })
  if (product.big_items && regionId !== appConfig.regions.bigItemsOnlyId) throw new CommerceError(400, 'big_item_region', { sku })
  const preorder = product.back_orders === appConfig.backOrdersPreorderCode
  const available = preorder ? null : (product.qty ?? 0)
  if (available !== null && available <= 0) throw new CommerceError(400, 'out_of_stock', { sku })
  return { product, available }
}

/** The cart line for a sku in a region (options required for a configurable product), with how many may be bought there. */
export async function cartLineFor(env: Env, sku: string, regionId: number, options: readonly ConfigurableOption[] | undefined) {
  let { product, available } = await sellableIn(env, sku, regionId)

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
    const values = Object.fromEntries(chosen.map((c) => [c!.attribute.attribute_code, c!.value.value_index]))
    const variant = variantMatching(await productStore(env.DB).variantsOf(product.entity_id), values)
    if (variant) {
      // The line is the variant itself: its own price, picture and stock, and a name that already says its options
      // (docs/decisions/0020-variants-are-products.md), so they are not written after it again.
      ;({ product, available } = await sellableIn(env, variant.sku, regionId))
    } else {
      // A configurable product without variants (an import's) is sold as itself, its choice written after its name.
      optionsAr = chosen.map((c) => `${c!.attribute.label.ar}: ${c!.value.label.ar}`).join('، ')
      optionsEn = chosen.map((c) => `${c!.attribute.label.en}: ${c!.value.label.en}`).join(', ')
    }
  }

  const line: NewCartLine = {
    sku: product.sku,
    product_id: product.entity_id,
    name_ar: product.name_ar,
    name_en: product.name_en,
    image: productPictures(product)[0]!,
    price: product.price,
    special_price: product.special_price,
    discounted_price_from: product.discounted_price_from,
    discounted_price_to: product.discounted_price_to,
    big_items: product.big_items === 1,
    back_orders: product.back_orders,
    eligible_for_tabby: product.eligible_for_tabby === 1,
    eligible_for_tamara: product.eligible_for_tamara === 1,
    category_names: [product.category_en],
    category_key: product.category_url_key,
    options_ar: optionsAr,
    options_en: optionsEn,
    replacement_eligible: appConfig.money.replacementDiscountCategories.includes(product.category_url_key),
  }
  return { line, available }
}

/** Turns a refused cart change into the product's error. */
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
