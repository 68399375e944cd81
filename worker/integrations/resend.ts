/**
 * Resend email (docs/decisions/0017-messages-through-a-queue.md), as Resend documents its API: `POST
 * https://api.resend.com/emails` with a Bearer API key and a JSON body of `from` ("Name <address>" on a verified
 * domain), `to`, `subject`, `html` and `text`; the `Idempotency-Key` header (up to 256 characters, kept 24 hours) makes
 * a repeated request answer the first one's id without sending again. It answers 200 `{id}`, and on failure
 * `{statusCode, message, name}`: 400 `validation_error`, 401 `missing_api_key`, 403 `invalid_api_key`, 409
 * `concurrent_idempotent_requests` (try again later) or `invalid_idempotent_request`, 422 `invalid_from_address` or
 * `missing_required_field`, 429 `rate_limit_exceeded` (try again) or `daily_quota_exceeded` / `monthly_quota_exceeded`
 * (not today), 500 `application_error`. The same adapter talks to the embedded Resend (./resend-sandbox.ts) in
 * development and tests.
 */
import { callProvider, refused, retryLater, type Fetcher, type SendOutcome } from './send-outcome'

export const resendBase = 'https://api.resend.com'
export const embeddedResendBase = 'https://resend.embedded'
export const resendEmailsPath = '/emails'

export interface ResendEmail {
  from: string
  to: string[]
  subject: string
  html: string
  text: string
}

export interface ResendError {
  statusCode: number
  message: string
  name: string
}

/** Resend's errors worth another try: its own rate limit, the same key still in flight, and its server errors. */
const retryableNames = new Set(['rate_limit_exceeded', 'concurrent_idempotent_requests', 'application_error', 'internal_server_error'])

export function readResendAnswer(status: number, body: Partial<{ id: string } & ResendError>): SendOutcome {
  if (status >= 200 && status < 300 && typeof body.id === 'string') return { ok: true, id: body.id }
  const reason = `Resend ${status} ${body.name ?? ''}: ${body.message ?? ''}`
  if (body.name ? retryableNames.has(body.name) : status >= 500) return retryLater(reason)
  return status >= 500 ? retryLater(reason) : refused(reason)
}

export function resendEmail(config: { base: string; apiKey: string; from: string }, fetcher: Fetcher) {
  return {
    name: 'resend' as const,
    async send(to: string, content: { subject: string; text: string; html: string }, key: string): Promise<SendOutcome> {
      const payload: ResendEmail = { from: config.from, to: [to], subject: content.subject, html: content.html, text: content.text }
      const init: RequestInit = {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${config.apiKey}`,
          'idempotency-key': key,
        },
        body: JSON.stringify(payload),
      }
      return callProvider(fetcher, `${config.base}${resendEmailsPath}`, init, readResendAnswer)
    },
  }
}
