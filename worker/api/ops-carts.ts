/**
 * The console's abandoned carts (docs/product.md, "The merchant console"; docs/decisions/0032-abandoned-carts.md):
 *
 * - GET /api/ops/carts?before=: known shoppers' carts untouched past the set time, most recently left first, with
 *   their value, age and reminders sent (orders.read)
 * - POST /api/ops/carts/{quote}/remind {seen, coupon_percent?}: the cart's next reminder (orders.resend: a message to
 *   the shopper, as an order's resend is); with a one-use coupon only for roles that manage coupons (catalogue.manage)
 * - POST /api/ops/carts/{quote}/payment-link: the cart turned into an order the shopper pays by a link (orders.resend)
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { serverLimits } from '../../config/server-limits'
import { may } from '../../src/domain/staff'
import { shownMobile } from '../../src/domain/phone'
import { abandonedBefore, makePaymentLink, remindCart } from '../commerce/abandoned-carts'
import { shopperCartStore } from '../storage/shopper-cart-store'
import { ApiError } from './errors'
import { allowed, auditOf, type OpsEnv } from './ops-access'
import { validate } from './validate'

/** A guest's masked quote (32 characters) or an account's (digits). */
const quoteParam = type({ quote: /^([A-Za-z0-9_-]{32}|\d{6,12})$/ })
const listQuery = type({ 'before?': /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/ })
const remindBody = type({
  seen: `0 <= number.integer <= ${serverLimits.carts.remindersPerCart}`,
  'coupon_percent?': `1 <= number.integer <= ${serverLimits.carts.maxCouponPercent}`,
})

export const opsCartsApi = new Hono<OpsEnv>()
  .get('/ops/carts', allowed('orders.read'), validate('query', listQuery), async (c) => {
    const now = new Date()
    const size = serverLimits.orders.consolePageSize
    const rows = await shopperCartStore(c.env.DB).abandoned(abandonedBefore(now), size, c.req.valid('query').before)
    return c.json({
      data: {
        carts: rows.map((row) => ({
          quote_id: row.quote_id,
          customer_id: row.customer_id,
          name: row.customer_id === null ? null : `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim(),
          mobile: (row.mobile ?? row.phone) ? shownMobile((row.mobile ?? row.phone)!) : null,
          email: row.email,
          locale: row.locale,
          lines: row.lines,
          value: row.value,
          updated_at: row.updated_at,
          age_minutes: Math.floor((now.getTime() - Date.parse(row.updated_at)) / 60_000),
          reminders: row.reminders,
          reminded_at: row.reminded_at,
        })),
        reminders_per_cart: serverLimits.carts.remindersPerCart,
        older: rows.length === size ? rows.at(-1)!.updated_at : null,
      },
    })
  })
  .post('/ops/carts/:quote/remind', allowed('orders.resend'), validate('param', quoteParam), validate('json', remindBody), async (c) => {
    const { quote } = c.req.valid('param')
    const { seen, coupon_percent: couponPercent } = c.req.valid('json')
    // A coupon is money: only a role that manages coupons may put one in a reminder.
    if (couponPercent !== undefined && !may(c.get('actor').role, 'catalogue.manage')) throw new ApiError(403, 'forbidden')
    const audit = auditOf(c, 'cart.remind', { kind: 'cart', id: quote }, { after: { seen, coupon_percent: couponPercent ?? null } })
    const outcome = await remindCart(c.env, quote, seen, { audit, couponPercent })
    if (outcome === 'ordered') throw new ApiError(404, 'not_found')
    if (outcome !== 'sent') throw new ApiError(409, 'bad_request', [outcome])
    return c.json({ data: { outcome } })
  })
  .post('/ops/carts/:quote/payment-link', allowed('orders.resend'), validate('param', quoteParam), async (c) => {
    const { quote } = c.req.valid('param')
    const made = await makePaymentLink(c.env, quote, auditOf(c, 'cart.payment_link', { kind: 'cart', id: quote }))
    if ('refused' in made) {
      if (made.refused === 'not_found' || made.refused === 'ordered') throw new ApiError(404, 'not_found')
      throw new ApiError(409, 'bad_request', [made.refused])
    }
    return c.json({ data: made })
  })
