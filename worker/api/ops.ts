/**
 * The merchant console's API and the scripts' (docs/product.md, "The merchant console"; README, "Operating"). Each call
 * is made by an actor: a staff member signed in to the console (the `ops_session` cookie), or a script holding the
 * `OPS_TOKEN` secret (`Authorization: Bearer`, the token named "terminal", with the owner's permissions). Every route
 * names the permission it needs (src/domain/staff.ts), and every change records who made it in the audit trail, in
 * the change's own batch.
 *
 * - POST /api/ops/sign-in, /api/ops/sign-out; GET /api/ops/me
 * - GET /api/ops/join?invite=, POST /api/ops/join: accept an invitation (password and authenticator app)
 * - GET /api/ops/staff, POST /api/ops/staff/invite, POST /api/ops/staff/{id}, POST /api/ops/staff/{id}/sign-out
 * - GET /api/ops/audit
 * - GET /api/ops/orders (queues and search), GET /api/ops/orders/{number}
 * - POST /api/ops/orders/{number}/{confirm|prepare|ship|ready|deliver|cancel} (ship takes {courier, tracking_number});
 *   a repeated step answers `already`, a step out of order 409 with why
 * - POST /api/ops/orders/{number}/return/{accept|refuse|receive}: the buyer's return ({answer} the buyer reads;
 *   receive takes {lines: [{sku, qty}]}, whose units go back to stock)
 * - POST /api/ops/messages/retry-dead: sends again the orders' messages that failed for good (the owner's numbers)
 * - POST /api/ops/orders/{number}/refunds {key, kind: whole|lines|amount, method, reason, lines?, delivery?, amount?}
 *   (amount in halalas; the same key is the same refund), POST /api/ops/refunds/{id}/retry
 * - GET /api/ops/zatca: the EGS unit's onboarding (certificate, expiry, renewal reminder); POST /api/ops/zatca/onboard
 *   {otp}: onboard again (worker/integrations/zatca-unit.ts), the owner's
 * - POST /api/ops/housekeeping {run: "expire-unpaid-orders" | "daily" | "catalogue-replaced"} runs a scheduled job now,
 *   or what follows a catalogue import (the search snapshots built, then the caches dropped)
 *
 * A wrong token is answered as if the routes did not exist (404); ten wrong tokens an hour from one address, and that
 * address waits out the hour, right token or not. Without a session or a token, a route is a 404 too, but /me answers
 * null, so the console can ask the staff member to sign in.
 */
