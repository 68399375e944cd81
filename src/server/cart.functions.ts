/**
 * Cart server functions (docs/product.md, "Calls", "Add to cart helper" and the cart proxy calls). Each takes
 * the page's language explicitly: a server-function request carries no /en prefix of its own.
 * Cart helpers return {data, error, status} instead of throwing.
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import type { CartView } from '../domain/cart'
import type { CommerceResult } from '~/commerce/client'
import { cartAddBodyOf, cartLine, couponCode, itemId, locale, qty } from '../domain/schemas'
import { endCustomerSessionIfUnauthorized, shopperSession } from './commerce-session.server'


export const getCart = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(async ({ data }): Promise<CartView | null> => {
    const session = shopperSession(data.locale)
    if (!session.quote()) return null
    const result = await (await session.client()).settle<{ cart: CartView }>('GET', '/cart')
    if (endCustomerSessionIfUnauthorized(result)) return null
    // An ordered cart is no cart; its quote stays until the next add replaces it (forgetting it here
    // could race with a payment return that just set the re-activated cart's quote).
    if (result.data?.cart.status === 'ordered') return null
    if (result.status === 404 || result.status === 401) {
      // The quote is gone or not ours any more: start afresh on the next add.
      session.forgetQuote()
      return null
    }
    return result.data?.cart ?? null
  })

/** The add-to-cart line (src/domain/schemas.ts) in the page's language. */
const addInput = cartLine.and({ locale })

type AddAnswer = {
  item_id: number
  quoteId: string
  cart: CartView
  /** How many of the chosen services were added, and the refusal of the first that was not. */
  feesAdded?: number
  feeError?: string
}

export const addToCart = createServerFn({ method: 'POST' })
  .validator(addInput)
  .handler(async ({ data }): Promise<CommerceResult<AddAnswer>> => {
    const body = cartAddBodyOf(data)
    const session = shopperSession(data.locale)
    const attempt = async () => {
      if (!session.quote()) await session.createQuote(String(data.regionId))
      return (await session.client()).settle<AddAnswer>('POST', '/cart/add', body)
    }
    let result = await attempt()
    // docs/product.md, "Errors": a 401 on add resets the cart and fetches a new quote. A vanished or ordered cart, the same.
    endCustomerSessionIfUnauthorized(result)
    const cartGone = result.status === 401 || result.error?.code === 'cart_not_found' || result.error?.code === 'cart_ordered'
    if (cartGone) {
      session.forgetQuote()
      result = await attempt()
    }
    if (!result.data || !data.feeIds?.length) return result
    // The product is in the cart; its services follow one by one (each is a line of its own).
    const answer: AddAnswer = { ...result.data, feesAdded: 0 }
    const client = await session.client()
    for (const fee_id of data.feeIds) {
      const fee = await client.settle<{ cart: CartView }>('POST', '/cart/productFees', { item_id: answer.item_id, fee_id })
      if (!fee.data) {
        answer.feeError = fee.error?.message
        break
      }
      answer.cart = fee.data.cart
      answer.feesAdded! += 1
    }
    return { ...result, data: answer }
  })

export const updateCartItem = createServerFn({ method: 'POST' })
  .validator(type({ locale, itemId, qty }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle<{ cart: CartView }>('PUT', '/cart/updateItem', { itemId: data.itemId, qty: data.qty }),
  )

export const removeCartItem = createServerFn({ method: 'POST' })
  .validator(type({ locale, itemId }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle<{ cart: CartView }>('DELETE', `/cart/item/${data.itemId}`),
  )

export const clearCart = createServerFn({ method: 'POST' })
  .validator(type({ locale }))
  .handler(async ({ data }) => {
    type Cleared = { status: boolean; msg: string; cart: CartView | null }
    if (!shopperSession(data.locale).quote()) return { data: { status: true, msg: '', cart: null }, error: null, status: 200 } satisfies CommerceResult<Cleared>
    return (await shopperSession(data.locale).client()).settle<Cleared>('DELETE', '/cart/clear')
  })

export const applyCoupon = createServerFn({ method: 'POST' })
  .validator(type({ locale, couponCode }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle<{ cart: CartView }>('PUT', '/cart/applyCoupon', { couponCode: data.couponCode }),
  )

export const removeCoupon = createServerFn({ method: 'POST' })
  .validator(type({ locale }))
  .handler(async ({ data }) => (await shopperSession(data.locale).client()).settle<{ cart: CartView }>('DELETE', '/cart/deleteCoupon'))
