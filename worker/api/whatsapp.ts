/**
 * WhatsApp's notifications about the messages the store sent (docs/decisions/0036-whatsapp-channel.md; the protocol:
 * worker/integrations/whatsapp.ts).
 *
 * GET /api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=...&hub.challenge=...: Meta subscribing the store; the
 * challenge is answered only to our verify token (WHATSAPP_VERIFY_TOKEN), 403 otherwise.
 * POST /api/whatsapp/webhook: status notifications, signed X-Hub-Signature-256 with the app secret (WHATSAPP_APP_SECRET)
 * over the raw body, checked in constant time; a forged or unsigned one is refused 401 and changes nothing. Each
 * status is recorded against the message that carried its key back; a failed one sends that message's SMS in its
 * place, once (worker/integrations/messaging.ts `fallBackToSms`).
 */
import { Hono } from 'hono'
import { sameText } from '../integrations/constant-time'
import { notifyThrough } from '../integrations/whatsapp-sandbox'
import { receiveWhatsAppNotification } from '../integrations/whatsapp-webhook'
import { readSecret } from '../platform/secrets'
import { ApiError } from './errors'

// The embedded WhatsApp (development and tests) notifies the store through the same door as Meta's requests.
notifyThrough(receiveWhatsAppNotification)

export const whatsappApi = new Hono<{ Bindings: Env }>()
  .get('/whatsapp/webhook', async (c) => {
    const token = c.req.query('hub.verify_token') ?? ''
    const challenge = c.req.query('hub.challenge') ?? ''
    const ours = await readSecret(c.env, 'WHATSAPP_VERIFY_TOKEN')
    if (c.req.query('hub.mode') !== 'subscribe' || !challenge || !sameText(token, ours)) throw new ApiError(403, 'forbidden')
    return c.text(challenge)
  })
  .post('/whatsapp/webhook', async (c) => {
    const result = await receiveWhatsAppNotification(c.env, await c.req.text(), c.req.header('x-hub-signature-256') ?? '')
    if (result.status === 401) throw new ApiError(401, 'forbidden')
    if (result.status === 400) throw new ApiError(400, 'bad_request', [result.issue])
    // Meta retries a notification that is not answered 200: one already recorded is answered 200 as well.
    return c.json({ data: { recorded: result.recorded } })
  })
