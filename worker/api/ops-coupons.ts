/**
 * The console's coupons and gift vouchers (docs/product.md, "The merchant console"), guarded by `allowed(...)`
 * (worker/api/ops-access.ts). Every change lands in one batch with its audit row (worker/storage/coupon-store.ts); a
 * refused one changes nothing. What is set here is what checkout enforces (voucher-store.ts `activeCoupon`, the order's
 * batch in order-store.ts).
 *
 * - GET /api/ops/coupons; POST /api/ops/coupons {form}: create
 * - GET /api/ops/coupons/{code}: the coupon, its form, its orders and their revenue
 * - POST /api/ops/coupons/{code} {form, version}: edit (a save on an older version is refused, 409 `stale`)
 * - POST /api/ops/coupons/{code}/{pause|resume|expire}: a repeated one answers `already`
 * - GET /api/ops/gift-vouchers/{voucher}: balance and the orders that spent from it
 *
 * A refused form is a 400 `bad_request` whose issues are `field:problem` (src/domain/coupons.ts `CouponProblem`), which
 * the console says in the staff member's language; a taken code is a 409 with the issue `code:taken`.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { checkedCoupon, couponCodePattern, couponKinds, couponState, type CouponForm, type CouponTerms } from '../../src/domain/coupons'
import { may } from '../../src/domain/staff'
import { couponStore } from '../storage/coupon-store'
import { ApiError } from './errors'
import { allowed, auditOf, type OpsEnv } from './ops-access'
import { validate } from './validate'

/** The console lists this many coupons, and this many of a coupon's or a voucher's orders. */
const listMax = 500
const usesMax = 100

const field = (max: number) => type(`string <= ${max}`)
const form = type({
  code: field(64),
  kind: type.enumerated(...couponKinds),
  value: field(20),
  min_subtotal: field(20),
  starts: field(20),
  ends: field(20),
  max_uses: field(10),
  max_uses_per_customer: field(10),
  products: field(4000),
  categories: field(4000),
})
const editBody = type({ form, version: 'string <= 40 | null' })
const codeParam = type({ code: couponCodePattern })
const changeParam = type({ code: couponCodePattern, change: "'pause' | 'resume' | 'expire'" })
const voucherParam = type({ voucher: /^[A-Za-z0-9-]{4,40}$/ })

/** The form's terms, or a 400 naming every refused field; SKUs and categories must exist in the catalogue. */
async function termsOf(env: Env, given: CouponForm): Promise<CouponTerms> {
  const checked = checkedCoupon(given)
  if ('problems' in checked)
    throw new ApiError(
      400,
      'bad_request',
      Object.entries(checked.problems).map(([name, why]) => `${name}:${why}`),
    )
  const { terms } = checked
  const unknown = await couponStore(env.DB).unknownTargets(terms.product_skus ?? [], terms.category_keys ?? [])
  const issues = [...(unknown.skus.length ? ['products:unknown'] : []), ...(unknown.categories.length ? ['categories:unknown'] : [])]
  if (issues.length > 0) throw new ApiError(400, 'bad_request', [...issues, ...unknown.skus, ...unknown.categories])
  return terms
}

export const opsCouponsApi = new Hono<OpsEnv>()
  .get('/ops/coupons', allowed('catalogue.manage'), async (c) => {
    const now = new Date()
    const rows = await couponStore(c.env.DB).list(listMax)
    return c.json({ data: { coupons: rows.map((row) => ({ ...row, state: couponState(row, now) })) } })
  })
  .post('/ops/coupons', allowed('catalogue.manage'), validate('json', form), async (c) => {
    const terms = await termsOf(c.env, c.req.valid('json'))
    const entry = auditOf(c, 'coupon.create', { kind: 'coupon', id: terms.code }, { after: terms })
    if (!(await couponStore(c.env.DB).create(terms, entry))) throw new ApiError(409, 'bad_request', ['code:taken'])
    return c.json({ data: { code: terms.code } }, 201)
  })
  .get('/ops/coupons/:code', allowed('catalogue.manage'), validate('param', codeParam), async (c) => {
    const store = couponStore(c.env.DB)
    const { code } = c.req.valid('param')
    const [coupon, uses] = await Promise.all([store.get(code), store.uses(code, usesMax)])
    if (!coupon) throw new ApiError(404, 'not_found')
    // Who bought is customer data: shown to a role that may read orders (docs/product.md, "The merchant console").
    const seesBuyers = may(c.get('actor').role, 'orders.read')
    return c.json({
      data: {
        coupon: { ...coupon, state: couponState(coupon, new Date()) },
        orders: uses.orders,
        revenue: uses.revenue,
        uses: uses.uses.map((use) => (seesBuyers ? use : { ...use, customer_name: null, email: null })),
      },
    })
  })
  .post('/ops/coupons/:code', allowed('catalogue.manage'), validate('param', codeParam), validate('json', editBody), async (c) => {
    const store = couponStore(c.env.DB)
    const { form: given, version } = c.req.valid('json')
    const before = await store.get(c.req.valid('param').code)
    if (!before) throw new ApiError(404, 'not_found')
    // The code names the coupon's uses and orders: it stays what it was.
    const terms = await termsOf(c.env, { ...given, code: before.code })
    const entry = auditOf(c, 'coupon.edit', { kind: 'coupon', id: before.code }, { before, after: terms })
    if (!(await store.update(terms, version, entry))) throw new ApiError(409, 'bad_request', ['stale'])
    return c.json({ data: { code: before.code } })
  })
  .post('/ops/coupons/:code/:change', allowed('catalogue.manage'), validate('param', changeParam), async (c) => {
    const store = couponStore(c.env.DB)
    const { code, change } = c.req.valid('param')
    const coupon = await store.get(code)
    if (!coupon) throw new ApiError(404, 'not_found')
    const entry = auditOf(c, `coupon.${change}`, { kind: 'coupon', id: coupon.code })
    const changed = change === 'expire' ? await store.expireNow(coupon.code, entry) : await store.setPaused(coupon.code, change === 'pause', entry)
    return c.json({ data: { code: coupon.code, already: !changed } })
  })
  .get('/ops/gift-vouchers/:voucher', allowed('orders.read'), validate('param', voucherParam), async (c) => {
    const found = await couponStore(c.env.DB).giftVoucher(c.req.valid('param').voucher.toUpperCase(), usesMax)
    if (!found) throw new ApiError(404, 'not_found')
    return c.json({ data: found })
  })
