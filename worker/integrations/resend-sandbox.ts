/**
 * The embedded Resend: what the email adapter (./resend.ts) talks to in development and tests when EMAIL_PROVIDER is
 * "resend" (docs/decisions/0017-messages-through-a-queue.md). It answers `POST /emails` as Resend documents it: the
 * Bearer key checked (401 `missing_api_key`, 403 `invalid_api_key`), the `Idempotency-Key` honoured for 24 hours (the
 * same key and body answer the first id and send nothing; another body with it is 409 `invalid_idempotent_request`),
 * `from` as "Name <address>" (422 `invalid_from_address`), `to`, `subject` and a text or HTML part (422
 * `missing_required_field`), and 200 `{id}`. What it "sends" lands in the development outbox. Any address at
 * fail.resend.embedded always answers 500 `application_error` (a hiccup).
 */
import { Hono } from 'hono'
import { readSecret } from '../platform/secrets'
import { sha256Hex } from '../platform/tokens'
import { eventStore } from '../storage/event-store'
import { outboxText } from './message-templates'
import { resendEmailsPath, type ResendEmail, type ResendError } from './resend'

/** The domain whose addresses the embedded Resend always fails with a server error, for trying the retries. */
export const resendFailingDomain = 'fail.resend.embedded'

const failure = (statusCode: number, name: string, message: string): ResendError => ({ statusCode, name, message })
const address = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/
const idempotencySeconds = 24 * 3600

export const resendSandboxApi = new Hono<{ Bindings: Env }>().post(resendEmailsPath, async (c) => {
  const authorization = c.req.header('authorization')
  if (!authorization) return c.json(failure(401, 'missing_api_key', 'Missing API key in the authorization header.'), 401)
  if (authorization !== `Bearer ${await readSecret(c.env, 'RESEND_API_KEY')}`)
    return c.json(failure(403, 'invalid_api_key', 'API key is invalid.'), 403)
  const key = c.req.header('idempotency-key')
  if (key !== undefined && (key.length < 1 || key.length > 256)) {
    return c.json(failure(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.'), 400)
  }
  const raw = await c.req.text()
  const email = JSON.parse(raw || 'null') as Partial<ResendEmail> | null
  const to = email ? (Array.isArray(email.to) ? email.to : [email.to]).filter((t): t is string => typeof t === 'string') : []
  if (!email?.from || !email.subject || to.length === 0 || (!email.text && !email.html)) {
    return c.json(failure(422, 'missing_required_field', 'The request body is missing one or more required fields.'), 422)
  }
  const from = /<([^>]+)>\s*$/.exec(email.from)?.[1] ?? email.from
  if (!address.test(from.trim())) return c.json(failure(422, 'invalid_from_address', 'Invalid `from` field.'), 422)
  if (!to.every((t) => address.test(t))) return c.json(failure(422, 'validation_error', 'Invalid `to` field.'), 422)
  if (to.some((t) => t.endsWith(`@${resendFailingDomain}`))) return c.json(failure(500, 'application_error', 'An unexpected error occurred.'), 500)

  const bodyHash = await sha256Hex(raw)
  const remembered = key ? await c.env.CACHE.get<{ id: string; bodyHash: string }>(`resend-sandbox:${key}`, 'json') : null
  if (remembered) {
    if (remembered.bodyHash !== bodyHash) {
      return c.json(failure(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.'), 409)
    }
    return c.json({ id: remembered.id })
  }
  const id = crypto.randomUUID()
  if (key) await c.env.CACHE.put(`resend-sandbox:${key}`, JSON.stringify({ id, bodyHash }), { expirationTtl: idempotencySeconds })
  const now = new Date()
  for (const recipient of to) {
    await eventStore(c.env.DB).addToOutbox({ channel: 'email', recipient, body: outboxText({ subject: email.subject, text: email.text ?? '' }) }, now)
  }
  return c.json({ id })
})
