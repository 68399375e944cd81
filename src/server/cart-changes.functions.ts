/**
 * Changes made from the cart (docs/product.md, "Calls", the cart proxy calls): quantities, removal, emptying, the
 * coupon, the gift and ERP vouchers, the replacement discount, services and the availability check. They load with the cart panel and page, not with every page (reading and adding are cart.functions.ts).
 * Each answers {data, error, status} instead of throwing.
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import { env } from 'cloudflare:workers'
import { productStore } from '~/storage/product-store'
import { appConfig } from '../../app.config'
import type { ProductFee } from '../domain/product-fees'
import { isMaskedQuote, type CartView } from '../domain/cart'
import type { Settled } from '../domain/settled'
import { couponCode, erpVoucherBody, giftVoucherPin, itemId, locale, productFee, qty, regionId, sku, voucherCode } from '../domain/schemas'
import { shopperSession } from './commerce-session.server'

export const updateCartItem = createServerFn({ method: 'POST' })
  .validator(type({ locale, itemId, qty }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) => api.cart.updateItem.$put({ json: { itemId: data.itemId, qty: data.qty } })),
  )

export const removeCartItem = createServerFn({ method: 'POST' })
  .validator(type({ locale, itemId }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) =>
      api.cart.item[':itemId{[0-9]{1,10}}'].$delete({ param: { itemId: String(data.itemId) } }),
    ),
  )

export const clearCart = createServerFn({ method: 'POST' })
  .validator(type({ locale }))
  .handler(async ({ data }): Promise<Settled<{ status: boolean; msg: string; cart: CartView | null }>> => {
    if (!shopperSession(data.locale).quote()) return { data: { status: true, msg: '', cart: null }, error: null, status: 200 }
    return (await shopperSession(data.locale).client()).settle((api) => api.cart.clear.$delete())
  })

export const applyCoupon = createServerFn({ method: 'POST' })
  .validator(type({ locale, couponCode }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) => api.cart.applyCoupon.$put({ json: { couponCode: data.couponCode } })),
  )

export const removeCoupon = createServerFn({ method: 'POST' })
  .validator(type({ locale }))
  .handler(async ({ data }) => (await shopperSession(data.locale).client()).settle((api) => api.cart.deleteCoupon.$delete()))

export const redeemGiftVoucher = createServerFn({ method: 'POST' })
  .validator(
    type({
      locale,
      voucher: voucherCode,
      pin: giftVoucherPin,
      amount: '0 < number <= 100000',
    }),
  )
  .handler(async ({ data }) => {
    const session = shopperSession(data.locale)
    const quoteId = session.quote() ?? ''
    return (await session.client()).settle((api) =>
      api['gota-gift']['redeem-voucher'].$post({
        json: { voucher: data.voucher.toUpperCase(), pin: data.pin, quoteId, amount: data.amount, isMask: isMaskedQuote(quoteId) ? 1 : 0 },
      }),
    )
  })

export const reverseGiftVoucher = createServerFn({ method: 'POST' })
  .validator(type({ locale }))
  .handler(async ({ data }) => {
    const session = shopperSession(data.locale)
    const quoteId = session.quote() ?? ''
    return (await session.client()).settle((api) =>
      api['gota-gift']['reverse-voucher'].$post({ json: { quoteId, isMask: isMaskedQuote(quoteId) ? 1 : 0 } }),
    )
  })

/** Checks an ERP voucher against the phone it was issued to, and says what it is worth; nothing changes. */
export const checkErpVoucher = createServerFn({ method: 'POST' })
  .validator(erpVoucherBody.and({ locale }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) =>
      api.cart.erp.validate.$post({ json: { phoneno: data.phoneno, voucher: data.voucher.toUpperCase() } }),
    ),
  )

export const applyErpVoucher = createServerFn({ method: 'POST' })
  .validator(erpVoucherBody.and({ locale }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) =>
      api.cart.erp.apply.$post({ json: { phoneno: data.phoneno, voucher: data.voucher.toUpperCase() } }),
    ),
  )

export const removeErpVoucher = createServerFn({ method: 'POST' })
  .validator(type({ locale }))
  .handler(async ({ data }) => (await shopperSession(data.locale).client()).settle((api) => api.cart.erp.$delete()))

/** The AC replacement discount on one line (offered only on eligible lines; the backend checks again). */
export const setReplacementDiscount = createServerFn({ method: 'POST' })
  .validator(type({ locale, itemId, on: 'boolean' }))
  .handler(async ({ data }) => {
    const session = shopperSession(data.locale)
    const quoteId = session.quote() ?? ''
    return (await session.client()).settle((api) =>
      api.customer.acReplacementDiscount.$post({
        json: { itemId: data.itemId, quoteId, action: data.on ? 'add' : 'remove', isMask: isMaskedQuote(quoteId) ? 1 : 0 },
      }),
    )
  })

/** A service (product fee) on a cart line, added or removed. */
export const setService = createServerFn({ method: 'POST' })
  .validator(productFee.and({ locale, on: 'boolean' }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) => {
      const json = { item_id: data.item_id, fee_id: data.fee_id }
      return data.on ? api.cart.productFees.$post({ json }) : api.cart.productFees.$delete({ json })
    }),
  )

interface Availability {
  available: boolean
  items: { sku: string; available: boolean; qty_available: number | null }[]
}

/** Whether every line can be delivered to the cart's city and is in stock (docs/product.md, availableToCheckoutV2). */
export const checkAvailability = createServerFn({ method: 'POST' })
  .validator(type({ locale }))
  .handler(async ({ data }) => {
    const session = shopperSession(data.locale)
    const client = await session.client()
    const current = await client.settle((api) => api.cart.$get())
    if (!current.data)
      return {
        data: null,
        error: current.error,
        status: current.status,
      } satisfies Settled<Availability>
    const cartItems = current.data.cart.cartItems.filter((item) => item.parent_item_id === null).map((item) => ({ sku: item.sku, qty: item.qty }))
    return client.settle((api) => api.cart.availableToCheckoutV2.$post({ json: { cartItems } }))
  })

/**
 * The services the cart's products offer in the shopper's city (docs/product.md, "Services"), for adding them from
 * the cart. Catalogue data, read from D1 like the product page's.
 */
export const getServiceOffers = createServerFn({ method: 'GET' })
  .validator(type({ locale, regionId, skus: sku.array().atMostLength(appConfig.cart.maxLines) }))
  .handler(async ({ data }): Promise<Record<string, ProductFee[]>> => productStore(env.DB).feesForSkus(data.skus, data.locale, data.regionId))
