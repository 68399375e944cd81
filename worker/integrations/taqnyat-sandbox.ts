/**
 * The embedded Taqnyat: what the SMS adapter (./taqnyat.ts) talks to in development and tests when SMS_PROVIDER is
 * "taqnyat" (docs/decisions/0017-messages-through-a-queue.md). It answers `POST /v1/messages` as Taqnyat documents it:
 * the Bearer token checked (401 "invalid credentials information"), the sender checked against the one activated on
 * the account (SMS_SENDER), `recipients` in international form without + or 00 (others are listed in `rejected`), and
 * the answer 201 `{statusCode, messageId, cost, currency, totalCount, msgLength, accepted, rejected}`. What it "sends"
 * lands in the development outbox. Its test number 966500000500 always answers 500 (a hiccup).
 */
import { Hono } from 'hono'
import { readSecret } from '../platform/secrets'
import { eventStore } from '../storage/event-store'
import { smsParts } from './sms-parts'
import { taqnyatMessagesPath, type TaqnyatAnswer, type TaqnyatRequest } from './taqnyat'

/** The number the embedded Taqnyat always fails with a server error, for trying the retries. */
export const taqnyatFailingNumber = '966500000500'

const failure = (statusCode: number, message: string): TaqnyatAnswer => ({ statusCode, message })

export const taqnyatSandboxApi = new Hono<{ Bindings: Env }>().post(taqnyatMessagesPath, async (c) => {
  const token = await readSecret(c.env, 'TAQNYAT_BEARER_TOKEN')
  if (c.req.header('authorization') !== `Bearer ${token}`) return c.json(failure(401, 'invalid credentials information'), 401)
  const payload = (await c.req.json().catch(() => null)) as Partial<TaqnyatRequest> | null
  const recipients = Array.isArray(payload?.recipients) ? payload.recipients.map(String) : []
  if (!payload || typeof payload.body !== 'string' || !payload.body.trim() || recipients.length === 0) {
    return c.json(failure(400, 'body and recipients are required'), 400)
  }
  if (!payload.sender || payload.sender !== c.env.SMS_SENDER) return c.json(failure(400, 'sender name is not active on this account'), 400)
  if (recipients.includes(taqnyatFailingNumber)) return c.json(failure(500, 'Server error'), 500)
  const accepted = recipients.filter((r) => /^9665\d{8}$/.test(r))
  const rejected = recipients.filter((r) => !accepted.includes(r))
  const now = new Date()
  for (const recipient of accepted) await eventStore(c.env.DB).addToOutbox({ channel: 'sms', recipient, body: payload.body }, now)
  const parts = smsParts(payload.body).parts
  const answer: TaqnyatAnswer = {
    statusCode: 201,
    messageId: Date.now() * 1000 + Math.floor(Math.random() * 1000),
    cost: 0,
    currency: 'SAR',
    totalCount: accepted.length,
    msgLength: parts,
    accepted: `[${accepted.map((r) => `${r},`).join('')}]`,
    rejected: `[${rejected.map((r) => `${r},`).join('')}]`,
  }
  return c.json(answer, 201)
})
