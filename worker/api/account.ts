/**
 * Account and event proxy routes of docs/product.md, "Calls": handshake, check-if-authenticated, registration,
 * the forgotten-password steps, and personalisation events (whose failure is only logged).
 */
import { type } from 'arktype'
import { Hono, type Context } from 'hono'
import { passwordResetConfirmation, personalisationEvent, registrationFields, registrationPlaceholders } from '../../src/domain/schemas'
import { cookies } from '../../src/domain/cookies'
import { relay } from './cart-proxy-routes'
import { apiSession, honoCookieJar } from './session-jar'
import { validate } from './validate'
import { locale } from '../../src/domain/schemas'
import { eventStore } from '../storage/event-store'
import { serverLimits } from '../../config/server-limits'
import { withinHourlyLimit } from '../durable-objects/limiter'
import { clientIp } from '../http/client-ip'
import { commerceClient } from '../commerce/client'
import { unsealSession } from '../storefront/sealed-session'
import { signInShopper } from '../storefront/sign-in'
import { ApiError } from './errors'

const registerBody = registrationFields.merge(registrationPlaceholders)
const eventBody = type({
  eventList: personalisationEvent.array().moreThanLength(0).atMostLength(serverLimits.anonymousWrites.eventsPerRequestMax),
  'sessionId?': '/^[A-Za-z0-9-]{8,64}$/',
  /** Sent by the page from the usr cookie; never trusted: the signed-in session says who the shopper is. */
  'userId?': 'number.integer >= 1',
})

export const accountApi = new Hono<{ Bindings: Env }>()
  .get('/handshake', validate('query', type({ lang: locale })), async (c) => {
    await apiSession(c).handshake()
    return c.json({ data: { status: true } })
  })
  .get('/header/checkifauth', async (c) => relay(c, await (await apiSession(c).client()).settle((api) => api.customer.checkifauth.$get())))
  .post('/register', validate('json', registerBody), async (c) => {
    const jar = honoCookieJar(c)
    // The phone was verified in the code step; the proof travels in an HttpOnly cookie, not the body.
    const token = jar.get(cookies.phoneVerification) ?? ''
    const session = apiSession(c, jar)
    const result = await (await session.client()).settle((api) => api.customer.register.$post({ json: { ...c.req.valid('json'), token } }))
    if (!result.data) return relay(c, result)
    jar.delete(cookies.phoneVerification)
    // The new account is signed in as a sign-in is (docs/product.md, "Accounts"); its customer token stays in
    // the HttpOnly cookies, never in the answer.
    const { token: customerToken, expires_at, user, success, message } = result.data
    const signedIn = await signInShopper(c.env, jar, session, { token: customerToken, expires_at, user })
    return c.json({ success, message, user: signedIn.user, city: signedIn.city })
  })
  .post('/forget/new-send-email-token', validate('json', type({ email: 'string.email <= 254', 'recaptchaToken?': 'string <= 4096' })), async (c) => {
    const body = c.req.valid('json')
    return relay(
      c,
      await (
        await apiSession(c).client()
      ).settle((api) => api.customer.forgot['send-token'].$post({ json: { email: body.email, recaptchaToken: body.recaptchaToken ?? '' } })),
    )
  })
  .post('/forget/new-confirm-change-password', validate('json', passwordResetConfirmation), async (c) =>
    relay(c, await (await apiSession(c).client()).settle((api) => api.customer.forgot.confirm.$post({ json: c.req.valid('json') }))),
  )
  .post('/aws/event', validate('json', eventBody), async (c) => {
    const { eventList, sessionId } = c.req.valid('json')
    const ip = clientIp((name) => c.req.header(name))
    if (!(await withinHourlyLimit(c.env, `events-ip:${ip}`, serverLimits.anonymousWrites.eventRequestsPerIpPerHour)))
      throw new ApiError(429, 'rate_limited')
    const userId = await standingCustomerId(c)
    try {
      await eventStore(c.env.DB).recordPersonalisation(eventList, { sessionId: sessionId ?? null, userId }, new Date())
    } catch (error) {
      // docs/product.md, "Errors": an event that cannot be stored is only logged; the shopper never sees it.
      console.error(JSON.stringify({ level: 'error', message: 'personalisation event failed', error: String(error) }))
    }
    return c.json({ data: { received: eventList.length } })
  })

/**
 * The signed-in customer of the request, or null. A sealed session outlives its sign-out (a copy in another tab, a
 * token revoked by a password reset): the backend says whether its customer token still stands before anything is
 * credited to the customer. Asked with the sealed session's own token, as getSession asks
 * (src/server/session.functions.ts).
 */
export async function standingCustomerId(c: Context<{ Bindings: Env }>): Promise<number | null> {
  const sealed = await unsealSession(c.env, honoCookieJar(c).get(cookies.session))
  if (!sealed) return null
  const answer = await commerceClient(c.env, { ...(await apiSession(c).caller()), mage: sealed.mage }).settle((api) =>
    api.customer.checkifauth.$get(),
  )
  return answer.status === 200 ? Number(sealed.user.id) : null
}
