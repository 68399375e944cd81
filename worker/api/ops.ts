/**
 * The operator's routes, with `Authorization: Bearer <OPS_TOKEN>` (README, "Operating"; `npm run ops` calls them):
 * - POST /api/ops/housekeeping {run: "expire-unpaid-orders" | "daily"} runs a scheduled job now;
 * - GET /api/ops/orders lists the open orders with the step each awaits, oldest first;
 * - POST /api/ops/orders/{number}/{confirm|prepare|ship|deliver|cancel} moves an order (docs/product.md, "Fulfilment";
 *   ship takes {courier, tracking_number}); a repeated step answers `already`, a step out of order 409 with why.
 * Without the OPS_TOKEN secret the routes do not exist; a wrong or missing token is answered as if they did not
 * either. Ten wrong tokens an hour from one address, and that address waits out the hour, right token or not.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { serverLimits } from '../../app.config'
import { courierCodes, fulfilmentSteps, trackingNumber } from '../../src/domain/fulfilment'
import { orderNumber } from '../../src/domain/order'
import { takeStep } from '../commerce/fulfilment'
import { orderStore } from '../storage/order-store'
import { limiterFor } from '../durable-objects/limiter'
import { clientIp } from '../http/client-ip'
import { crons } from '../scheduled/crons'
import { runHousekeeping } from '../scheduled/housekeeping'
import { ApiError } from './errors'
import { validate } from './validate'

const wrongTokensPerIpPerHour = 10

const body = type({ run: "'expire-unpaid-orders' | 'daily'" })
const cronOf = { 'expire-unpaid-orders': crons.everyFiveMinutes, daily: crons.daily } as const

/** The shipping step's parcel; the other steps take no body. */
const parcel = type({ courier: type.enumerated(...courierCodes), tracking_number: type.string.matching(trackingNumber) })
const stepParam = type({ number: orderNumber, step: type.enumerated(...fulfilmentSteps) })

/** Compares digests, so the time taken says nothing about how much of the token was right. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  const [a, b] = await Promise.all([digest(given), digest(expected)])
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!
  return difference === 0
}

/** The operator's token, checked in constant time; past ten wrong ones an hour from an address even the right one waits. */
const operatorOnly = createMiddleware<{ Bindings: Env & { OPS_TOKEN?: string } }>(async (c, next) => {
  const expected = c.env.OPS_TOKEN
  if (!expected) throw new ApiError(404, 'not_found')
  // Every try is counted before the compare, in one step of the address's counter, so sixteen wrong tokens sent at once
  // are not all tried (issue 43, L1); a right token then gives its count back, so an operator shipping a busy day's
  // orders one after another is never held back. Past the limit even the right token waits: guesses learn nothing.
  const counter = limiterFor(c.env, `ops-wrong-token:${clientIp((name) => c.req.header(name))}`)
  if (!(await counter.hit(wrongTokensPerIpPerHour, 3600)).allowed) throw new ApiError(429, 'rate_limited')
  const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
  if (!(await sameSecret(given, expected))) throw new ApiError(404, 'not_found')
  await counter.giveBack(3600)
  return next()
})

/** The order a step names, or 404. */
async function orderNamed(env: Env, number: string) {
  const order = await orderStore(env.DB).byIncrement(number)
  if (!order) throw new ApiError(404, 'not_found')
  return order
}

export const opsApi = new Hono<{ Bindings: Env & { OPS_TOKEN?: string } }>()
  .post('/ops/housekeeping', operatorOnly, validate('json', body), async (c) => {
    const reports = await runHousekeeping(c.env, cronOf[c.req.valid('json').run], new Date())
    return c.json({ data: { reports } })
  })
  .get('/ops/orders', operatorOnly, async (c) => {
    const open = await orderStore(c.env.DB).awaitingStep(serverLimits.orders.operatorListSize)
    return c.json({
      data: {
        orders: open.map((order) => ({
          order: order.increment_id,
          placed_at: order.created_at,
          payment_method: order.payment_method,
          grand_total: order.grand_total,
          next: order.next,
        })),
      },
    })
  })
  // One route per step: the step's rules and its message are worker/commerce/fulfilment.ts's.
  .post('/ops/orders/:number/:step', operatorOnly, validate('param', stepParam), async (c) => {
    const { number, step } = c.req.valid('param')
    const order = await orderNamed(c.env, number)
    let shipment: typeof parcel.infer | null = null
    if (step === 'ship') {
      const given = parcel(await c.req.json().catch(() => null))
      if (given instanceof type.errors) throw new ApiError(400, 'bad_request', [given.summary])
      shipment = given
    }
    const result = await takeStep(c.env, order.id, step, shipment)
    if (result.outcome === 'refused') throw new ApiError(409, 'bad_request', [result.reason])
    const now = await orderStore(c.env.DB).detail(order.id)
    return c.json({ data: { order: order.increment_id, step, ...result, status: now?.status, timeline: now?.events ?? [] } })
  })
