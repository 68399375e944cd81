/**
 * The favourites kept with a signed-in customer's account (docs/product.md, "Favourites and compare"): read and
 * merged with the browser's list once the browser knows who is signed in, and each heart written through. They load
 * with the first heart tapped or the first signed-in page, not with every page (src/queries/wishlist.ts).
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import { appConfig } from '../../app.config'
import { locale, sku } from '../domain/schemas'
import { customerCall } from './commerce-session.server'

export const getWishlist = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(({ data }) => customerCall(data, (api) => api.customer.wishlist.$get()))

export const mergeWishlist = createServerFn({ method: 'POST' })
  .validator(type({ locale, skus: sku.array().atMostLength(appConfig.limits.wishlistMax) }))
  .handler(({ data }) => customerCall(data, (api) => api.customer.wishlist.merge.$post({ json: { skus: data.skus } })))

export const addToWishlist = createServerFn({ method: 'POST' })
  .validator(type({ locale, sku }))
  .handler(({ data }) => customerCall(data, (api) => api.customer.wishlist[':sku'].$put({ param: { sku: data.sku } })))

export const removeFromWishlist = createServerFn({ method: 'POST' })
  .validator(type({ locale, sku }))
  .handler(({ data }) => customerCall(data, (api) => api.customer.wishlist[':sku'].$delete({ param: { sku: data.sku } })))
