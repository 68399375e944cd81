/**
 * POST /api/newsletter {email}: the footer's sign-up. Answers the same whether or not the address was known; a
 * well-formed address only, a few sign-ups an hour per client address (serverLimits.anonymousWrites).
 */
import { Hono } from 'hono'
import { type } from 'arktype'
import { serverLimits } from '../../config/server-limits'
import { email } from '../../src/domain/schemas'
import { withinHourlyLimit } from '../durable-objects/limiter'
import { clientIp } from '../http/client-ip'
import { ApiError } from './errors'
import { requestLocale } from './locale'
import { validate } from './validate'
import { eventStore } from '../storage/event-store'

const body = type({ email })

export const newsletterApi = new Hono<{ Bindings: Env }>().post('/newsletter', validate('json', body), async (c) => {
  const ip = clientIp((name) => c.req.header(name))
  if (!(await withinHourlyLimit(c.env, `newsletter-ip:${ip}`, serverLimits.anonymousWrites.newsletterSignUpsPerIpPerHour)))
    throw new ApiError(429, 'rate_limited')
  await eventStore(c.env.DB).subscribeNewsletter(c.req.valid('json').email, requestLocale(c), new Date())
  return c.json({ data: { subscribed: true } })
})
