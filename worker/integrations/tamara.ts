/**
 * Tamara, pay later in Saudi Arabia (docs/decisions/0019-tamara-for-real.md): the protocol as Tamara documents it for
 * direct online checkout (api.tamara.co, a Bearer API token, amounts as `{ amount, currency }` with `amount` a number)
 * and nothing else. The same client talks to Tamara when TAMARA_API_URL is set and to the embedded Tamara
 * (./tamara-sandbox.ts) in development and tests.
 *
 * The order's life at Tamara: `new` (checkout session created), `approved` (the buyer paid the first instalment; Tamara
 * notifies), `authorised` (the merchant acknowledged it with `POST /orders/{id}/authorise`), `fully_captured` (the
 * merchant took it with `POST /payments/capture`), then `fully_refunded` / `partially_refunded`; `declined`, `expired`
 * and `canceled` end it without money.
 */
import { jwtVerify } from 'jose'
import { isDevelopment } from '../http/environment'
import { readSecret } from '../platform/secrets'
import type { Fetcher } from './moyasar'

export interface TamaraAmount {
  amount: number
  currency: 'SAR'
}

/** Order statuses as `GET /orders/{order_id}` answers them. */
export type TamaraStatus =
  | 'new'
  | 'approved'
  | 'authorised'
  | 'declined'
  | 'expired'
  | 'canceled'
  | 'updated'
  | 'on_hold'
  | 'partially_captured'
  | 'fully_captured'
  | 'partially_refunded'
  | 'fully_refunded'

export interface TamaraItem {
  name: string
  type: 'Physical'
  reference_id: string
  sku: string
  quantity: number
  unit_price: TamaraAmount
  total_amount: TamaraAmount
}

export interface TamaraAddress {
  first_name: string
  last_name: string
  line1: string
  city: string
  country_code: 'SA'
  phone_number: string
}

/** `POST /checkout`: the session a buyer pays on. */
export interface TamaraCheckoutRequest {
  order_reference_id: string
  order_number: string
  total_amount: TamaraAmount
  shipping_amount: TamaraAmount
  tax_amount: TamaraAmount
  items: TamaraItem[]
  consumer: { first_name: string; last_name: string; phone_number: string; email: string }
  shipping_address: TamaraAddress
  country_code: 'SA'
  description: string
  payment_type: 'PAY_BY_INSTALMENTS'
  locale: 'ar_SA' | 'en_US'
  merchant_url: { success: string; failure: string; cancel: string; notification: string }
}

export interface TamaraCheckoutSession {
  order_id: string
  checkout_id: string
  checkout_url: string
  status: 'new'
}

/** An order as Tamara answers it (the fields the store reads). */
export interface TamaraOrder {
  order_id: string
  order_reference_id: string
  order_number: string
  status: TamaraStatus
  total_amount: TamaraAmount
  captured_amount: TamaraAmount
  refunded_amount: TamaraAmount
  canceled_amount: TamaraAmount
  payment_type: 'PAY_BY_INSTALMENTS'
  created_at: string
}

/** What Tamara posts to the notification URL; `event_type` is `order_` and the new status. */
export interface TamaraNotification {
  order_id: string
  order_reference_id: string
  order_number: string
  event_type: string
  data: unknown[]
}

export class TamaraError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** SAR as Tamara writes it: a number with at most two decimals. */
export const tamaraAmount = (sar: number): TamaraAmount => ({ amount: Math.round(sar * 100) / 100, currency: 'SAR' })

/** The embedded Tamara's address; requests to it never leave the Worker. */
export const embeddedTamaraBase = 'https://tamara.embedded'

/** Who signs Tamara's notification tokens (the `iss` of its documented example). */
export const tamaraIssuer = 'Tamara'

/** Where Tamara is: TAMARA_API_URL, or the embedded one in development (null: Tamara is not offered here). */
export function tamaraBaseUrl(env: Env): string | null {
  const configured = env.TAMARA_API_URL?.replace(/\/+$/, '')
  if (configured) return configured
  return isDevelopment(env) ? embeddedTamaraBase : null
}

