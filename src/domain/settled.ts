/**
 * How every call to the server settles (docs/architecture.md, "The shared domain"): `{data, error, status}`, never a throw.
 * The commerce client answers in it (worker/commerce/client.ts), the server functions pass it on and the screens'
 * mutations read it (src/queries/server-action.ts), so the shape is written once, here, where both sides may import it.
 */

/** A refused or failed call: the backend's message (or the shopper's translation of it), its code and status. */
export interface Failure {
  message: string
  code?: string
  status: number
  /** What exactly was wrong with the request, when the backend says. */
  issues?: string[]
}

/** A call's outcome: `data` on success, `error` on a refusal; status 0 when the call never reached the server. */
export interface Settled<T> {
  data: T | null
  error: Failure | null
  status: number
}
