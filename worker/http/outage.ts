import { healthStore } from '~/storage/health-store'

/**
 * A storage outage (docs/architecture.md, "Faults"): D1, KV or a Durable Object failing for a moment, as Cloudflare
 * reports it in the error's message. Such a request is answered 503 with Retry-After and a message in the shopper's
 * language ("busy for a moment"), not a 500: every write is one batch or one Durable Object transaction, so either it
 * landed or nothing did, and trying again is safe. The one write that may have landed before its answer was lost, a
 * cart add on a reset object, carries a request key that makes the second try answer the first.
 */
const outageMessages = [
  /^D1_/, // D1_ERROR, D1_EXEC_ERROR, D1_TYPE_ERROR is a bug, not an outage: see below
  /^KV (GET|PUT|DELETE|LIST)/i,
  /Network connection lost/i,
  /Durable Object (reset|storage|is overloaded)|Internal error in Durable Object/i,
  /storage operation exceeded timeout/i,
]

/** A statement the code got wrong is a bug to see as a 500, whatever the binding says. */
const codeErrors = /D1_TYPE_ERROR|SQLITE_ERROR|no such (table|column)|syntax error/i

/** Seconds a client should wait before trying again. */
export const outageRetryAfterSeconds = 5

export function isStorageOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return outageMessages.some((pattern) => pattern.test(error.message)) && !codeErrors.test(error.message)
}

/**
 * A Durable Object call that failed in a way Cloudflare says may be tried again on a new stub (`retryable`, and not
 * because the object is overloaded, where a retry only adds load).
 */
export function isRetryableObjectError(error: unknown): boolean {
  const flags = error as { retryable?: unknown; overloaded?: unknown } | null
  return error instanceof Error && flags?.retryable === true && flags.overloaded !== true
}

/**
 * A page that failed to render (a 5xx, the error page in the shopper's language) while D1 does not answer is an outage,
 * not a bug: it is answered 503 with Retry-After and kept by no cache, so a shopper's reload, a crawler or a monitor
 * comes back a moment later (docs/architecture.md, "Faults"). Asked only of pages that failed, so a page that rendered
 * costs nothing more; a page that failed while D1 answers stays a 500, a bug to see.
 */
export async function unavailableWhileStorageIsDown(response: Response, db: D1Database): Promise<Response> {
  if (response.status < 500 || response.status === 503) return response
  const down = await healthStore(db)
    .ping()
    .then(
      () => false,
      (error: unknown) => isStorageOutage(error),
    )
  if (!down) return response
  const headers = new Headers(response.headers)
  headers.set('retry-after', String(outageRetryAfterSeconds))
  headers.set('cache-control', 'no-store')
  return new Response(response.body, { status: 503, statusText: 'Service Unavailable', headers })
}
