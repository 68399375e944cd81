/**
 * The account's orders and addresses, and the guest order lookup (docs/product.md, "Accounts" and "Checkout"). A
 * customer reaches only their own; a guest finds an order only by its number with the mobile it was placed with, a
 * limited number of times per address and per number, and a wrong pair answers exactly as a made-up number does.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { serverLimits } from '../../../config/server-limits'
import { addressErrors, normaliseAddress } from '../../../src/domain/checkout'
import { foldDigits } from '../../../src/domain/digits'
import { internationalMobile } from '../../../src/domain/phone'
import { addressFields, itemId } from '../../../src/domain/schemas'
import { limiterFor } from '../../durable-objects/limiter'
import { clientIp } from '../../http/client-ip'
import { addressStore } from '../../storage/address-store'
import { orderStore } from '../../storage/order-store'
import type { CommerceEnv } from '../context'
import type { Customer } from '../customers'
import { CommerceError } from '../errors'
import { cancelBeforeShipping, orderDetailView } from '../orders'
import { tellBuyer } from '../order-messages'
import { validate } from '../validate'
import { orderNumber } from '../../../src/domain/order'
import { returnCutoff, returnNoteMaxLength, returnReasons } from '../../../src/domain/returns'
import { isReadableText } from '../../../src/domain/typed-text'
import { m } from '../../../src/paraglide/messages.js'
import type { InvoiceView } from '../../../src/domain/invoice'
import { invoiceStore } from '../../storage/invoice-store'
import { creditNoteOf } from '../credit-notes'
import { invoiceView } from '../invoices'
import { isOrderSignature } from '../sandbox-link'

const lookupBody = type({ increment: 'string <= 32', mobilenumber: 'string <= 20' })
/** Which of the order's documents: its invoice, or with `note` one of its credit notes (CN-000001). */
const documentChoice = { 'note?': 'string <= 16' } as const
const invoiceLookupBody = lookupBody.and(documentChoice)
const signedInvoiceBody = type({ increment: 'string <= 32', sig: 'string <= 64', ...documentChoice })
const returnBody = type({
  reason: type.enumerated(...returnReasons),
  // The operator reads the note: it must show what it says (src/domain/typed-text.ts).
  'note?': type(`string <= ${returnNoteMaxLength}`).narrow((note) => isReadableText(note)),
})
const addressBody = type({ address: addressFields, 'isDefault?': 'boolean' })

function signedIn(customer: Customer | null): Customer {
  if (!customer) throw new CommerceError(401, 'unauthorized', { resources: 'customer' })
  return customer
}

/** The address as kept, or a refusal naming its first broken field in the shopper's language. */
function checkedAddress(address: typeof addressFields.infer) {
  const errors = addressErrors(address)
  if (errors.length > 0) throw new CommerceError(400, 'checkout_invalid', { field: errors[0]! }, errors)
  return normaliseAddress(address)
}

const addressId = (value: string) => {
  const id = Number(value)
  if (!itemId.allows(id)) throw new CommerceError(404, 'address_not_found')
  return id
}

/**
 * The guest lookup: the order with this number placed with this mobile, verified or not (the guest's email promises
 * exactly that), compared in its international form. Limited per address, then per order number across addresses
 * (made-up numbers counted alike); a wrong pair answers as a made-up number does.
 */
async function guestOrder(env: Env, body: typeof lookupBody.infer, header: (name: string) => string | undefined) {
  const phone = internationalMobile(body.mobilenumber)
  const number = foldDigits(body.increment).trim().toUpperCase()
  const limits: [string, number][] = [[`order-lookup:${clientIp(header)}`, serverLimits.orders.lookupsPerIpPerHour]]
  if (orderNumber.test(number)) limits.push([`order-lookup-number:${number}`, serverLimits.orders.lookupsPerOrderPerHour])
  // One after the other: an address already refused never counts against an order number.
  for (const [subject, perHour] of limits) {
    const limit = await limiterFor(env, subject).hit(perHour, 3600)
    if (!limit.allowed) throw new CommerceError(429, 'lookup_rate_limited', { minutes: Math.ceil(limit.retryAfterSeconds / 60) })
  }
  const order = phone && orderNumber.test(number) ? await orderStore(env.DB).byIncrementAndPhone(number, phone) : null
  if (!order) throw new CommerceError(404, 'order_not_found')
  return order
}

/**
 * The order's invoice as its buyer reads it, with the credit notes issued against it; 404 while it has none (awaiting
 * payment, or cash not yet delivered). With `note`, that credit note of the order instead (docs/decisions/0016-zatca-invoices.md,
 * "Credit notes"): whoever may read the invoice may read its notes, and nobody else.
 */
async function orderInvoice(env: Env, orderId: number, note?: string): Promise<InvoiceView> {
  const store = invoiceStore(env.DB)
  const row = note === undefined ? await store.byOrder(orderId) : await creditNoteOf(env, orderId, note)
  const view = row ? invoiceView(row, row.kind === 'invoice' ? await store.creditNotes(orderId) : []) : null
  if (!view) throw new CommerceError(404, 'order_not_found')
  return view
}