import { type } from 'arktype'
import { Hono, type Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { serverLimits } from '../../config/server-limits'
import { cookies, serverCookieOptions } from '../../src/domain/cookies'
import { courierCodes, fulfilmentSteps, trackingNumber, type FulfilmentStep } from '../../src/domain/fulfilment'
import { orderNumber, orderQueues, paymentCodes } from '../../src/domain/order'
import { internationalMobile } from '../../src/domain/phone'
import { may, permissions, staffRoles, type Permission } from '../../src/domain/staff'
import { isEmail } from '../../src/domain/account-rules'
import { takeStep } from '../commerce/fulfilment'
import { invoiceSeller } from '../commerce/invoices'
import { OnboardingRefused } from '../integrations/zatca-onboarding'
import { onboardFromConsole, unitStatus } from '../integrations/zatca-unit'
import { creditNotesOf } from '../commerce/credit-notes'
import { resendOrderMessage, retryDeadMessages } from '../commerce/order-messages'
import { refundOrder, retryRefund, type RefundOutcome } from '../commerce/refunds'
import { decideReturn, receiveReturn, type ReturnStepResult } from '../commerce/returns'
import { refundMethods, refundReasonMaxLength } from '../../src/domain/refunds'
import { acceptInvite, endSession, inviteStaff, signIn, StaffAuthError, startEnrolment, startSession } from '../console/staff-auth'
import { auditStore } from '../storage/audit-store'
import { numbersStore } from '../storage/numbers-store'
import { consoleProductStore } from '../storage/console-product-store'
import { periodDays, salesNumbers } from '../../src/domain/numbers'
import { riyadhDateString } from '../../src/domain/dates'
import { finalStatuses, messageStore } from '../storage/message-store'
import { orderStore } from '../storage/order-store'
import { paymentStore } from '../storage/payment-store'
import { refundStore } from '../storage/refund-store'
import { staffStore } from '../storage/staff-store'
import { clientIp } from '../http/client-ip'
import { currentRequestId } from '../http/request-context'
import { crons } from '../scheduled/crons'
import { runHousekeeping } from '../scheduled/housekeeping'
import { catalogueReplaced } from '../catalogue/page-purge'
import { ApiError } from './errors'
import { allowed, auditOf, callerOf, olderPage, type OpsEnv } from './ops-access'
import { validate } from './validate'
import { privacyStore } from '../storage/privacy-store'

/** The Fatoora portal's one-time password: six digits. */
const otpBody = type({ otp: /^\d{6}$/ })
const body = type({ run: "'expire-unpaid-orders' | 'daily' | 'catalogue-replaced'" })
const cronOf = { 'expire-unpaid-orders': crons.everyFiveMinutes, daily: crons.daily } as const

/** The shipping step's parcel; the other steps take no body. */
const parcel = type({ courier: type.enumerated(...courierCodes), tracking_number: type.string.matching(trackingNumber) })
const stepParam = type({ number: orderNumber, step: type.enumerated(...fulfilmentSteps) })

/** What each step needs: cancelling an unshipped order is support's too; the rest is fulfilment. */
const stepPermission = (step: FulfilmentStep): Permission => (step === 'cancel' ? 'orders.cancel' : 'orders.fulfil')

/** A staff sign-in refusal as the API's error: the same words whichever part was wrong. */
function refusal(error: unknown): never {
  if (error instanceof StaffAuthError) throw new ApiError(error.status, error.code, error.seconds === undefined ? [] : [String(error.seconds)])
  throw error
}

function setStaffCookie(c: Context<OpsEnv>, token: string) {
  c.header('set-cookie', cookieLine(cookies.staffSession.name, token), { append: true })
}

function cookieLine(name: string, value: string, maxAge?: number) {
  const options = serverCookieOptions(cookies.staffSession)
  return [
    `${name}=${value}`,
    `Path=${options.path}`,
    'HttpOnly',
    'Secure',
    'SameSite=Strict',
    ...(maxAge === undefined ? [] : [`Max-Age=${maxAge}`]),
  ].join('; ')
}

/** The order a step names, or 404. */
async function orderNamed(env: Env, number: string) {
  const order = await orderStore(env.DB).byIncrement(number)
  if (!order) throw new ApiError(404, 'not_found')
  return order
}

const signInBody = type({ email: '0 < string <= 254', password: '0 < string <= 200', code: '0 < string <= 10' })
const joinQuery = type({ invite: '20 <= string <= 100' })
const joinBody = type({
  invite: '20 <= string <= 100',
  enrolment: '0 < string <= 2000',
  name: '2 <= string <= 80',
  password: '10 <= string <= 200',
  code: '0 < string <= 10',
})
const inviteBody = type({ email: '0 < string <= 254', role: type.enumerated(...staffRoles) })
const staffChange = type({ role: type.enumerated(...staffRoles), active: 'boolean' })
const staffParam = type({ id: /^\d{1,9}$/ })
const auditQuery = type({
  'actor?': '0 < string <= 80',
  'action?': '0 < string <= 40',
  'subject_kind?': '0 < string <= 20',
  'subject_id?': '0 < string <= 254',
  'from?': /^\d{4}-\d{2}-\d{2}/,
  'to?': /^\d{4}-\d{2}-\d{2}/,
  'before?': /^\d{1,12}$/,
})
const orderQuery = type({
  'queue?': type.enumerated(...orderQueues),
  'q?': '0 < string <= 254',
  'city?': /^\d{1,6}$/,
  'method?': type.enumerated(...paymentCodes),
  'status?': "'pending_payment' | 'processing' | 'complete' | 'canceled'",
  'from?': /^\d{4}-\d{2}-\d{2}$/,
  'to?': /^\d{4}-\d{2}-\d{2}$/,
  'before?': /^\d{1,12}$/,
})

const units = type({ sku: '0 < string <= 64', qty: '1 <= number.integer <= 999' }).array().atMostLength(100)
const returnDecision = type({ decision: "'accept' | 'refuse'", number: orderNumber })
const answerBody = type({ 'answer?': `string <= ${refundReasonMaxLength}` })
const receiveBody = type({ lines: units })
const refundBody = type({
  key: '8 <= string <= 64',
  reason: `0 < string <= ${refundReasonMaxLength}`,
  method: type.enumerated(...refundMethods),
}).and(
  type({ kind: "'whole'" })
    .or({ kind: "'lines'", lines: units, delivery: 'boolean', 'amount?': '1 <= number.integer <= 100000000' })
    .or({ kind: "'amount'", amount: '1 <= number.integer <= 100000000' }),
)

/** A return step's answer: done or already, else 409 with why (the console words it). */
function returnAnswer(result: ReturnStepResult) {
  if (result.outcome === 'refused' && result.reason === 'no_request') throw new ApiError(404, 'not_found')
  if (result.outcome === 'refused') throw new ApiError(409, 'bad_request', [result.reason])
  return result
}

/** A refund's answer: a refusal is 409 with why, changing nothing; a provider's failure is kept and answered as such. */
function refundAnswer(result: RefundOutcome) {
  if (result.outcome === 'refused') throw new ApiError(409, 'bad_request', [result.reason])
  return result.outcome === 'failed' ? { outcome: result.outcome, refund: result.refund, failure: result.failure } : result
}

/** What the search box holds: an order number, a mobile in any spelling, or an email. */
function searchTerms(q: string | undefined): { number?: string; phone?: string; email?: string } {
  const typed = q?.trim()
  if (!typed) return {}
  if (orderNumber.test(typed)) return { number: typed }
  if (typed.includes('@')) return isEmail(typed) ? { email: typed } : { email: '-' }
  const phone = internationalMobile(typed)
  return phone ? { phone } : { number: typed }
}

/** The day after an ISO date (a date range's end is inclusive for staff, exclusive in SQL). */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00+03:00`) + 86_400_000).toISOString()
const dayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00+03:00`)).toISOString()

