/**
 * The account's orders and saved addresses, and the guest order lookup (docs/product.md, "Accounts"), over the
 * Direct API. They load with the account pages and the lookup page only.
 */
import { createServerFn } from '@tanstack/react-start'
import { type } from 'arktype'
import { creditNoteNumber } from '../domain/invoice'
import { orderNumber } from '../domain/order'
import { returnNoteMaxLength, returnReasons } from '../domain/returns'
import { addressFields, itemId, locale } from '../domain/schemas'
import { customerCall, shopperSession } from './commerce-session.server'

export const getMyOrders = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(({ data }) => customerCall(data, (api) => api.customer.orders.$get()))

export const getMyOrder = createServerFn({ method: 'GET' })
  .validator(type({ locale, increment: orderNumber }))
  .handler(({ data }) => customerCall(data, (api) => api.customer.orders[':increment'].$get({ param: { increment: data.increment } })))

/** The customer cancels one of their orders before it ships; what they paid goes back (docs/decisions/0014). */
export const cancelMyOrder = createServerFn({ method: 'POST' })
  .validator(type({ locale, increment: orderNumber }))
  .handler(({ data }) => customerCall(data, (api) => api.customer.orders[':increment'].cancel.$post({ param: { increment: data.increment } })))

/** The customer asks to return a delivered order (docs/product.md, "Fulfilment"). */
export const returnMyOrder = createServerFn({ method: 'POST' })
  .validator(type({ locale, increment: orderNumber, reason: type.enumerated(...returnReasons), note: `string <= ${returnNoteMaxLength}` }))
  .handler(({ data }) =>
    customerCall(data, (api) =>
      api.customer.orders[':increment'].return.$post({ param: { increment: data.increment }, json: { reason: data.reason, note: data.note } }),
    ),
  )

export const lookupOrder = createServerFn({ method: 'POST' })
  .validator(type({ locale, increment: 'string <= 32', mobile: 'string <= 20' }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) =>
      api.orders.lookup.$post({
        json: {
          increment: data.increment,
          mobilenumber: data.mobile,
        },
      }),
    ),
  )

/** Which document: the order's invoice, or with `note` one of its credit notes (CN-000001). */
const note = { 'note?': creditNoteNumber } as const

/** The simplified tax invoice, or a credit note, of one of the customer's orders (docs/decisions/0016-zatca-invoices.md). */
export const getMyInvoice = createServerFn({ method: 'GET' })
  .validator(type({ locale, increment: orderNumber, ...note }))
  .handler(({ data }) =>
    customerCall(data, (api) =>
      api.customer.orders[':increment'].invoice.$get({ param: { increment: data.increment }, query: data.note ? { note: data.note } : {} }),
    ),
  )

/** A guest's invoice or credit note: the order's number with the mobile it was placed with, as the order lookup asks. */
export const lookupInvoice = createServerFn({ method: 'POST' })
  .validator(type({ locale, increment: 'string <= 32', mobile: 'string <= 20', ...note }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) =>
      api.orders.lookup.invoice.$post({ json: { increment: data.increment, mobilenumber: data.mobile, note: data.note } }),
    ),
  )

/** The invoice or a credit note from the link in the buyer's email: the order's number with its invoice signature. */
export const signedInvoice = createServerFn({ method: 'POST' })
  .validator(type({ locale, increment: orderNumber, sig: /^[A-Za-z0-9_-]{43}$/, ...note }))
  .handler(async ({ data }) =>
    (await shopperSession(data.locale).client()).settle((api) =>
      api.orders.invoice.signed.$post({ json: { increment: data.increment, sig: data.sig, note: data.note } }),
    ),
  )

export const getMyAddresses = createServerFn({ method: 'GET' })
  .validator(type({ locale }))
  .handler(({ data }) => customerCall(data, (api) => api.customer.addresses.$get()))

/** Adds an address, or with `id` changes that one. */
export const saveAddress = createServerFn({ method: 'POST' })
  .validator(type({ locale, 'id?': itemId, address: addressFields, 'isDefault?': 'boolean' }))
  .handler(({ data }) =>
    customerCall(data, (api) => {
      const json = { address: data.address, isDefault: data.isDefault ?? false }
      return data.id ? api.customer.addresses[':id'].$put({ param: { id: String(data.id) }, json }) : api.customer.addresses.$post({ json })
    }),
  )

export const deleteAddress = createServerFn({ method: 'POST' })
  .validator(type({ locale, id: itemId }))
  .handler(({ data }) => customerCall(data, (api) => api.customer.addresses[':id'].$delete({ param: { id: String(data.id) } })))

export const setDefaultAddress = createServerFn({ method: 'POST' })
  .validator(type({ locale, id: itemId }))
  .handler(({ data }) => customerCall(data, (api) => api.customer.addresses[':id'].default.$put({ param: { id: String(data.id) } })))