export function tamaraClient(env: Env, fetcher: Fetcher) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const base = tamaraBaseUrl(env)
    if (!base) throw new TamaraError(503, 'Tamara is not configured (TAMARA_API_URL)')
    const token = await readSecret(env, 'TAMARA_API_TOKEN')
    const headers = new Headers({ accept: 'application/json', authorization: `Bearer ${token}` })
    if (body !== undefined) headers.set('content-type', 'application/json')
    const response = await fetcher(new Request(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
    const payload = (await response.json().catch(() => null)) as (T & { message?: string }) | null
    if (!response.ok || !payload) throw new TamaraError(response.status, payload?.message ?? `Tamara answered ${response.status}`)
    return payload
  }
  const id = (value: string) => encodeURIComponent(value)
  return {
    createCheckout: (session: TamaraCheckoutRequest) => call<TamaraCheckoutSession>('POST', '/checkout', session),
    order: (orderId: string) => call<TamaraOrder>('GET', `/orders/${id(orderId)}`),
    /** The merchant's acknowledgement of an `approved` order: it becomes `authorised` (or captured, with auto-capture). */
    authorise: (orderId: string) =>
      call<{ order_id: string; status: TamaraStatus; authorized_amount: TamaraAmount; auto_captured: boolean }>(
        'POST',
        `/orders/${id(orderId)}/authorise`,
      ),
    capture: (orderId: string, total: TamaraAmount, shippedAt: string) =>
      call<{ capture_id: string; order_id: string; status: TamaraStatus; captured_amount: TamaraAmount }>('POST', '/payments/capture', {
        order_id: orderId,
        total_amount: total,
        shipping_amount: tamaraAmount(0),
        tax_amount: tamaraAmount(0),
        discount_amount: tamaraAmount(0),
        // The store takes the money when the order is paid, as for Tabby (docs/decisions/0019); shipping follows.
        shipping_info: { shipped_at: shippedAt, shipping_company: 'Matjar' },
      }),
    /** Voids an authorised order that was not captured: the buyer's instalments are released. */
    cancel: (orderId: string, total: TamaraAmount) =>
      call<{ cancel_id: string; order_id: string; status: TamaraStatus; canceled_amount: TamaraAmount }>('POST', `/orders/${id(orderId)}/cancel`, {
        total_amount: total,
        shipping_amount: tamaraAmount(0),
        tax_amount: tamaraAmount(0),
        discount_amount: tamaraAmount(0),
      }),
    /** `merchant_refund_id` names the refund, so that the same refund sent twice is one. */
    refund: (orderId: string, total: TamaraAmount, merchantRefundId: string, comment: string) =>
      call<{ refund_id: string; order_id: string; status: TamaraStatus; refunded_amount: TamaraAmount }>(
        'POST',
        `/payments/simplified-refund/${id(orderId)}`,
        { total_amount: total, comment, merchant_refund_id: merchantRefundId },
      ),
  }
}

export type TamaraClient = ReturnType<typeof tamaraClient>

/**
 * The notification's `tamaraToken`: Tamara puts it in the URL's query and in `Authorization: Bearer`. When both are
 * there they must be the same token.
 */
export function tamaraTokenOf(request: Request): string | null {
  const query = new URL(request.url).searchParams.get('tamaraToken')
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? null
  if (query && bearer && query !== bearer) return null
  return query || bearer
}

/**
 * Whether a notification carries a token Tamara signed: a JWT, HS256 with the notification token Tamara gave the
 * store, issued by Tamara and not expired. The token signs no body: the store reads the order from Tamara anyway.
 */
export async function isTamaraNotification(env: Env, request: Request): Promise<boolean> {
  const token = tamaraTokenOf(request)
  if (!token) return false
  const key = new TextEncoder().encode(await readSecret(env, 'TAMARA_NOTIFICATION_TOKEN'))
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: tamaraIssuer, requiredClaims: ['exp', 'iat'] })
    return typeof payload.exp === 'number'
  } catch {
    return false
  }
}
