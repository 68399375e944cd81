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
