/**
 * The shopper's privacy calls (docs/product.md, "Your data"): `POST /api/consent`, each answer to the cookie banner
 * recorded with the banner's version and time (and the customer, when a session stands); `POST /api/privacy/request`,
 * a request about one's data from the privacy page, for the owner's console. Both are anonymous writes: limited per
 * client address, a refusal stores nothing.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { serverLimits } from '../../config/server-limits'
import { email } from '../../src/domain/schemas'
import { withinHourlyLimit } from '../durable-objects/limiter'
import { clientIp } from '../http/client-ip'
import { dataRequestKinds } from '../../src/domain/data-requests'
import { privacyStore } from '../storage/privacy-store'
import { standingCustomerId } from './account'
import { ApiError } from './errors'
import { requestLocale } from './locale'
import { validate } from './validate'

const consentBody = type({
  choices: { functions: 'boolean', marketing: 'boolean', preference: 'boolean', measurements: 'boolean', social: 'boolean' },
  version: /^[0-9A-Za-z.-]{1,32}$/,
})
const requestBody = type({ email, kind: type.enumerated(...dataRequestKinds), 'message?': 'string <= 2000' })

async function limited(env: Env, subject: string, perHour: number) {
  if (!(await withinHourlyLimit(env, subject, perHour))) throw new ApiError(429, 'rate_limited')
}

export const privacyApi = new Hono<{ Bindings: Env }>()
  .post('/consent', validate('json', consentBody), async (c) => {
    await limited(c.env, `consent-ip:${clientIp((name) => c.req.header(name))}`, serverLimits.anonymousWrites.eventRequestsPerIpPerHour)
    const { choices, version } = c.req.valid('json')
    const customerId = await standingCustomerId(c)
    await privacyStore(c.env.DB).recordConsent({ customerId, choices, version, locale: requestLocale(c) }, new Date())
    return c.json({ data: { recorded: true } })
  })
  .post('/privacy/request', validate('json', requestBody), async (c) => {
    await limited(c.env, `data-request-ip:${clientIp((name) => c.req.header(name))}`, serverLimits.anonymousWrites.dataRequestsPerIpPerHour)
    const body = c.req.valid('json')
    const id = await privacyStore(c.env.DB).addDataRequest(
      { email: body.email.trim().toLowerCase(), kind: body.kind, message: (body.message ?? '').trim(), locale: requestLocale(c) },
      new Date(),
    )
    return c.json({ data: { id } })
  })
