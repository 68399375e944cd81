/**
 * Taqnyat SMS (docs/decisions/0017-messages-through-a-queue.md), as Taqnyat documents its REST API (dev.taqnyat.sa,
 * "SMS"): `POST https://api.taqnyat.sa/v1/messages` with the account's Bearer token, a JSON body of `recipients`
 * (international form without + or 00: 9665XXXXXXXX), `body` (UTF-8, Arabic as it is) and `sender` (the sender name
 * activated on the account). It answers 201 `{statusCode, messageId, cost, currency, totalCount, msgLength, accepted,
 * rejected}` (accepted and rejected are the numbers as text, e.g. "[966500000000,]"), and on failure `{statusCode,
 * message}` with the HTTP status (401 "invalid credentials information"). The same adapter talks to the embedded
 * Taqnyat (./taqnyat-sandbox.ts) in development and tests.
 */
import { callProvider, isRetryableStatus, refused, retryLater, type Fetcher, type SendOutcome } from './send-outcome'

export const taqnyatBase = 'https://api.taqnyat.sa'
export const embeddedTaqnyatBase = 'https://taqnyat.embedded'
export const taqnyatMessagesPath = '/v1/messages'

export interface TaqnyatRequest {
  recipients: string[]
  body: string
  sender: string
}

export interface TaqnyatAnswer {
  statusCode: number
  messageId?: number | string
  cost?: number
  currency?: string
  totalCount?: number
  msgLength?: number
  accepted?: string
  rejected?: string
  message?: string
}

/** The numbers in Taqnyat's "[966500000000,966500000001]" text. */
export const taqnyatNumbers = (list: string | undefined): string[] => (list ?? '').match(/\d+/g) ?? []

export function readTaqnyatAnswer(status: number, body: Partial<TaqnyatAnswer>, to: string): SendOutcome {
  if (status >= 200 && status < 300 && body.messageId !== undefined) {
    // One recipient a message: rejected means this number will never get it.
    if (taqnyatNumbers(body.rejected).includes(to)) return refused(`Taqnyat rejected ${to}`)
    return { ok: true, id: String(body.messageId) }
  }
  const reason = `Taqnyat ${body.statusCode ?? status} ${body.message ?? ''}`.trim()
  return isRetryableStatus(status) ? retryLater(reason) : refused(reason)
}

export function taqnyatSms(config: { base: string; token: string; sender: string }, fetcher: Fetcher) {
  return {
    name: 'taqnyat' as const,
    async send(to: string, body: string): Promise<SendOutcome> {
      const payload: TaqnyatRequest = { recipients: [to], body, sender: config.sender }
      const init: RequestInit = {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${config.token}` },
        body: JSON.stringify(payload),
      }
      return callProvider(fetcher, `${config.base}${taqnyatMessagesPath}`, init, (status, answer) => readTaqnyatAnswer(status, answer, to))
    },
  }
}
