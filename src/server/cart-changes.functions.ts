/**
 * Changes made from the cart (docs/product.md, "Calls", the cart proxy calls): quantities, removal, emptying and the
 * coupon. They load with the cart panel and page, not with every page (reading and adding are cart.functions.ts).
 * Each answers {data, error, status} instead of throwing.
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import type { CartView } from '../domain/cart'
import type { CommerceResult } from '~/commerce/client'
import { couponCode, itemId, locale, qty } from '../domain/schemas'
import { shopperSession } from './commerce-session.server'

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
