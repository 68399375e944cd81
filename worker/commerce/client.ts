/**
 * The one way the storefront calls a commerce backend (docs/product.md, "Calls"): in-process to the embedded
 * Direct API by default, over HTTP to COMMERCE_API_URL when set, with the same wire shapes either
 * way. Answers are wrapped as {data, error, status}; `request` rejects on failure with data null,
 * the message and the status (500 when there was no response), `settle` returns that object instead.
 */
import { commerceApp } from './app'

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
}

export interface CommerceFailure {
  message: string
  code?: string
  status: number
  /** What exactly was wrong with the request, when the backend says. */
  issues?: string[]
}

export interface CommerceResult<T> {
  data: T | null
  error: CommerceFailure | null
  status: number
}

export class CommerceRequestError extends Error implements CommerceResult<never> {
  readonly data = null
  constructor(
    readonly error: CommerceFailure,
    readonly status: number,
  ) {
    super(error.message)
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export function commerceClient(env: Env, caller: CommerceCaller = {}) {
  async function send(method: Method, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Response> {
    const headers = new Headers({ accept: 'application/json', ...extraHeaders })
    if (body !== undefined) headers.set('content-type', 'application/json')
    if (caller.handshake) headers.set('authorization', `Bearer ${caller.handshake}`)
    if (caller.quote) headers.set('quote', caller.quote)
    if (caller.mage) headers.set('mage', caller.mage)
    if (caller.clientIp) {
      // In process the backend reads it as Cloudflare's header; an outside backend gets it forwarded.
      headers.set('cf-connecting-ip', caller.clientIp)
      headers.set('x-forwarded-for', caller.clientIp)
    }
    const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }
    const external = env.COMMERCE_API_URL?.replace(/\/+$/, '')
    if (external) return fetch(`${external}${path}`, init)
    return commerceApp.fetch(new Request(`https://commerce.internal/commerce${path}`, init), env)
  }

  async function settle<T>(method: Method, path: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<CommerceResult<T>> {
    let response: Response
    try {
      response = await send(method, path, body, extraHeaders)
    } catch (error) {
      return { data: null, error: { message: error instanceof Error ? error.message : String(error), status: 500 }, status: 500 }
    }
    const payload = (await response.json().catch(() => null)) as (T & { message?: string; code?: string; issues?: string[] }) | null
    if (!response.ok) {
      return {
        data: null,
        error: { message: payload?.message ?? response.statusText, code: payload?.code, status: response.status, issues: payload?.issues },
        status: response.status,
      }
    }
    return { data: payload, error: null, status: response.status }
  }

  return {
    settle,
    async request<T>(method: Method, path: string, body?: unknown): Promise<T> {
      const result = await settle<T>(method, path, body)
      if (result.error) throw new CommerceRequestError(result.error, result.status)
      return result.data as T
    },
  }
}