export const accountOrderRoutes = new Hono<CommerceEnv>()
  .get('/customer/orders', async (c) => {
    const customer = signedIn(c.get('customer'))
    const orders = await orderStore(c.env.DB).forCustomer(customer.id, serverLimits.orders.accountListSize)
    return c.json({
      orders: orders.map((o) => ({
        order_id: o.id,
        increment_id: o.increment_id,
        created_at: o.created_at,
        status: o.status,
        grand_total: o.grand_total,
        items_qty: o.items_qty,
      })),
    })
  })

  .get('/customer/orders/:increment', async (c) => {
    const customer = signedIn(c.get('customer'))
    const increment = c.req.param('increment')
    const orders = orderStore(c.env.DB)
    const order = orderNumber.test(increment) ? await orders.byIncrement(increment) : null
    const detail = order && order.customer_id === customer.id ? await orders.detail(order.id) : null
    if (!detail) throw new CommerceError(404, 'order_not_found')
    return c.json(orderDetailView(detail, c.get('locale')))
  })

  // The buyer cancels an order before it ships; what they paid goes back through the provider that took it.
  .post('/customer/orders/:increment/cancel', async (c) => {
    const customer = signedIn(c.get('customer'))
    const increment = c.req.param('increment')
    const orders = orderStore(c.env.DB)
    const order = orderNumber.test(increment) ? await orders.byIncrement(increment) : null
    if (!order || order.customer_id !== customer.id) throw new CommerceError(404, 'order_not_found')
    const { cancelled } = await cancelBeforeShipping(c.env, order.id, 'buyer')
    if (!cancelled) throw new CommerceError(409, 'order_not_cancellable')
    return c.json(orderDetailView((await orders.detail(order.id))!, c.get('locale')))
  })

  // The buyer asks to return a delivered order within the terms' days (docs/product.md, "Fulfilment"), once.
  .post('/customer/orders/:increment/return', validate('json', returnBody), async (c) => {
    const customer = signedIn(c.get('customer'))
    const increment = c.req.param('increment')
    const orders = orderStore(c.env.DB)
    const order = orderNumber.test(increment) ? await orders.byIncrement(increment) : null
    if (!order || order.customer_id !== customer.id) throw new CommerceError(404, 'order_not_found')
    const { reason, note } = c.req.valid('json')
    const now = new Date()
    if (!(await orders.requestReturn(order.id, reason, note?.trim() ?? '', returnCutoff(now), now)))
      throw new CommerceError(409, 'order_not_returnable')
    await tellBuyer(c.env, order.id, 'return-request', (row, locale) => m.order_return_sms({ number: row.increment_id }, { locale }))
    return c.json(orderDetailView((await orders.detail(order.id))!, c.get('locale')))
  })

  .post('/orders/lookup', validate('json', lookupBody), async (c) => {
    const order = await guestOrder(c.env, c.req.valid('json'), (n) => c.req.header(n))
    const detail = await orderStore(c.env.DB).detail(order.id)
    if (!detail) throw new CommerceError(404, 'order_not_found')
    return c.json(orderDetailView(detail, c.get('locale')))
  })

  // The order's simplified tax invoice (docs/decisions/0016-zatca-invoices.md): its buyer's alone, found as the order page finds the order.
  .get('/customer/orders/:increment/invoice', validate('query', type(documentChoice)), async (c) => {
    const customer = signedIn(c.get('customer'))
    const increment = c.req.param('increment')
    const order = orderNumber.test(increment) ? await orderStore(c.env.DB).byIncrement(increment) : null
    if (!order || order.customer_id !== customer.id) throw new CommerceError(404, 'order_not_found')
    return c.json(await orderInvoice(c.env, order.id, c.req.valid('query').note))
  })

  // The link in the buyer's email: the order's number with its invoice signature.
  .post('/orders/invoice/signed', validate('json', signedInvoiceBody), async (c) => {
    const { increment, sig, note } = c.req.valid('json')
    const order = orderNumber.test(increment) ? await orderStore(c.env.DB).byIncrement(increment) : null
    if (!order || !(await isOrderSignature(c.env, increment, sig, 'invoice'))) throw new CommerceError(404, 'order_not_found')
    return c.json(await orderInvoice(c.env, order.id, note))
  })

  .post('/orders/lookup/invoice', validate('json', invoiceLookupBody), async (c) => {
    const body = c.req.valid('json')
    const order = await guestOrder(c.env, body, (n) => c.req.header(n))
    return c.json(await orderInvoice(c.env, order.id, body.note))
  })

  .get('/customer/addresses', async (c) => {
    const customer = signedIn(c.get('customer'))
    return c.json({ addresses: await addressStore(c.env.DB).list(customer.id) })
  })

  .post('/customer/addresses', validate('json', addressBody), async (c) => {
    const customer = signedIn(c.get('customer'))
    const body = c.req.valid('json')
    const store = addressStore(c.env.DB)
    const id = await store.add(customer.id, checkedAddress(body.address), body.isDefault ?? false, serverLimits.addressesPerCustomer, new Date())
    if (id === null) throw new CommerceError(409, 'address_limit', { count: serverLimits.addressesPerCustomer })
    return c.json({ id, addresses: await store.list(customer.id) })
  })

  .put('/customer/addresses/:id', validate('json', addressBody), async (c) => {
    const customer = signedIn(c.get('customer'))
    const body = c.req.valid('json')
    const store = addressStore(c.env.DB)
    const id = addressId(c.req.param('id'))
    if (!(await store.update(customer.id, id, checkedAddress(body.address)))) throw new CommerceError(404, 'address_not_found')
    if (body.isDefault) await store.setDefault(customer.id, id)
    return c.json({ addresses: await store.list(customer.id) })
  })

  .put('/customer/addresses/:id/default', async (c) => {
    const customer = signedIn(c.get('customer'))
    const store = addressStore(c.env.DB)
    if (!(await store.setDefault(customer.id, addressId(c.req.param('id'))))) throw new CommerceError(404, 'address_not_found')
    return c.json({ addresses: await store.list(customer.id) })
  })

  .delete('/customer/addresses/:id', async (c) => {
    const customer = signedIn(c.get('customer'))
    const store = addressStore(c.env.DB)
    if (!(await store.remove(customer.id, addressId(c.req.param('id'))))) throw new CommerceError(404, 'address_not_found')
    return c.json({ addresses: await store.list(customer.id) })
  })
