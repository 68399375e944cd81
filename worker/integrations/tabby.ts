/**
 * Tabby, pay in 4 (docs/decisions/0015-tabby-for-real.md): the protocol as Tabby documents it for Saudi Arabia
 * (api.tabby.sa, a Bearer secret key, amounts as decimal strings) and nothing else. The same client talks to Tabby when
 * TABBY_API_URL is set and to the embedded Tabby (./tabby-sandbox.ts) in development and tests.
 */
import { isDevelopment } from '../http/environment'
import { readSecret } from '../platform/secrets'
import { sameText } from './constant-time'
import type { Fetcher } from './moyasar'

/** Payment statuses as `GET /api/v2/payments/{id}` answers them (webhooks send the same words in lower case). */
export type TabbyStatus = 'CREATED' | 'AUTHORIZED' | 'CLOSED' | 'REJECTED' | 'EXPIRED'

export interface TabbyPayment {
  id: string
  status: TabbyStatus
  /** A decimal string: "1234.50". */
  amount: string
  currency: string
  is_test: boolean
  created_at: string
  expires_at: string
  order: { reference_id: string }
  captures: { id: string; amount: string; reference_id: string; created_at: string }[]
  refunds: { id: string; amount: string; reference_id: string; reason?: string; created_at: string }[]
}

/** `POST /api/v2/checkout`: the session a shopper pays on. */
export interface TabbySessionRequest {
  payment: {
    amount: string
    currency: 'SAR'
    description: string
    buyer: { name: string; email: string; phone: string }
    shipping_address: { city: string; address: string; zip: string }
    order: { reference_id: string; items: { reference_id: string; title: string; quantity: number; unit_price: string; category: string }[] }
    buyer_history: { registered_since: string; loyalty_level: number }
    order_history: unknown[]
    meta: { order_id: string }
  }
  lang: 'ar' | 'en'
  merchant_code: string
  merchant_urls: { success: string; cancel: string; failure: string }
}

export interface TabbySession {
  id: string
  status: 'created' | 'rejected' | 'expired' | 'approved'
  payment: TabbyPayment
  configuration: {
    available_products: { installments?: { web_url: string }[] }
    products: { installments: { type: 'installments'; is_available: boolean; rejection_reason: string | null } }
  }
}

export class TabbyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** SAR as Tabby writes it: two decimals, in a string. */
export const tabbyAmount = (sar: number) => sar.toFixed(2)

/** The header Tabby sends back with every webhook, registered with the webhook (`header.title`). */
export const tabbyWebhookHeader = 'x-matjar-webhook-token'

/** The embedded Tabby's address; requests to it never leave the Worker. */
export const embeddedTabbyBase = 'https://tabby.embedded'

/** Where Tabby is: TABBY_API_URL, or the embedded one in development (null: Tabby is not offered here). */
export function tabbyBaseUrl(env: Env): string | null {
  const configured = env.TABBY_API_URL?.replace(/\/+$/, '')
  if (configured) return configured
  return isDevelopment(env) ? embeddedTabbyBase : null
}

/** The merchant code Tabby gives each store and country (the embedded Tabby takes any). */
export const tabbyMerchantCode = (env: Env) => env.TABBY_MERCHANT_CODE || 'matjar_sa'

export function tabbyClient(env: Env, fetcher: Fetcher) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const base = tabbyBaseUrl(env)
    if (!base) throw new TabbyError(503, 'Tabby is not configured (TABBY_API_URL)')
    const key = await readSecret(env, 'TABBY_SECRET_KEY')
    const headers = new Headers({ accept: 'application/json', authorization: `Bearer ${key}` })
    if (body !== undefined) headers.set('content-type', 'application/json')
    const response = await fetcher(new Request(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
    const payload = (await response.json().catch(() => null)) as (T & { error?: string }) | null
    if (!response.ok || !payload) throw new TabbyError(response.status, payload?.error ?? `Tabby answered ${response.status}`)
    return payload
  }
  const id = (value: string) => encodeURIComponent(value)
  return {
    createSession: (session: TabbySessionRequest) => call<TabbySession>('POST', '/api/v2/checkout', session),
    payment: (paymentId: string) => call<TabbyPayment>('GET', `/api/v2/payments/${id(paymentId)}`),
    /** `reference_id` makes a repeated capture harmless. */
    capture: (paymentId: string, amount: string, referenceId: string) =>
      call<TabbyPayment>('POST', `/api/v2/payments/${id(paymentId)}/captures`, { amount, reference_id: referenceId }),
    /** Ends an authorisation nothing will be captured from: the buyer's instalments are released. */
    close: (paymentId: string) => call<TabbyPayment>('POST', `/api/v2/payments/${id(paymentId)}/close`),
    refund: (paymentId: string, amount: string, referenceId: string, reason: string) =>
      call<TabbyPayment>('POST', `/api/v2/payments/${id(paymentId)}/refunds`, { amount, reference_id: referenceId, reason }),
  }
}

/** Whether a webhook carries the header registered with it, compared in constant time. */
export async function isTabbyWebhook(env: Env, headerValue: string | undefined): Promise<boolean> {
  if (!headerValue) return false
  return sameText(headerValue, await readSecret(env, 'TABBY_WEBHOOK_SECRET'))
}
