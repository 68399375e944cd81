/**
 * The console's customers (docs/product.md, "The merchant console"): for roles that read orders (orders.read: owner,
 * operations, support; never catalogue), since a customer is the person behind orders.
 *
 * - GET /api/ops/customers?q=&before=: accounts by mobile (any spelling), email or name, newest first, a page at a time
 * - GET /api/ops/customers/{id}: one account with its orders, addresses, verified mobiles, messages and open cart; an
 *   account its owner closed answers only that it was closed, and when
 * - POST /api/ops/customers/{id}/code: a sign-in code sent to the account's mobile again (orders.resend), through the
 *   shopper's own code path and its limits (one a minute, five an hour per mobile)
 *
 * An order message is sent again from the customer's page through the order's own route (worker/api/ops.ts).
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { serverLimits } from '../../config/server-limits'
import { internationalMobile, shownMobile } from '../../src/domain/phone'
import { sendOtp } from '../commerce/accounts'
import { CommerceError } from '../commerce/errors'
import { clientIp } from '../http/client-ip'
import { accountStore } from '../storage/account-store'
import { addressStore } from '../storage/address-store'
import { auditStore } from '../storage/audit-store'
import { customerDirectoryStore } from '../storage/customer-directory-store'
import { finalStatuses } from '../storage/message-store'
import { orderStore } from '../storage/order-store'
import { privacyStore } from '../storage/privacy-store'
import { shopperCartStore } from '../storage/shopper-cart-store'
import { ApiError } from './errors'
import { allowed, auditOf, olderPage, type OpsEnv } from './ops-access'
import { validate } from './validate'

const searchQuery = type({ 'q?': '0 < string <= 254', 'before?': /^\d{1,12}$/ })
const idParam = type({ id: /^\d{1,12}$/ })

/** What the search box holds: a mobile in any spelling (05..., +966..., Arabic digits), an email, or a name. */
function searchTerms(q: string | undefined): { phone?: string; email?: string; name?: string } {
  const typed = q?.trim()
  if (!typed) return {}
  const phone = internationalMobile(typed)
  if (phone) return { phone }
  if (typed.includes('@')) return { email: typed }
  return { name: typed }
}

export const opsCustomersApi = new Hono<OpsEnv>()
  .get('/ops/customers', allowed('orders.read'), validate('query', searchQuery), async (c) => {
    const q = c.req.valid('query')
    const rows = await customerDirectoryStore(c.env.DB).search({
      ...searchTerms(q.q),
      before: q.before ? Number(q.before) : undefined,
      limit: serverLimits.orders.consolePageSize,
    })
    return c.json({
      data: {
        customers: rows.map((row) => ({ ...row, mobile: shownMobile(row.mobile) })),
        older: olderPage(rows),
      },
    })
  })
  .get('/ops/customers/:id', allowed('orders.read'), validate('param', idParam), async (c) => {
    const id = Number(c.req.valid('param').id)
    const customer = await accountStore(c.env.DB).customerById(id)
    const directory = customerDirectoryStore(c.env.DB)
    if (!customer) {
      // A closed account keeps nothing about its owner (docs/decisions/0028-personal-data-kept.md): only that it was.
      const closedAt = await directory.closedAt(id)
      if (!closedAt) throw new ApiError(404, 'not_found')
      return c.json({ data: { id, closed_at: closedAt } })
    }
    const [createdAt, orders, addresses, phones, cart] = await Promise.all([
      directory.createdAt(id),
      orderStore(c.env.DB).forCustomer(id, serverLimits.orders.consolePageSize),
      addressStore(c.env.DB).list(id),
      privacyStore(c.env.DB).verifiedPhones(id),
      c.env.DB.prepare('SELECT quote_id FROM shopper_carts WHERE customer_id = ?').bind(id).first<{ quote_id: string }>(),
    ])
    const messages = await directory.messagesTo([customer.mobile, customer.email.toLowerCase(), ...phones.map((p) => p.phone)], 50)
    const numberOf = new Map(orders.map((order) => [order.id, order.increment_id]))
    return c.json({
      data: {
        id,
        closed_at: null,
        customer: {
          firstname: customer.firstname,
          lastname: customer.lastname,
          email: customer.email,
          mobile: shownMobile(customer.mobile),
          created_at: createdAt,
        },
        verified_mobiles: phones.map((p) => ({ mobile: shownMobile(p.phone), verified_at: p.verified_at })),
        addresses: addresses.map((a) => ({ id: a.id, ...a.address, is_default: a.is_default })),
        orders: orders.map((order) => ({
          order: order.increment_id,
          placed_at: order.created_at,
          status: order.status,
          payment_method: order.payment_method,
          grand_total: order.grand_total,
          items_qty: order.items_qty,
        })),
        cart: cart ? await shopperCartStore(c.env.DB).byQuote(cart.quote_id) : null,
        messages: messages.map(({ content, ...message }) => {
          const orderId = /^order-(\d+)-/.exec(message.id)?.[1]
          const order = orderId ? (numberOf.get(Number(orderId)) ?? null) : null
          return {
            ...message,
            order,
            // As on the order's page (worker/api/ops.ts): an order's own finished message that kept its words.
            resendable: order !== null && content !== null && finalStatuses.includes(message.status as never) && !message.id.includes('-again-'),
            resends: messages.filter((other) => other.id.startsWith(`${message.id}-again-`)).length,
          }
        }),
      },
    })
  })
  .post('/ops/customers/:id/code', allowed('orders.resend'), validate('param', idParam), async (c) => {
    const customer = await accountStore(c.env.DB).customerById(Number(c.req.valid('param').id))
    if (!customer) throw new ApiError(404, 'not_found')
    const ip = clientIp((name) => c.req.header(name))
    // In the language the shopper last ordered in (Arabic when they never have).
    const last = await c.env.DB.prepare('SELECT locale FROM orders WHERE customer_id = ? ORDER BY id DESC LIMIT 1')
      .bind(customer.id)
      .first<{ locale: string }>()
    const locale = last?.locale === 'en' ? 'en' : 'ar'
    try {
      // The shopper's own sign-in code path: its wait, its hourly limits per mobile and per address, its expiry.
      await sendOtp(c.env, { phone: customer.mobile, purpose: 'login', ip, locale, customerId: customer.id })
    } catch (error) {
      if (error instanceof CommerceError && error.status === 429) {
        throw new ApiError(429, 'rate_limited', error.parameters?.seconds === undefined ? [] : [String(error.parameters.seconds)])
      }
      throw error
    }
    await auditStore(c.env.DB)
      .row(auditOf(c, 'customer.send_code', { kind: 'customer', id: String(customer.id) }))
      .run()
    return c.json({ data: { sent: true, to: shownMobile(customer.mobile) } })
  })
