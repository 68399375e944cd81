/** POST /api/newsletter {email}: the footer's sign-up. Answers the same whether or not the address was known. */
import { type } from 'arktype'
import { Hono } from 'hono'
import { requestLocale } from './locale'
import { validate } from './validate'

const body = type({ email: 'string.email <= 254' })

export const newsletterApi = new Hono<{ Bindings: Env }>().post('/newsletter', validate('json', body), async (c) => {
  const { email } = c.req.valid('json')
  await c.env.DB.prepare('INSERT INTO newsletter_subscribers (email, locale, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING')
    .bind(email.toLowerCase(), requestLocale(c), new Date().toISOString())
    .run()
  return c.json({ data: { subscribed: true } })
})
