/**
 * The account's orders and saved addresses, and the guest order lookup (docs/product.md, "Accounts"), over the
 * Direct API. They load with the account pages and the lookup page only.
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import type { Locale } from '../../app.config'
import type { SavedAddress } from '../domain/checkout'
import { orderNumber, type OrderDetail, type OrderSummary } from '../domain/order'
import { addressFields, itemId, locale } from '../domain/schemas'
import { endCustomerSessionIfUnauthorized, shopperSession } from './commerce-session.server'

async function customerCall<T>(data: { locale: Locale }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
  const result = await (await shopperSession(data.locale).client()).settle<T>(method, path, body)
  endCustomerSessionIfUnauthorized(result)
  return result
}

export const getMyOrders = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(({ data }) => customerCall<{ orders: OrderSummary[] }>(data, 'GET', '/customer/orders'))

export const getMyOrder = createServerFn({ method: 'GET' })
  .validator(type({ locale, increment: orderNumber }))
  .handler(({ data }) => customerCall<OrderDetail>(data, 'GET', `/customer/orders/${data.increment}`))

export const lookupOrder = createServerFn({ method: 'POST' })
  .validator(type({ locale, increment: 'string <= 32', mobile: 'string <= 20' }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle<OrderDetail>('POST', '/orders/lookup', {
      increment: data.increment,
      mobilenumber: data.mobile,
    }),
  )

export const getMyAddresses = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(({ data }) => customerCall<{ addresses: SavedAddress[] }>(data, 'GET', '/customer/addresses'))

/** Adds an address, or with `id` changes that one. */
export const saveAddress = createServerFn({ method: 'POST' })
  .validator(type({ locale, 'id?': itemId, address: addressFields, 'isDefault?': 'boolean' }))
  .handler(({ data }) =>
    customerCall<{ addresses: SavedAddress[] }>(data, data.id ? 'PUT' : 'POST', data.id ? `/customer/addresses/${data.id}` : '/customer/addresses', {
      address: data.address,
      isDefault: data.isDefault ?? false,
    }),
  )

export const deleteAddress = createServerFn({ method: 'POST' })
  .validator(type({ locale, id: itemId }))
  .handler(({ data }) => customerCall<{ addresses: SavedAddress[] }>(data, 'DELETE', `/customer/addresses/${data.id}`))

export const setDefaultAddress = createServerFn({ method: 'POST' })
  .validator(type({ locale, id: itemId }))
  .handler(({ data }) => customerCall<{ addresses: SavedAddress[] }>(data, 'PUT', `/customer/addresses/${data.id}/default`))
