/**
 * What a messaging provider's answer means for the queue (docs/decisions/0017-messages-through-a-queue.md): sent (with
 * the provider's id for the message), worth another try later (the provider or the network hiccuped), or refused for
 * good (a wrong number, a sender name not registered, a key revoked: trying again would only be refused again).
 */
export type SendOutcome = { ok: true; id: string } | { ok: false; retryable: boolean; reason: string }

export type Fetcher = (request: Request) => Promise<Response>

/** How long a provider may take to answer before the attempt counts as a hiccup. */
export const providerTimeoutMs = 10_000

export const retryLater = (reason: string): SendOutcome => ({ ok: false, retryable: true, reason })
export const refused = (reason: string): SendOutcome => ({ ok: false, retryable: false, reason })

/**
 * Sends one request and reads its answer with `read`. A network failure, a timeout or an answer that is not JSON is
 * a hiccup (retry); only the provider's own words can make a failure permanent.
 */
export async function callProvider(
  fetcher: Fetcher,
  url: string,
  init: RequestInit,
  read: (status: number, body: Record<string, unknown>) => SendOutcome,
): Promise<SendOutcome> {
  let response: Response
  try {
    response = await fetcher(new Request(url, { ...init, signal: AbortSignal.timeout(providerTimeoutMs) }))
  } catch (error) {
    return retryLater(`no answer: ${String(error)}`)
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null
  if (!body || typeof body !== 'object') return retryLater(`answer ${response.status} without JSON`)
  return read(response.status, body)
}

/** Server errors and rate limits pass; other HTTP refusals do not. */
export const isRetryableStatus = (status: number) => status === 429 || status >= 500
