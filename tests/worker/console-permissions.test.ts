// Every console route against every role (docs/product.md, "The merchant console"): each route's permission is listed
// here once, the list must name every route the API serves under /api/ops (a new route without its line fails), and
// each role is refused exactly the routes the permission table (src/domain/staff.ts) does not give it. Allowed calls
// carry made-up subjects, so they answer 400 or 404, never 403, and change nothing.
import { describe, expect, it } from 'vitest'
import { apiApp } from '~/api/app'
import { may, staffRoles, type Permission } from '@/domain/staff'
import { asStaff, joined, type Staff } from './staff-helpers'

/** Open to anyone (signing in and joining) or to any signed-in member (who they are, signing out). */
const open = ['POST /api/ops/sign-in', 'POST /api/ops/sign-out', 'GET /api/ops/me', 'GET /api/ops/join', 'POST /api/ops/join']

const number = 'MJ0000000000001'
const routes: Record<string, { permission: Permission; path: string; body?: unknown }> = {
  'GET /api/ops/staff': { permission: 'staff.manage', path: '/staff' },
  'POST /api/ops/staff/invite': { permission: 'staff.manage', path: '/staff/invite', body: { email: 'not-an-email', role: 'owner' } },
  'POST /api/ops/staff/:id': { permission: 'staff.manage', path: '/staff/999999', body: { role: 'support', active: true } },
  'POST /api/ops/staff/:id/sign-out': { permission: 'staff.manage', path: '/staff/999999/sign-out' },
  'GET /api/ops/audit': { permission: 'audit.read', path: '/audit?action=nothing.here' },
  'GET /api/ops/numbers': { permission: 'reports.read', path: '/numbers?days=7' },
  'GET /api/ops/products': { permission: 'catalogue.manage', path: '/products?q=NO-SUCH-SKU' },
  'GET /api/ops/products/:sku': { permission: 'catalogue.manage', path: '/products/NO-SUCH-SKU' },
  'POST /api/ops/products/:sku': { permission: 'catalogue.manage', path: '/products/NO-SUCH-SKU', body: { version: 0 } },
  'POST /api/ops/products/:sku/stock': {
    permission: 'catalogue.manage',
    path: '/products/NO-SUCH-SKU/stock',
    body: { changes: [{ region_id: 1101, add: 1 }], reason: 'count' },
  },
  'GET /api/ops/stock': { permission: 'catalogue.manage', path: '/stock?region=1101' },
  'GET /api/ops/coupons': { permission: 'catalogue.manage', path: '/coupons' },
  'POST /api/ops/coupons': { permission: 'catalogue.manage', path: '/coupons', body: { code: '' } },
  'GET /api/ops/coupons/:code': { permission: 'catalogue.manage', path: '/coupons/NO-SUCH-COUPON' },
  'POST /api/ops/coupons/:code': { permission: 'catalogue.manage', path: '/coupons/NO-SUCH-COUPON', body: {} },
  'POST /api/ops/coupons/:code/:change': { permission: 'catalogue.manage', path: '/coupons/NO-SUCH-COUPON/pause' },
  'GET /api/ops/gift-vouchers/:voucher': { permission: 'orders.read', path: '/gift-vouchers/NO-SUCH-VOUCHER' },
  'GET /api/ops/imports': { permission: 'catalogue.manage', path: '/imports' },
  'POST /api/ops/imports': { permission: 'catalogue.manage', path: '/imports', body: { products: 'not a form' } },
  'GET /api/ops/imports/:id': { permission: 'catalogue.manage', path: '/imports/999999' },
  'POST /api/ops/imports/:id/confirm': { permission: 'catalogue.manage', path: '/imports/999999/confirm' },
  'GET /api/ops/orders': { permission: 'orders.read', path: `/orders?q=${number}` },
  'GET /api/ops/orders/:number': { permission: 'orders.read', path: `/orders/${number}` },
  'POST /api/ops/orders/:number/return/receive': {
    permission: 'orders.refund',
    path: `/orders/${number}/return/receive`,
    body: { lines: [{ sku: 'X', qty: 1 }] },
  },
  'POST /api/ops/orders/:number/return/:decision': { permission: 'orders.refund', path: `/orders/${number}/return/accept`, body: {} },
  'POST /api/ops/orders/:number/refunds': {
    permission: 'orders.refund',
    path: `/orders/${number}/refunds`,
    body: { key: 'k', kind: 'amount', amount: 1, method: 'provider', reason: 'x' },
  },
  'POST /api/ops/orders/:number/messages/:id/resend': {
    permission: 'orders.resend',
    path: `/orders/${number}/messages/order-1-confirmation-sms/resend`,
    body: { seen: 0 },
  },
  'POST /api/ops/messages/retry-dead': { permission: 'orders.resend', path: '/messages/retry-dead' },
  'GET /api/ops/customers': { permission: 'orders.read', path: '/customers?q=0551234567' },
  'GET /api/ops/customers/:id': { permission: 'orders.read', path: '/customers/999999999' },
  'GET /api/ops/reviews': { permission: 'reviews.moderate', path: '/reviews?status=pending&before=1' },
  'GET /api/ops/reviews/pictures/:name': { permission: 'reviews.moderate', path: '/reviews/pictures/missing.jpg' },
  'POST /api/ops/reviews/:id/approve': { permission: 'reviews.moderate', path: '/reviews/999999999/approve' },
  'POST /api/ops/reviews/:id/reject': { permission: 'reviews.moderate', path: '/reviews/999999999/reject', body: { reason: 'x' } },
  'POST /api/ops/reviews/:id/answer': { permission: 'reviews.moderate', path: '/reviews/999999999/answer', body: { text: '' } },
  'POST /api/ops/customers/:id/code': { permission: 'orders.resend', path: '/customers/999999999/code' },
  'GET /api/ops/carts': { permission: 'orders.read', path: '/carts?before=2000-01-01T00:00:00.000Z' },
  'POST /api/ops/carts/:quote/remind': { permission: 'orders.resend', path: '/carts/0000000000/remind', body: { seen: 0 } },
  'POST /api/ops/carts/:quote/payment-link': { permission: 'orders.resend', path: '/carts/0000000000/payment-link' },
  'POST /api/ops/refunds/:id/retry': { permission: 'orders.refund', path: '/refunds/999999/retry' },
  'POST /api/ops/orders/:number/:step': { permission: 'orders.fulfil', path: `/orders/${number}/confirm` },
  'GET /api/ops/data-requests': { permission: 'audit.read', path: '/data-requests' },
  'POST /api/ops/data-requests/:id/answered': { permission: 'audit.read', path: '/data-requests/999999/answered' },
  'GET /api/ops/zatca': { permission: 'staff.manage', path: '/zatca' },
  'POST /api/ops/zatca/onboard': { permission: 'staff.manage', path: '/zatca/onboard', body: { otp: 'x' } },
  'POST /api/ops/housekeeping': { permission: 'jobs.run', path: '/housekeeping', body: { run: 'nothing' } },
}
/** The steps route checks the step's own permission: cancelling is support's too. */
const cancel: [string, (typeof routes)[string]] = ['POST cancel', { permission: 'orders.cancel', path: `/orders/${number}/cancel` }]

describe('the console`s routes', () => {
  it('are each listed with their permission', () => {
    const served = new Set(
      apiApp.routes.filter((route) => route.path.startsWith('/api/ops/') && route.method !== 'ALL').map((route) => `${route.method} ${route.path}`),
    )
    expect([...served].sort()).toEqual([...open, ...Object.keys(routes)].sort())
  })

  it('refuse each role exactly what the permission table does not give it', async () => {
    const staff = new Map<string, Staff>()
    for (const role of staffRoles) staff.set(role, await joined(role))
    const answers: string[] = []
    for (const role of staffRoles) {
      for (const [route, { permission, path, body }] of [...Object.entries(routes), cancel]) {
        const method = route.startsWith('GET') ? 'GET' : 'POST'
        const answer = await asStaff(staff.get(role)!, method, path, body)
        const refused = answer.status === 403
        if (refused === may(role, permission)) answers.push(`${role} ${method} ${path}: ${answer.status}`)
      }
    }
    expect(answers).toEqual([])
  })
})
