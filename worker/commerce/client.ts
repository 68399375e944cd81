/**
 * The one way the storefront calls a commerce backend (docs/product.md, "Calls"): in-process to the embedded
 * Direct API by default, over HTTP to COMMERCE_API_URL when set, with the same wire shapes either
 * way. Every call is typed against the routes that answer it (Hono's client over
 * `DirectApi`), and answers are wrapped as {data, error, status} (`Settled`, src/domain/settled.ts).
 */
import { hc, type ClientResponse } from 'hono/client'
import type { SuccessStatusCode } from 'hono/utils/http-status'
import type { Failure, Settled } from '../../src/domain/settled'
import { directApi, type DirectApi } from './direct-api'
import { inProcessOrigin } from './in-process'

export interface CommerceCaller {
  /** The bearer handshake token. */
  handshake?: string
  /** The cart token (quote header). */
  quote?: string
  /** The customer token (mage header). */
  mage?: string
  /**
   * The shopper's address, as Cloudflare gave it to the storefront: per-address limits and the bot
   * check count the shopper, not the storefront (docs/product.md, "Limits").
   */
  clientIp?: string | null
  /** The storefront's own origin (https://host), which payment pages send the shopper back to (RFC 7239 `forwarded`). */
  origin?: string | null
}

export class CommerceRequestError extends Error implements Settled<never> {
  readonly data = null
  constructor(
    readonly error: Failure,
    readonly status: number,
  ) {
    super(error.message)
  }
}

/** What a successful answer of a typed call holds: failures are thrown by the routes and arrive as a Failure (src/domain/settled.ts). */
type Answer<R> = R extends ClientResponse<infer T, infer S, 'json'> ? (S extends SuccessStatusCode ? T : never) : never

/**
 * A typed call: `(api) => api.cart.add.$post({ json: body })`. The paths, bodies and answers are checked against
 * the Direct API's routes (docs/decisions/0013-typed-road-to-the-backend.md).
 */
export type DirectCall<R extends ClientResponse<unknown, number, string>> = (api: DirectApiClient) => Promise<R>

type DirectApiClient = ReturnType<typeof hc<DirectApi>>

export function commerceClient(env: Env, caller: CommerceCaller = {}) {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (caller.handshake) headers.authorization = `Bearer ${caller.handshake}`
  if (caller.quote) headers.quote = caller.quote
  if (caller.mage) headers.mage = caller.mage
  if (caller.clientIp) {
    // In process the backend reads it as Cloudflare's header; an outside backend gets it forwarded.
    headers['cf-connecting-ip'] = caller.clientIp
    headers['x-forwarded-for'] = caller.clientIp
  }
  if (caller.origin) {
    const { host, protocol } = new URL(caller.origin)
    headers.forwarded = `host=${host};proto=${protocol.replace(':', '')}`
  }
  const external = env.COMMERCE_API_URL?.replace(/\/+$/, '')
  const api = external
    ? hc<DirectApi>(external, { headers })
    : hc<DirectApi>(inProcessOrigin, {
        headers,
        fetch: (input: RequestInfo | URL, init?: RequestInit) => directApi.fetch(new Request(input, init), env),
      })

  /** Runs a typed call; the answer is {data, error, status}, never a throw (500 when there was no response). */
  async function settle<R extends ClientResponse<unknown, number, string>>(call: DirectCall<R>): Promise<Settled<Answer<R>>> {
    let response: R
    try {
      response = await call(api)
    } catch (error) {
      return { data: null, error: { message: error instanceof Error ? error.message : String(error), status: 500 }, status: 500 }
    }
    const payload = (await response.json().catch(() => null)) as { message?: string; code?: string; issues?: string[] } | null
    if (!response.ok) {
      return {
        data: null,
        error: { message: payload?.message ?? response.statusText, code: payload?.code, status: response.status, issues: payload?.issues },
        status: response.status,
      }
    }
    return { data: payload as Answer<R>, error: null, status: response.status }
  }

  return {
    settle,
    /** A typed call that must succeed: a failure rejects with CommerceRequestError. */
    async request<R extends ClientResponse<unknown, number, string>>(call: DirectCall<R>): Promise<Answer<R>> {
      const result = await settle(call)
      if (result.error) throw new CommerceRequestError(result.error, result.status)
      return result.data as Answer<R>
    },
  }
}
