/**
 * WhatsApp through Meta's WhatsApp Business Cloud API (docs/decisions/0036-whatsapp-channel.md), as Meta documents it:
 *
 * - Sending: `POST https://graph.facebook.com/<version>/<phone-number-id>/messages` with `Authorization: Bearer
 *   <access token>` and JSON `{messaging_product: "whatsapp", recipient_type: "individual", to, type: "template",
 *   template: {name, language: {code}, components}}`; a body component carries the words as `{type: "text", text}`
 *   parameters in order, and an authentication template's copy-code button (`{type: "button", sub_type: "url",
 *   index: "0"}`) carries the code again. `biz_opaque_callback_data` (our idempotency key) comes back in each status
 *   notification. Meta answers `{messaging_product, contacts: [{input, wa_id}], messages: [{id: "wamid..."}]}`, or
 *   `{error: {message, type, code, error_subcode?, error_data?: {details}, fbtrace_id}}` with an HTTP 4xx/5xx.
 *   https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages
 *   https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates
 *   https://developers.facebook.com/docs/whatsapp/business-management-api/authentication-templates/copy-code-button-authentication-templates
 *   https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes
 * - Notifications (worker/api/whatsapp.ts): `GET` with `hub.mode=subscribe`, `hub.verify_token`, `hub.challenge` to
 *   subscribe (answer the challenge when the token is ours), then `POST`s of `{object: "whatsapp_business_account",
 *   entry: [{changes: [{field: "messages", value: {statuses: [{id, status, timestamp, recipient_id,
 *   biz_opaque_callback_data?, errors?}]}}]}]}` signed `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with
 *   the app secret, hex>`; status is sent, delivered, read or failed.
 *   https://developers.facebook.com/docs/graph-api/webhooks/getting-started
 *   https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components
 *
 * The same adapter talks to the embedded WhatsApp (./whatsapp-sandbox.ts) in development and tests.
 */
import { callProvider, isRetryableStatus, refused, retryLater, type Fetcher, type SendOutcome } from './send-outcome'
import type { WhatsAppMessage } from './whatsapp-templates'

export const whatsappBase = 'https://graph.facebook.com'
export const embeddedWhatsAppBase = 'https://whatsapp.embedded'
/** The Graph API version the requests name (Meta keeps each version two years at least). */
export const graphVersion = 'v21.0'

/** The request body Meta documents for a template message. */
export interface WhatsAppRequest {
  messaging_product: 'whatsapp'
  recipient_type: 'individual'
  to: string
  type: 'template'
  biz_opaque_callback_data?: string
  template: {
    name: string
    language: { code: string }
    components: (
      | { type: 'body'; parameters: { type: 'text'; text: string }[] }
      | { type: 'button'; sub_type: 'url'; index: string; parameters: { type: 'text'; text: string }[] }
    )[]
  }
}

/** Meta's answer: accepted, or an error. */
export interface WhatsAppAnswer {
  messaging_product?: 'whatsapp'
  contacts?: { input: string; wa_id: string }[]
  messages?: { id: string; message_status?: string }[]
  error?: {
    message: string
    type: string
    code: number
    error_subcode?: number
    error_data?: { messaging_product?: string; details: string }
    fbtrace_id?: string
  }
}

/**
 * Meta's error codes worth another try (its error-codes page): rate limits (4, 80007, 130429, 131056), a temporary
 * failure on its side (1, 2, 131000, 131016, 133004). Anything else (an undeliverable number 131026, a template that
 * does not exist 132001 or whose parameters do not match 132000, a bad token 190...) is refused for good, unless the
 * HTTP status itself says to retry.
 */
const retryableCodes = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004])

export function readWhatsAppAnswer(status: number, body: WhatsAppAnswer): SendOutcome {
  const id = body.messages?.[0]?.id
  if (status >= 200 && status < 300 && id) return { ok: true, id }
  const error = body.error
  const reason = `WhatsApp ${status} ${error?.code ?? ''} ${error?.message ?? ''} ${error?.error_data?.details ?? ''}`.replace(/\s+/g, ' ').trim()
  if (error && retryableCodes.has(error.code)) return retryLater(reason)
  return isRetryableStatus(status) ? retryLater(reason) : refused(reason)
}

/** The JSON body of a template message. */
export function whatsappRequest(to: string, message: WhatsAppMessage, key: string): WhatsAppRequest {
  const text = (value: string) => ({ type: 'text' as const, text: value })
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    biz_opaque_callback_data: key,
    template: {
      name: message.name,
      language: { code: message.language },
      components: [
        { type: 'body', parameters: message.parameters.map(text) },
        ...(message.authentication
          ? [{ type: 'button' as const, sub_type: 'url' as const, index: '0', parameters: [text(message.parameters[0] ?? '')] }]
          : []),
      ],
    },
  }
}

export function whatsappCloud(config: { base: string; phoneNumberId: string; token: string }, fetcher: Fetcher) {
  return {
    name: 'whatsapp' as const,
    async send(to: string, message: WhatsAppMessage, key: string): Promise<SendOutcome> {
      const init: RequestInit = {
        method: 'POST',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(whatsappRequest(to, message, key)),
      }
      const url = `${config.base}/${graphVersion}/${encodeURIComponent(config.phoneNumberId)}/messages`
      return callProvider(fetcher, url, init, (status, body) => readWhatsAppAnswer(status, body as WhatsAppAnswer))
    },
  }
}

/** The status notifications the webhook reads (the fields it uses). */
export interface WhatsAppStatus {
  id: string
  status: 'sent' | 'delivered' | 'read' | 'failed'
  timestamp: string
  recipient_id: string
  biz_opaque_callback_data?: string
  errors?: { code: number; title: string; message?: string; error_data?: { details: string } }[]
}

/** What the store made of a notification: 401 not signed with our app secret, 400 not one, else how many statuses were new. */
export type NotificationResult = { status: 401 } | { status: 400; issue: string } | { status: 200; recorded: number }

/** `sha256=<hex>`: the X-Hub-Signature-256 of a raw body under the app secret. */
export async function hubSignature(secret: string, rawBody: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(rawBody)))
  return `sha256=${[...mac].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}
