/**
 * The embedded Unifonic: what the SMS adapter (./unifonic.ts) talks to in development and tests when SMS_PROVIDER is
 * "unifonic" (docs/decisions/0017-messages-through-a-queue.md). It answers `POST /rest/SMS/messages` as Unifonic
 * documents it: the AppSid checked (401 "Authentication failed", 402 when missing), the sender checked against the
 * registered one (SMS_SENDER; 480 "This user cannot use specified SenderID"), the body (449 when empty), the number in
 * international form without + or 00 (482 "Invalid dest num" with ER-02, ER-03 too long or ER-04 too short), and the
 * success answer `{success: true, errorCode: "ER-00", data: {MessageID, Status, NumberOfUnits, ...}}`. What it "sends"
 * lands in the development outbox. Its test number 966500000500 always answers 599 "Request failed" (a hiccup).
 */
import { Hono } from 'hono'
import { readSecret } from '../platform/secrets'
import { eventStore } from '../storage/event-store'
import { smsParts } from './sms-parts'
import { unifonicMessagesPath, type UnifonicAnswer } from './unifonic'

/** The number the embedded Unifonic always fails with a server error (599), for trying the retries. */
export const unifonicFailingNumber = '966500000500'

/** Unifonic answers with HTTP statuses of its own (449, 480, 482, 599), which Hono's typed helpers do not know. */
const failure = (status: number, message: string, errorCode = '') =>
  Response.json({ success: false, message, errorCode, data: {} } satisfies UnifonicAnswer, { status })

export const unifonicSandboxApi = new Hono<{ Bindings: Env }>().post(unifonicMessagesPath, async (c) => {
  // Unifonic takes the parameters form-encoded or as JSON.
  const isJson = (c.req.header('content-type') ?? '').includes('json')
  const raw = isJson
    ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>)
    : await c.req.parseBody().catch((): Record<string, unknown> => ({}))
  const field = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string) : '')
  if (!field('AppSid')) return failure(402, 'Missing parameter AppSid')
  if (field('AppSid') !== (await readSecret(c.env, 'UNIFONIC_APP_SID'))) return failure(401, 'Authentication failed')
  if (!field('SenderID') || field('SenderID') !== c.env.SMS_SENDER) return failure(480, 'This user cannot use specified SenderID', 'ER-08')
  const body = field('Body')
  if (!body.trim()) return failure(449, 'Message body is empty', 'ER-06')
  const recipient = field('Recipient')
  if (!/^9665\d{8}$/.test(recipient)) {
    const code = !/^\d+$/.test(recipient) ? 'ER-02' : recipient.length > 12 ? 'ER-03' : recipient.length < 12 ? 'ER-04' : 'ER-02'
    return failure(482, 'Invalid dest num', code)
  }
  if (recipient === unifonicFailingNumber) return failure(599, 'Request failed')
  await eventStore(c.env.DB).addToOutbox({ channel: 'sms', recipient, body }, new Date())
  const answer: UnifonicAnswer = {
    success: true,
    message: '',
    errorCode: 'ER-00',
    data: {
      MessageID: Date.now() * 1000 + Math.floor(Math.random() * 1000),
      CorrelationID: field('CorrelationID'),
      Status: 'Sent',
      Recipient: recipient,
      ...{ NumberOfUnits: smsParts(body).parts, Cost: 0, Balance: 0, TimeCreated: new Date().toISOString(), CurrencyCode: 'SAR' },
    },
  }
  return c.json(answer)
})
