/**
 * The operator's routes, with `Authorization: Bearer <OPS_TOKEN>`: POST /api/ops/housekeeping {run: "expire-unpaid-orders"
 * | "daily"} runs a scheduled job now (README, "Runbook": an unpaid order expired by hand); POST
 * /api/ops/orders/{number}/confirm confirms a cash-on-delivery order; POST /api/ops/orders/{number}/cancel cancels an
 * order not yet shipped and refunds what was paid. Without the OPS_TOKEN secret
 * the route does not exist; a wrong or missing token is answered as if it did not either. Ten tries an hour per client
 * address, then 429.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { orderNumber } from '../../src/domain/order'
import { cancelBeforeShipping } from '../commerce/orders'
import { orderStore } from '../storage/order-store'
import { withinHourlyLimit } from '../durable-objects/limiter'
import { clientIp } from '../http/client-ip'
import { crons } from '../scheduled/crons'
import { runHousekeeping } from '../scheduled/housekeeping'
import { ApiError } from './errors'
import { validate } from './validate'

const triesPerIpPerHour = 10

const body = type({ run: "'expire-unpaid-orders' | 'daily'" })
const cronOf = { 'expire-unpaid-orders': crons.everyFiveMinutes, daily: crons.daily } as const

/** Compares digests, so the time taken says nothing about how much of the token was right. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  const [a, b] = await Promise.all([digest(given), digest(expected)])
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!
  return difference === 0
}

/** The operator's token, checked in constant time; past ten tries an hour per address even the right one waits. */
const operatorOnly = createMiddleware<{ Bindings: Env & { OPS_TOKEN?: string } }>(async (c, next) => {
  const expected = c.env.OPS_TOKEN
  if (!expected) throw new ApiError(404, 'not_found')
  // Every try counts, right or wrong: past the limit even the right token waits, so guesses learn nothing there.
  const ip = clientIp((name) => c.req.header(name))
  if (!(await withinHourlyLimit(c.env, `ops-ip:${ip}`, triesPerIpPerHour))) throw new ApiError(429, 'rate_limited')
  const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
  if (await sameSecret(given, expected)) return next()
  throw new ApiError(404, 'not_found')
})

export const opsApi = new Hono<{ Bindings: Env & { OPS_TOKEN?: string } }>()
  .post('/ops/housekeeping', operatorOnly, validate('json', body), async (c) => {
    const reports = await runHousekeeping(c.env, cronOf[c.req.valid('json').run], new Date())
    return c.json({ data: { reports } })
  })
  // The operator vouches for a cash-on-delivery order (docs/decisions/0007): it then keeps its stock until delivery.
  .post('/ops/orders/:number/confirm', operatorOnly, async (c) => {
    const number = c.req.param('number')
    const orders = orderStore(c.env.DB)
    const order = orderNumber.test(number) ? await orders.byIncrement(number) : null
    if (!order) throw new ApiError(404, 'not_found')
    if (order.payment_method !== 'cashondelivery' || order.status !== 'processing')
      throw new ApiError(409, 'bad_request', ['only a cash-on-delivery order awaiting confirmation can be confirmed'])
    const confirmed = await orders.confirmCash(order.id, new Date())
    return c.json({ data: { order: order.increment_id, confirmed, alreadyConfirmed: !confirmed } })
  })
  // The operator cancels an order before it ships (out of stock at the warehouse, the buyer asked by phone): its
  // stock goes back and its payment is refunded through the provider that took it, once.
  .post('/ops/orders/:number/cancel', operatorOnly, async (c) => {
    const number = c.req.param('number')
    const order = orderNumber.test(number) ? await orderStore(c.env.DB).byIncrement(number) : null
    if (!order) throw new ApiError(404, 'not_found')
    const { cancelled, refunded } = await cancelBeforeShipping(c.env, order.id)
    if (!cancelled) throw new ApiError(409, 'bad_request', ['only a placed order not yet shipped can be cancelled'])
    return c.json({ data: { order: order.increment_id, cancelled, refunded } })
  })
