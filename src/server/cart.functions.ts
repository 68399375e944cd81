/**
 * Reading the cart and adding to it, the calls every page may make (docs/product.md, "Calls": `POST /cart/add` and the proxy's cart calls). Each takes
 * the page's language explicitly: a server-function request carries no /en prefix of its own.
 * Cart helpers return {data, error, status} instead of throwing. Changes to lines, coupons and vouchers are in
 * cart-changes.functions.ts, which loads with the cart itself.
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import type { CartView } from '../domain/cart'
import { appConfig } from '../../app.config'
import { cartAddBodyOf, cartLine, locale, regionId, sku } from '../domain/schemas'
import { endCustomerSessionIfUnauthorized, shopperSession } from './commerce-session.server'

export const getCart = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(async ({ data }): Promise<CartView | null> => {
    const session = shopperSession(data.locale)
    if (!session.quote()) return null
    const result = await (await session.client()).settle((api) => api.cart.$get())
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

export const addToCart = createServerFn({ method: 'POST' })
  .validator(addInput)
  .handler(async ({ data }) => {
    const body = cartAddBodyOf(data)
    const session = shopperSession(data.locale)
    // One key for this tap: an add tried again after a lost answer (a 503 when the cart's object was reset) lands once
    // (docs/architecture.md, "Faults"). A new cart is a new add, so it gets a new key.
    let requestKey = crypto.randomUUID()
    const attempt = async () => {
      if (!session.quote()) {
        const opened = await session.createQuote(data.regionId)
        if (!opened.data) return { ...opened, data: null }
        requestKey = crypto.randomUUID()
      }
      return (await session.client()).settle((api) => api.cart.add.$post({ json: body }, { headers: { 'idempotency-key': requestKey } }))
    }
    let result = await attempt()
    if (result.status === 503) result = await attempt()
    // docs/product.md, "Errors": a 401 on add resets the cart and fetches a new quote. A vanished or ordered cart, the same.
    endCustomerSessionIfUnauthorized(result)
    const cartGone = result.status === 401 || result.error?.code === 'cart_not_found' || result.error?.code === 'cart_ordered'
    if (cartGone) {
      session.forgetQuote()
      result = await attempt()
    }
    if (!result.data) return { ...result, data: null }
    // The product is in the cart; its services follow one by one (each is a line of its own). The answer says how
    // many were added, and the refusal of the first that was not.
    const answer = { ...result.data, feesAdded: 0, feeError: undefined as string | undefined }
    const client = await session.client()
    for (const fee_id of data.feeIds ?? []) {
      const fee = await client.settle((api) => api.cart.productFees.$post({ json: { item_id: answer.item_id, fee_id } }))
      if (!fee.data) {
        answer.feeError = fee.error?.message
        break
      }
      answer.cart = fee.data.cart
      answer.feesAdded += 1
    }
    return { ...result, data: answer }
  })

/** Several products at once, one of each (docs/product.md, "Calls": the multi-add), from favourites or compare. */
const addAllInput = type({ skus: sku.array().moreThanLength(0).atMostLength(appConfig.cart.maxLines), regionId, locale })

/**
 * The spec's multi-add (`POST /cart/multiplev2`): each product is added or refused on its own, and the answer names
 * each refusal in the page's language, so one sold-out product never keeps the others out of the cart.
 */
export const addAllToCart = createServerFn({ method: 'POST' })
  .validator(addAllInput)
  .handler(async ({ data }) => {
    const session = shopperSession(data.locale)
    const cartItems = data.skus.map((item) => ({ sku: item, qty: 1 as const, region: data.regionId }))
    const attempt = async () => {
      if (!session.quote()) {
        const opened = await session.createQuote(data.regionId)
        if (!opened.data) return { ...opened, data: null }
      }
      return (await session.client()).settle((api) => api.cart.multiplev2.$post({ json: { cartItems } }))
    }
    let result = await attempt()
    endCustomerSessionIfUnauthorized(result)
    if (result.status === 401 || result.error?.code === 'cart_not_found' || result.error?.code === 'cart_ordered') {
      session.forgetQuote()
      result = await attempt()
    }
    return result
  })
