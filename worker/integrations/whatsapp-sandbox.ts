/**
 * The embedded WhatsApp: what the WhatsApp adapter (./whatsapp.ts) talks to in development and tests when
 * WHATSAPP_PROVIDER is "meta" (docs/decisions/0036-whatsapp-channel.md). It answers
 * `POST /<version>/<phone-number-id>/messages` as Meta's Cloud API documents it: the bearer token checked (401, code 190
 * OAuthException), the phone number id (400, code 100), `messaging_product: "whatsapp"` and a template message (100),
 * the template approved in that language (132001), its body parameters counted (132000) and each one text on one line
 * (132018), an authentication template's copy-code button carrying the code (131008); the success answer
 * `{messaging_product, contacts: [{input, wa_id}], messages: [{id: "wamid..."}]}`. What it "sends" lands in the
 * development outbox as a WhatsApp message (its template's name and parameters).
 *
 * Then, as Meta does, it notifies the store's webhook (worker/api/whatsapp.ts) of the message's statuses, signed with
 * the app secret: sent and delivered. Two test numbers fail: 966500000131 is refused at once (131026, "Message
 * undeliverable"), 966500000132 is taken and then reported failed by a status notification.
 */
import { Hono } from 'hono'
import { readSecret } from '../platform/secrets'
import { eventStore } from '../storage/event-store'
import { hubSignature, type NotificationResult, type WhatsAppAnswer, type WhatsAppRequest, type WhatsAppStatus } from './whatsapp'
import { approvedTemplates } from './whatsapp-templates'

/** Refused when sent (error 131026). */
export const whatsappRefusedNumber = '966500000131'
/** Taken, then reported failed by a status notification. */
export const whatsappFailingNumber = '966500000132'

const trace = () => crypto.randomUUID().replace(/-/g, '').slice(0, 22)

const error = (status: number, code: number, message: string, details = '', type = 'OAuthException') =>
  Response.json(
    {
      error: { message, type, code, ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}), fbtrace_id: trace() },
    } satisfies WhatsAppAnswer,
    { status },
  )

type Receiver = (env: Env, raw: string, signature: string) => Promise<NotificationResult>
let receiver: Receiver | null = null

/**
 * The store's webhook (worker/api/whatsapp.ts) hands over what it does with a notification, so this stand-in notifies
 * the store inside this Worker as Meta does over HTTPS, without the integrations naming the API layer.
 */
export function notifyThrough(receive: Receiver): void {
  receiver = receive
}

/** Notifies the store of statuses as Meta does, signed with the app secret. */
export async function postWhatsAppStatus(env: Env, statuses: WhatsAppStatus[], secret?: string): Promise<NotificationResult> {
  const phoneNumberId = await readSecret(env, 'WHATSAPP_PHONE_NUMBER_ID')
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba-embedded',
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '966500000000', phone_number_id: phoneNumberId }, statuses },
          },
        ],
      },
    ],
  })
  const signature = await hubSignature(secret ?? (await readSecret(env, 'WHATSAPP_APP_SECRET')), body)
  if (!receiver) throw new Error('the embedded WhatsApp has no webhook to notify: worker/api/whatsapp.ts is not loaded')
  return receiver(env, body, signature)
}

type Parameter = { type?: unknown; text?: unknown }

function checkTemplate(request: Partial<WhatsAppRequest>): Response | null {
  const template = request.template
  if (!template || typeof template.name !== 'string') return error(400, 131008, '(#131008) Required parameter is missing', 'template is required')
  const approved = approvedTemplates().get(template.name)
  const language = template.language?.code
  if (!approved || (language !== 'ar' && language !== 'en'))
    return error(
      404,
      132001,
      '(#132001) Template name does not exist in the translation',
      `template name (${template.name}) does not exist in ${language}`,
    )
  const components = Array.isArray(template.components) ? template.components : []
  const body = (components.find((c) => c.type === 'body')?.parameters ?? []) as Parameter[]
  if (body.length !== approved.parameters)
    return error(
      400,
      132000,
      '(#132000) Number of parameters does not match the expected number of params',
      `body: number of localizable_params (${body.length}) does not match the expected number of params (${approved.parameters})`,
    )
  for (const p of body)
    if (p.type !== 'text' || typeof p.text !== 'string' || !p.text.trim() || /[\n\t]| {5,}/.test(p.text))
      return error(
        400,
        132018,
        '(#132018) There was an issue with the parameters in your template.',
        'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
      )
  if (approved.authentication) {
    const button = components.find((c) => c.type === 'button') as { sub_type?: string; index?: string; parameters?: Parameter[] } | undefined
    if (!button || button.sub_type !== 'url' || button.index !== '0' || button.parameters?.[0]?.text !== body[0]?.text)
      return error(400, 131008, '(#131008) Required parameter is missing', 'buttons: the copy code button needs the code')
  }
  return null
}

export const whatsappSandboxApi = new Hono<{ Bindings: Env }>().post('/:version/:phoneNumberId/messages', async (c) => {
  const token = (c.req.header('authorization') ?? '').replace(/^Bearer /, '')
  if (!token || token !== (await readSecret(c.env, 'WHATSAPP_ACCESS_TOKEN')))
    return error(401, 190, 'Invalid OAuth access token - Cannot parse access token')
  if (!/^v\d+\.\d+$/.test(c.req.param('version'))) return error(400, 2500, 'Unknown path components', '', 'OAuthException')
  if (c.req.param('phoneNumberId') !== (await readSecret(c.env, 'WHATSAPP_PHONE_NUMBER_ID')))
    return error(400, 100, `Unsupported post request. Object with ID '${c.req.param('phoneNumberId')}' does not exist`, '', 'GraphMethodException')
  const request = (await c.req.json().catch(() => ({}))) as Partial<WhatsAppRequest>
  if (request.messaging_product !== 'whatsapp') return error(400, 100, '(#100) The parameter messaging_product is required.')
  if (request.type !== 'template')
    return error(400, 100, '(#100) Param type must be one of the supported message types', 'this stand-in sends templates only')
  const to = typeof request.to === 'string' ? request.to : ''
  if (!/^\d{8,15}$/.test(to)) return error(400, 131009, '(#131009) Parameter value is not valid', 'to: not a phone number')
  const refused = checkTemplate(request)
  if (refused) return refused
  if (to === whatsappRefusedNumber) return error(400, 131026, '(#131026) Message undeliverable', 'the recipient cannot receive this message')

  const id = `wamid.${btoa(crypto.randomUUID()).replace(/=/g, '')}`
  const template = request.template!
  const parameters = (template.components.find((p) => p.type === 'body')?.parameters ?? []).map((p) => p.text)
  await eventStore(c.env.DB).addToOutbox(
    { channel: 'whatsapp', recipient: to, body: `${template.name} (${template.language.code}): ${parameters.join(' | ')}` },
    new Date(),
  )
  const status = (name: WhatsAppStatus['status']): WhatsAppStatus => ({
    id,
    status: name,
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: to,
    ...(request.biz_opaque_callback_data ? { biz_opaque_callback_data: request.biz_opaque_callback_data } : {}),
    ...(name === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable' }] } : {}),
  })
  await postWhatsAppStatus(c.env, to === whatsappFailingNumber ? [status('sent'), status('failed')] : [status('sent'), status('delivered')])
  const answer: WhatsAppAnswer = { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] }
  return c.json(answer)
})
