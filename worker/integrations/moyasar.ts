/**
 * Moyasar, the card gateway (docs/decisions/0014-card-payments-through-moyasar.md): mada, Visa, Mastercard, Apple Pay
 * and STC Pay on Moyasar's hosted invoice page. This is the protocol as Moyasar documents it (api.moyasar.com/v1, HTTP
 * Basic with the secret key, amounts in halalas) and nothing else: the same client talks to the real gateway when
 * MOYASAR_API_URL is set and to the embedded gateway (./moyasar-sandbox.ts) in development and tests.
 */
import { isDevelopment } from '../http/environment'
import { readSecret } from '../platform/secrets'
import { sameText } from './constant-time'

/** A payment as `GET /v1/payments/{id}` answers it (the fields the store reads). */
export interface MoyasarPayment {
  id: string
  status: 'initiated' | 'paid' | 'failed' | 'authorized' | 'captured' | 'refunded' | 'voided' | 'verified'
  /** Halalas. */
  amount: number
  currency: string
  /** Halalas given back so far. */
  refunded: number
  description: string | null
  invoice_id: string | null
  metadata: Record<string, string> | null
  source: { type: string; company?: string | null; message?: string | null; number?: string | null }
  created_at: string
  updated_at: string
}

/** An invoice, the hosted page a shopper pays on (`POST /v1/invoices`). */
export interface MoyasarInvoice {
  id: string
  status: 'initiated' | 'paid' | 'failed' | 'refunded' | 'canceled' | 'on_hold' | 'expired' | 'voided'
  amount: number
  currency: string
  description: string
  url: string
  callback_url: string | null
  success_url: string | null
  back_url: string | null
  expired_at: string | null
  metadata: Record<string, string> | null
  payments: MoyasarPayment[]
  created_at: string
  updated_at: string
}

export interface NewInvoice {
  amount: number
  currency: 'SAR'
  description: string
  /** Moyasar POSTs the paid invoice here, server to server (unsigned: the store relies on the webhook instead). */
  callback_url?: string
  /** The shopper's browser comes back here after paying, with `?id=<payment id>`. */
  success_url: string
  /** ... and here when they go back without paying. */
  back_url: string
  expired_at: string
  metadata: Record<string, string>
}

/** A webhook's body: the dashboard's secret token beside the payment (Moyasar's own plugins check only these two). */
export interface MoyasarWebhook {
  id?: string
  type?: string
  secret_token?: string
  data?: { id?: string }
}

export class MoyasarError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** SAR to halalas, exactly (prices have at most two decimals). */
export const toHalalas = (sar: number) => Math.round(sar * 100)

/** Where the gateway is: MOYASAR_API_URL, or the embedded gateway in development (null: no card payments here). */
export function moyasarBaseUrl(env: Env): string | null {
  const configured = env.MOYASAR_API_URL?.replace(/\/+$/, '')
  if (configured) return configured
  return isDevelopment(env) ? embeddedMoyasarBase : null
}

/** The embedded gateway's address; requests to it never leave the Worker (`moyasarClient`'s fetch). */
export const embeddedMoyasarBase = 'https://moyasar.embedded/v1'

export type Fetcher = (request: Request) => Promise<Response>

export function moyasarClient(env: Env, fetcher: Fetcher) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const base = moyasarBaseUrl(env)
    if (!base) throw new MoyasarError(503, 'card payments are not configured (MOYASAR_API_URL)')
    const key = await readSecret(env, 'MOYASAR_SECRET_KEY')
    const headers = new Headers({ accept: 'application/json', authorization: `Basic ${btoa(`${key}:`)}` })
    if (body !== undefined) headers.set('content-type', 'application/json')
    const response = await fetcher(new Request(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
    const payload = (await response.json().catch(() => null)) as (T & { message?: string }) | null
    if (!response.ok || !payload) throw new MoyasarError(response.status, payload?.message ?? `Moyasar answered ${response.status}`)
    return payload
  }
  return {
    createInvoice: (invoice: NewInvoice) => call<MoyasarInvoice>('POST', '/invoices', invoice),
    invoice: (id: string) => call<MoyasarInvoice>('GET', `/invoices/${encodeURIComponent(id)}`),
    payment: (id: string) => call<MoyasarPayment>('GET', `/payments/${encodeURIComponent(id)}`),
    /** Gives back `amount` halalas, or all of it without one. */
    refund: (id: string, amount?: number) =>
      call<MoyasarPayment>('POST', `/payments/${encodeURIComponent(id)}/refund`, amount === undefined ? {} : { amount }),
  }
}

export type MoyasarClient = ReturnType<typeof moyasarClient>

/** Whether a webhook carries the dashboard's secret token, compared in constant time. */
export async function isMoyasarWebhook(env: Env, body: MoyasarWebhook): Promise<boolean> {
  if (typeof body.secret_token !== 'string') return false
  return sameText(body.secret_token, await readSecret(env, 'MOYASAR_WEBHOOK_SECRET'))
}