export const opsApi = new Hono<OpsEnv>()
  // Staff sign-in: one refusal for every wrong part, a growing back-off per email and per address.
  .post('/ops/sign-in', validate('json', signInBody), async (c) => {
    const input = c.req.valid('json')
    const token = await signIn(c.env, { ...input, ip: clientIp((name) => c.req.header(name)) }).catch(refusal)
    setStaffCookie(c, token)
    return c.json({ data: { signed_in: true } })
  })
  .post('/ops/sign-out', async (c) => {
    const token = getCookie(c, cookies.staffSession.name)
    if (token) await endSession(c.env, token)
    c.header('set-cookie', cookieLine(cookies.staffSession.name, '', 0), { append: true })
    return c.json({ data: { signed_in: false } })
  })
  .get('/ops/me', async (c) => {
    const actor = await callerOf(c)
    // Signed out is an answer here, not an error: the console shows its sign-in form.
    if (!actor) return c.json({ data: null })
    return c.json({ data: { ...actor, permissions: permissions.filter((p) => may(actor.role, p)) } })
  })
  .get('/ops/join', validate('query', joinQuery), async (c) => {
    return c.json({ data: await startEnrolment(c.env, c.req.valid('query').invite).catch(refusal) })
  })
  .post('/ops/join', validate('json', joinBody), async (c) => {
    const input = c.req.valid('json')
    const member = await acceptInvite(c.env, input, currentRequestId() ?? crypto.randomUUID()).catch(refusal)
    setStaffCookie(c, await startSession(c.env, member.id))
    return c.json({ data: { name: member.name, role: member.role } })
  })

  .get('/ops/staff', allowed('staff.manage'), async (c) => c.json({ data: { staff: await staffStore(c.env.DB).list() } }))
  .post('/ops/staff/invite', allowed('staff.manage'), validate('json', inviteBody), async (c) => {
    const { email, role } = c.req.valid('json')
    if (!isEmail(email)) throw new ApiError(400, 'bad_request', ['email'])
    if (await staffStore(c.env.DB).byEmail(email)) throw new ApiError(409, 'staff_exists')
    const token = await inviteStaff(c.env, c.get('actor'), email, role, currentRequestId() ?? crypto.randomUUID())
    const link = new URL(`/ops/join?invite=${token}`, c.req.url).toString()
    return c.json({ data: { link, expires_in_hours: serverLimits.staff.inviteHours } })
  })
  .post('/ops/staff/:id', allowed('staff.manage'), validate('param', staffParam), validate('json', staffChange), async (c) => {
    const store = staffStore(c.env.DB)
    const member = await store.byId(Number(c.req.valid('param').id))
    if (!member) throw new ApiError(404, 'not_found')
    const change = c.req.valid('json')
    const entry = auditOf(
      c,
      'staff.update',
      { kind: 'staff', id: member.email },
      { before: { role: member.role, active: member.active }, after: change },
    )
    if (!(await store.update(member.id, change, entry))) throw new ApiError(409, 'last_owner')
    return c.json({ data: { ...member, ...change } })
  })
  .post('/ops/staff/:id/sign-out', allowed('staff.manage'), validate('param', staffParam), async (c) => {
    const store = staffStore(c.env.DB)
    const member = await store.byId(Number(c.req.valid('param').id))
    if (!member) throw new ApiError(404, 'not_found')
    const ended = await store.endSessionsOf(member.id, auditOf(c, 'staff.sign_out_everywhere', { kind: 'staff', id: member.email }))
    return c.json({ data: { ended } })
  })

  .get('/ops/audit', allowed('audit.read'), validate('query', auditQuery), async (c) => {
    const q = c.req.valid('query')
    const rows = await auditStore(c.env.DB).list({
      actor: q.actor,
      action: q.action,
      subject: q.subject_kind && q.subject_id ? { kind: q.subject_kind, id: q.subject_id } : undefined,
      from: q.from && dayStart(q.from),
      to: q.to && dayAfter(q.to),
      before: q.before ? Number(q.before) : undefined,
      limit: serverLimits.orders.consolePageSize,
    })
    return c.json({ data: { entries: rows, older: olderPage(rows) } })
  })

  // Requests about shoppers' data from the privacy page, for the owner (docs/product.md, "Your data").
  .get('/ops/data-requests', allowed('audit.read'), async (c) =>
    c.json({ data: { requests: await privacyStore(c.env.DB).dataRequests(serverLimits.orders.consolePageSize) } }),
  )
  .post('/ops/data-requests/:id/answered', allowed('audit.read'), validate('param', staffParam), async (c) => {
    const id = Number(c.req.valid('param').id)
    const entry = auditOf(c, 'data_request.answered', { kind: 'data_request', id: String(id) })
    if (!(await privacyStore(c.env.DB).answerDataRequest(id, new Date(), entry))) throw new ApiError(404, 'not_found')
    return c.json({ data: { id, status: 'answered' } })
  })

  .get('/ops/orders', allowed('orders.read'), validate('query', orderQuery), async (c) => {
    const q = c.req.valid('query')
    const store = orderStore(c.env.DB)
    const [orders, queues] = await Promise.all([
      store.search({
        queue: q.queue,
        ...searchTerms(q.q),
        regionId: q.city ? Number(q.city) : undefined,
        method: q.method,
        status: q.status,
        from: q.from && dayStart(q.from),
        to: q.to && dayAfter(q.to),
        before: q.before ? Number(q.before) : undefined,
        limit: serverLimits.orders.consolePageSize,
      }),
      store.queueCounts(),
    ])
    return c.json({
      data: {
        queues,
        older: olderPage(orders),
        orders: orders.map((order) => ({
          order: order.increment_id,
          id: order.id,
          placed_at: order.created_at,
          customer: order.customer_name,
          phone: order.phone,
          email: order.email,
          region_id: order.region_id,
          payment_method: order.payment_method,
          shipping_method: order.shipping_method,
          status: order.status,
          grand_total: order.grand_total,
          next: order.next,
        })),
      },
    })
  })
  .get('/ops/numbers', allowed('reports.read'), validate('query', type({ 'days?': /^([1-9]|[1-8]\d|90)$/ })), async (c) => {
    const days = Number(c.req.valid('query').days ?? serverLimits.orders.numbersDays)
    const now = new Date()
    const today = riyadhDateString(now)
    // The period starts at Riyadh's midnight of its first day: 21:00 UTC the day before.
    const from = new Date(Date.parse(`${periodDays(today, days)[0]}T00:00:00+03:00`))
    const store = numbersStore(c.env.DB)
    const [sales, attention, queues, lowStock] = await Promise.all([
      store.sales(from),
      store.attention(),
      orderStore(c.env.DB).queueCounts(),
      consoleProductStore(c.env.DB).lowStockCount(),
    ])
    return c.json({
      data: {
        ...salesNumbers(sales, today, days),
        attention: {
          ...attention,
          to_confirm: queues.to_confirm,
          refunds_failed: queues.refunds_failed,
          returns: queues.returns,
          low_stock: lowStock,
        },
      },
    })
  })
  .get('/ops/orders/:number', allowed('orders.read'), validate('param', type({ number: orderNumber })), async (c) => {
    const order = await orderNamed(c.env, c.req.valid('param').number)
    const detail = await orderStore(c.env.DB).detail(order.id)
    const [trail, refunds, payment, messages, creditNotes] = await Promise.all([
      auditStore(c.env.DB).list({ subject: { kind: 'order', id: order.increment_id }, limit: 100 }),
      refundStore(c.env.DB).forOrder(order.id),
      paymentStore(c.env.DB).forOrder(order.id),
      messageStore(c.env.DB).forOrder(order.id),
      creditNotesOf(c.env, order.id),
    ])
    const refunded = refunds.filter((refund) => refund.status === 'done').reduce((sum, refund) => sum + refund.amount, 0)
    return c.json({
      data: {
        order: detail,
        audit: trail,
        refunds,
        credit_notes: creditNotes,
        payment: {
          provider: payment?.provider ?? null,
          checkout_id: payment?.checkout_id ?? null,
          payment_id: payment?.payment_id ?? null,
          captured_halalas: payment?.payment_id ? Math.round(order.grand_total * 100) : 0,
          refunded_halalas: refunded,
        },
        messages: messages.map(({ id, channel, recipient, template, status, attempts, last_error, created_at, updated_at, content }) => ({
          id,
          channel,
          recipient,
          template,
          status,
          attempts,
          last_error,
          created_at,
          updated_at,
          // Its words were kept and it finished: staff with orders.resend may send it again (resendOrderMessage),
          // saying how many resends they saw listed.
          resendable: content !== null && finalStatuses.includes(status) && !id.includes('-again-'),
          resends: messages.filter((other) => other.id.startsWith(`${id}-again-`)).length,
        })),
      },
    })
  })
  // Receiving before the decisions' route, whose `:decision` would otherwise take "receive".
  .post(
    '/ops/orders/:number/return/receive',
    allowed('orders.refund'),
    validate('param', type({ number: orderNumber })),
    validate('json', receiveBody),
    async (c) => {
      const order = await orderNamed(c.env, c.req.valid('param').number)
      const { lines } = c.req.valid('json')
      const audit = auditOf(c, 'return.receive', { kind: 'order', id: order.increment_id }, { after: { lines } })
      return c.json({ data: returnAnswer(await receiveReturn(c.env, order.id, lines, audit.at, audit)) })
    },
  )
  .post(
    '/ops/orders/:number/return/:decision',
    allowed('orders.refund'),
    validate('param', returnDecision),
    validate('json', answerBody),
    async (c) => {
      const { number, decision } = c.req.valid('param')
      const answer = (c.req.valid('json').answer ?? '').trim()
      if (decision === 'refuse' && answer.length < 3) throw new ApiError(400, 'bad_request', ['answer'])
      const order = await orderNamed(c.env, number)
      const outcome = decision === 'accept' ? 'accepted' : 'refused'
      const audit = auditOf(c, `return.${decision}`, { kind: 'order', id: order.increment_id }, { after: { answer } })
      return c.json({ data: returnAnswer(await decideReturn(c.env, order.id, outcome, answer, audit.at, audit)) })
    },
  )
  // Before the steps' route, whose `:step` would otherwise take "refunds".
  .post(
    '/ops/orders/:number/refunds',
    allowed('orders.refund'),
    validate('param', type({ number: orderNumber })),
    validate('json', refundBody),
    async (c) => {
      const order = await orderNamed(c.env, c.req.valid('param').number)
      const ask = c.req.valid('json')
      const audit = auditOf(c, 'order.refund', { kind: 'order', id: order.increment_id }, { after: ask })
      return c.json({ data: refundAnswer(await refundOrder(c.env, order.id, ask, audit.at, audit)) })
    },
  )
  .post(
    '/ops/orders/:number/messages/:id/resend',
    allowed('orders.resend'),
    validate('param', type({ number: orderNumber, id: /^order-\d{1,12}-[\w-]{1,100}$/ })),
    validate('json', type({ seen: '0 <= number.integer <= 100' })),
    async (c) => {
      const { number, id } = c.req.valid('param')
      const order = await orderNamed(c.env, number)
      const audit = auditOf(c, 'order.resend_message', { kind: 'order', id: order.increment_id }, { after: { message: id } })
      const outcome = await resendOrderMessage(c.env, order.id, id, c.req.valid('json').seen, audit, audit.at)
      if (outcome === 'not_found') throw new ApiError(404, 'not_found')
      if (outcome === 'limit') throw new ApiError(409, 'bad_request', ['resend_limit'])
      return c.json({ data: { outcome } })
    },
  )
  .post('/ops/messages/retry-dead', allowed('orders.resend'), async (c) => {
    const audit = auditOf(c, 'order.resend_message', { kind: 'message', id: '' })
    const sent = await retryDeadMessages(c.env, audit, serverLimits.orders.deadRetriesPerPress)
    return c.json({ data: { sent } })
  })
  .post('/ops/refunds/:id/retry', allowed('orders.refund'), validate('param', staffParam), async (c) => {
    const refund = await refundStore(c.env.DB).byId(Number(c.req.valid('param').id))
    const order = refund && (await orderStore(c.env.DB).byId(refund.order_id))
    if (!refund || !order) throw new ApiError(404, 'not_found')
    const audit = auditOf(c, 'order.refund_retry', { kind: 'order', id: order.increment_id }, { after: { refund: refund.id } })
    return c.json({ data: refundAnswer(await retryRefund(c.env, refund.id, audit.at, audit)) })
  })
  // One route per step: the step's rules and its message are worker/commerce/fulfilment.ts's.
  .post(
    '/ops/orders/:number/:step',
    validate('param', stepParam),
    async (c, next) => {
      // The permission depends on the step: checked here, before anything is read.
      return allowed(stepPermission(c.req.valid('param').step))(c, next)
    },
    async (c) => {
      const { number, step } = c.req.valid('param')
      const order = await orderNamed(c.env, number)
      let shipment: typeof parcel.infer | null = null
      if (step === 'ship') {
        const given = parcel(await c.req.json().catch(() => null))
        if (given instanceof type.errors) throw new ApiError(400, 'bad_request', [given.summary])
        shipment = given
      }
      const now = new Date()
      const audit = auditOf(
        c,
        `order.${step}`,
        { kind: 'order', id: order.increment_id },
        { before: { status: order.status }, after: shipment ?? undefined },
        now,
      )
      const result = await takeStep(c.env, order.id, step, shipment, now, audit)
      if (result.outcome === 'refused') throw new ApiError(409, 'bad_request', [result.reason])
      const after = await orderStore(c.env.DB).detail(order.id)
      return c.json({ data: { order: order.increment_id, step, ...result, status: after?.status, timeline: after?.events ?? [] } })
    },
  )
  .post('/ops/housekeeping', allowed('jobs.run'), validate('json', body), async (c) => {
    const { run } = c.req.valid('json')
    // What `npm run catalogue:import` asks for once the new catalogue is in D1: the search snapshots built, then the
    // caches dropped (worker/catalogue/page-purge.ts).
    if (run === 'catalogue-replaced') return c.json({ data: { reports: [{ job: run, ...(await catalogueReplaced(c.env)) }] } })
    const reports = await runHousekeeping(c.env, cronOf[run], new Date())
    return c.json({ data: { reports } })
  })
  .get('/ops/zatca', allowed('staff.manage'), async (c) => c.json({ data: await unitStatus(c.env) }))
  .post('/ops/zatca/onboard', allowed('staff.manage'), validate('json', otpBody), async (c) => {
    const seller = invoiceSeller(c.env)
    if (!seller) throw new ApiError(409, 'bad_request', ['SELLER_VAT_NUMBER and SELLER_NAME_AR are not set'])
    try {
      const steps = await onboardFromConsole(c.env, seller, c.req.valid('json').otp)
      if (!steps) throw new ApiError(409, 'bad_request', ['production keeps the unit in Worker secrets: run npm run zatca:onboard -- --secret-put'])
      await auditStore(c.env.DB)
        .row(auditOf(c, 'zatca.onboard', { kind: 'zatca', id: 'unit' }, { after: await unitStatus(c.env) }))
        .run()
      return c.json({ data: { steps, status: await unitStatus(c.env) } })
    } catch (error) {
      if (error instanceof OnboardingRefused)
        return c.json({ error: { code: 'zatca_refused', message: error.message, step: error.step, steps: error.steps } }, 422)
      throw error
    }
  })
