/**
 * Cart server functions (spec section 7, "Add to cart helper" and the cart proxy calls). Each takes
 * the page's language explicitly: a server-function request carries no /en prefix of its own.
 * Cart helpers return {data, error, status} instead of throwing.
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import { env } from 'cloudflare:workers'
import { appConfig } from '../../app.config'
import type { CartView } from '~/commerce/cart-model'
import { commerceClient, type CommerceResult } from '~/commerce/client'
import { commerceCaller, createQuote, currentQuote, forgetQuote } from './commerce-session.server'

const locale = "'ar' | 'en'"
const qty = `1 <= number.integer <= ${appConfig.cart.maxQtyPerLine}` as const

export const getCart = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(async ({ data }): Promise<CartView | null> => {
    if (!currentQuote()) return null
    const result = await commerceClient(env, await commerceCaller(data.locale)).settle<{ cart: CartView }>('GET', '/cart')
    if (result.status === 404 || result.status === 401 || result.data?.cart.status === 'ordered') {
      // The quote is gone, not ours any more, or already an order: start afresh on the next add.
      forgetQuote()
      return null
    }
    return result.data?.cart ?? null
  })

const addInput = type({
  locale,
  sku: '/^[A-Za-z0-9-]{1,64}$/',
  qty,
  regionId: /^\d{4}$/,
  'options?': type({ option_id: '/^[a-z_]{1,40}$/', option_value: '1 <= number.integer <= 1000' }).array().atMostLength(10),
})

type AddAnswer = { item_id: number; quoteId: string; cart: CartView }

export const addToCart = createServerFn({ method: 'POST' })
  .validator(addInput)
  .handler(async ({ data }): Promise<CommerceResult<AddAnswer>> => {
    const body = {
      sku: data.sku,
      qty: data.qty,
      extension_attributes: { region: data.regionId },
      ...(data.options ? { product_option: { extension_attributes: { configurable_item_options: data.options } } } : {}),
    }
    // A cookie set during this request is not in its Cookie header: carry the new quote by hand.
    const attempt = async (quote: string | undefined) => {
      const caller = await commerceCaller(data.locale)
      return commerceClient(env, { ...caller, quote: quote ?? (await createQuote(data.locale, data.regionId)) }).settle<AddAnswer>('POST', '/cart/add', body)
    }
    let result = await attempt(currentQuote())
    // Spec section 8: a 401 on add resets the cart and fetches a new quote. A vanished or ordered cart, the same.
    const cartGone = result.status === 401 || result.error?.code === 'cart_not_found' || result.error?.code === 'cart_ordered'
    if (cartGone) {
      forgetQuote()
      result = await attempt(undefined)
    }
    return result
  })

export const updateCartItem = createServerFn({ method: 'POST' })
  .validator(type({ locale, itemId: '1 <= number.integer <= 1000000000', qty }))
  .handler(async ({ data }) =>
    commerceClient(env, await commerceCaller(data.locale)).settle<{ cart: CartView }>('PUT', '/cart/updateItem', { itemId: data.itemId, qty: data.qty }),
  )

export const removeCartItem = createServerFn({ method: 'POST' })
  .validator(type({ locale, itemId: '1 <= number.integer <= 1000000000' }))
  .handler(async ({ data }) =>
    commerceClient(env, await commerceCaller(data.locale)).settle<{ cart: CartView }>('DELETE', `/cart/item/${data.itemId}`),
  )

export const clearCart = createServerFn({ method: 'POST' })
  .validator(type({ locale }))
  .handler(async ({ data }) => {
    type Cleared = { status: boolean; msg: string; cart: CartView | null }
    if (!currentQuote()) return { data: { status: true, msg: '', cart: null }, error: null, status: 200 } satisfies CommerceResult<Cleared>
    return commerceClient(env, await commerceCaller(data.locale)).settle<Cleared>('DELETE', '/cart/clear')
  })

export const applyCoupon = createServerFn({ method: 'POST' })
  .validator(type({ locale, couponCode: '/^[A-Za-z0-9_-]{1,40}$/' }))
  .handler(async ({ data }) =>
    commerceClient(env, await commerceCaller(data.locale)).settle<{ cart: CartView }>('PUT', '/cart/applyCoupon', { couponCode: data.couponCode }),
  )

export const removeCoupon = createServerFn({ method: 'POST' })
  .validator(type({ locale }))
  .handler(async ({ data }) => commerceClient(env, await commerceCaller(data.locale)).settle<{ cart: CartView }>('DELETE', '/cart/deleteCoupon'))
