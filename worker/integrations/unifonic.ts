/**
 * Unifonic SMS (docs/decisions/0017-messages-through-a-queue.md), as Unifonic documents its REST messages API:
 * `POST https://el.cloud.unifonic.com/rest/SMS/messages`, form-encoded `AppSid` (the application's id, a secret),
 * `SenderID` (the sender name registered with Unifonic and the CST), `Recipient` (international form without + or 00:
 * 9665XXXXXXXX), `Body` (UTF-8; Arabic is sent as Unicode by Unifonic), `responseType=JSON` and `CorrelationID` (our
 * idempotency key, shown in Unifonic's reports). It answers `{success, message, errorCode, data}`: `ER-00` with
 * `data.MessageID` when accepted; otherwise an `ER-xx` code and often an HTTP status of Unifonic's own (401
 * authentication, 480 sender not allowed for this user, 482 invalid number, 599 request failed...). The same adapter
 * talks to the embedded Unifonic (./unifonic-sandbox.ts) in development and tests.
 */
import { callProvider, isRetryableStatus, refused, retryLater, type Fetcher, type SendOutcome } from './send-outcome'

export const unifonicBase = 'https://el.cloud.unifonic.com'
export const embeddedUnifonicBase = 'https://unifonic.embedded'
export const unifonicMessagesPath = '/rest/SMS/messages'

/** The answer of `POST /rest/SMS/messages` (the fields the store reads). */
export interface UnifonicAnswer {
  success: boolean | 'true' | 'false'
  message: string
  errorCode: string
  data?: { MessageID?: number | string; CorrelationID?: string; Status?: string; Recipient?: string } | Record<string, never>
}

/**
 * Unifonic's error codes that no retry can fix (docs: "Understanding reasons of SMS non-delivery"): no balance or no
 * rate for the country (ER-01, until someone tops up), invalid numbers (ER-02 to ER-05), an empty body (ER-06),
 * filtered content (ER-07), an unregistered sender (ER-08), a duplicate of a recent message (ER-09). Anything else
 * unknown with a server error is retried.
 */
const permanentCodes = new Set(['ER-01', 'ER-02', 'ER-03', 'ER-04', 'ER-05', 'ER-06', 'ER-07', 'ER-08', 'ER-09'])

export function readUnifonicAnswer(status: number, body: Partial<UnifonicAnswer>): SendOutcome {
  const accepted = body.success === true || body.success === 'true'
  const id = body.data && 'MessageID' in body.data ? body.data.MessageID : undefined
  if (status >= 200 && status < 300 && accepted && id !== undefined) return { ok: true, id: String(id) }
  const reason = `Unifonic ${status} ${body.errorCode ?? ''} ${body.message ?? ''}`.replace(/\s+/g, ' ').trim()
  if (body.errorCode && permanentCodes.has(body.errorCode)) return refused(reason)
  return isRetryableStatus(status) ? retryLater(reason) : refused(reason)
}

export function unifonicSms(config: { base: string; appSid: string; sender: string }, fetcher: Fetcher) {
  return {
    name: 'unifonic' as const,
    async send(to: string, body: string, key: string): Promise<SendOutcome> {
      const form = new URLSearchParams({
        AppSid: config.appSid,
        SenderID: config.sender,
        Recipient: to,
        Body: body,
        responseType: 'JSON',
        CorrelationID: key,
      })
      const init: RequestInit = {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: form,
      }
      return callProvider(fetcher, `${config.base}${unifonicMessagesPath}`, init, readUnifonicAnswer)
    },
  }
}
