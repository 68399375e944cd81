/**
 * What WhatsApp's status notifications do (docs/decisions/0036-whatsapp-channel.md; the protocol: ./whatsapp.ts): the
 * signature checked in constant time against the raw body, then each status recorded against the message that carried
 * its key back; a failed one sends that message's SMS in its place, once (./messaging.ts `fallBackToSms`). The route
 * is worker/api/whatsapp.ts, which also hands this to the embedded WhatsApp (./whatsapp-sandbox.ts) to notify the store
 * through, as Meta does.
 */
import { type } from 'arktype'
import { readSecret } from '../platform/secrets'
import { messageStore } from '../storage/message-store'
import { sameText } from './constant-time'
import { messageSender } from './messaging'
import { hubSignature, type NotificationResult, type WhatsAppStatus } from './whatsapp'

/** The parts of a notification the store reads; anything else Meta sends (messages from shoppers...) is ignored. */
const notification = type({
  object: 'string',
  entry: type({
    'changes?': type({
      field: 'string',
      value: type({
        'statuses?': type({
          id: 'string > 0',
          status: "'sent' | 'delivered' | 'read' | 'failed'",
          timestamp: 'string',
          recipient_id: 'string',
          'biz_opaque_callback_data?': 'string',
          'errors?': type({ code: 'number', title: 'string', 'message?': 'string' }).array(),
        }).array(),
      }),
    }).array(),
  }).array(),
})

export async function receiveWhatsAppNotification(env: Env, raw: string, signature: string, now = new Date()): Promise<NotificationResult> {
  if (!sameText(signature, await hubSignature(await readSecret(env, 'WHATSAPP_APP_SECRET'), raw))) return { status: 401 }
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return { status: 400, issue: 'not JSON' }
  }
  const checked = notification(parsed)
  if (checked instanceof type.errors) return { status: 400, issue: checked.summary }
  const statuses = checked.entry.flatMap((e) => (e.changes ?? []).filter((ch) => ch.field === 'messages').flatMap((ch) => ch.value.statuses ?? []))
  const store = messageStore(env.DB)
  let recorded = 0
  for (const status of statuses as WhatsAppStatus[]) {
    // The key the store sent with the message; a status without one is not about a message the store sent.
    const key = status.biz_opaque_callback_data
    if (!key) continue
    const error = status.errors?.map((e) => `WhatsApp ${e.code} ${e.title}`).join('; ') || null
    if (!(await store.recordWhatsAppStatus(key, status.id, status.status, error, now))) continue
    recorded += 1
    if (status.status === 'failed') await messageSender(env).fallBackToSms(key, now)
  }
  return { status: 200, recorded }
}
