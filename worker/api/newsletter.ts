/** POST /api/newsletter {email}: the footer's sign-up. Answers the same whether or not the address was known. */
import { type } from 'arktype'
import { Hono } from 'hono'
import { requestLocale } from './locale'
import { validate } from './validate'
import { eventStore } from '../storage/event-store'

const body = type({ email: 'string.email <= 254' })

export const newsletterApi = new Hono<{ Bindings: Env }>().post('/newsletter', validate('json', body), async (c) => {
  const { email } = c.req.valid('json')
  await eventStore(c.env.DB).subscribeNewsletter(email, requestLocale(c), new Date())
  return c.json({ data: { subscribed: true } })
})
