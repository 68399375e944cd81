/** POST /handshake {store}: the bearer token every other call needs (docs/product.md, "Calls"). */
import { type } from 'arktype'
import { Hono } from 'hono'
import type { CommerceEnv } from '../context'
import { issueHandshakeToken } from '../handshake'
import { validate } from '../validate'
import { locale } from '../../../src/domain/schemas'

export const handshakeRoutes = new Hono<CommerceEnv>().post('/', validate('json', type({ store: locale })), async (c) => {
  const { store } = c.req.valid('json')
  const { token, expiresAt } = await issueHandshakeToken(c.env, store)
  return c.json({ token, expires_at: expiresAt.toISOString() })
})
