/**
 * What the store asks of a payment provider (docs/decisions/0014-card-payments-through-moyasar.md, 0015-tabby-for-real.md,
 * 0019-tamara-for-real.md): one `PaymentProvider` each for Moyasar (./moyasar-provider.ts), Tabby (./tabby-provider.ts)
 * and Tamara (./tamara-provider.ts), each speaking its provider's protocol through its client, or to its embedded
 * stand-in in development. What follows from a provider's answer for an order (paying it once, refunds, expiry) is
 * order logic and stays in worker/commerce/hosted-payments.ts (docs/decisions/0025-payments-beside-their-clients.md).
 */
import type { Locale } from '../../app.config'
import { providerTimeoutMs } from './send-outcome'

/**
 * How a payment client reaches its provider: the embedded stand-in in development, else the provider over the network,
 * given up after `providerTimeoutMs`. An answer that never comes then fails the call instead of holding the shopper's
 * request or the job; a refund so cut short stays on its way and is sent again with its key
 * (docs/decisions/0027-refunds-once.md).
 */
export function paymentFetcher(env: Env, standIn: { fetch(request: Request, env: Env): Response | Promise<Response> } | null) {
  return async (request: Request): Promise<Response> =>
    standIn ? standIn.fetch(request, env) : fetch(request, { signal: AbortSignal.timeout(providerTimeoutMs) })
}

/** What a provider says of a payment, read from the provider itself. */
export interface ProviderPayment {
  /** `open`: not decided yet; `authorized`: approved, the money not yet taken (Tabby captures it). */
  state: 'open' | 'authorized' | 'paid' | 'failed'
  amountSar: number
  currency: string
  /** The provider's reference of what the shopper paid on (Moyasar's invoice, Tabby's payment). */
  reference: string | null
  /** The provider's id of this payment (Moyasar's payment id; Tabby's and Tamara's are the reference itself). */
  paymentId: string
  /** The store's order number the provider keeps with the payment, where it keeps one (Tamara's order_reference_id). */
  orderReference?: string
}

export interface PaymentProvider {
  name: 'moyasar' | 'tabby' | 'tamara'
  /** Whether this deployment can take payments through it. */
  configured(env: Env): boolean
  /**
   * Starts a payment for the order; answers the provider's reference and the page the shopper pays on, or null when the
   * provider refuses this buyer or amount (the order is then refused: worker/commerce/hosted-payments.ts).
   */
  start(
    env: Env,
    order: OrderForPayment,
    back: (outcome: 'success' | 'cancel' | 'failure') => string,
  ): Promise<{ reference: string; url: string } | null>
  /** Reads a payment from the provider by the id a return or a webhook names. */
  read(env: Env, paymentId: string): Promise<ProviderPayment>
  /** The payment to settle for a checkout, asked of the provider (null: none was made). */
  paymentOf(env: Env, checkoutId: string): Promise<string | null>
  /** Takes the money of an authorised payment (idempotent by the order's number); answers the payment after. */
  capture(env: Env, payment: ProviderPayment, increment: string): Promise<ProviderPayment>
  /** Lets go of an authorisation the store will not capture (an order that expired before the buyer confirmed). */
  release(env: Env, payment: ProviderPayment): Promise<void>
  /**
   * Gives `amountSar` of the payment back, once per `key` (worker/commerce/refunds.ts). A provider with no idempotency
   * key of its own (Moyasar) reads the payment first: when it has given back more than `refundedBeforeSar`, an
   * earlier try of this refund landed and nothing is sent again.
   */
  refund(env: Env, refund: ProviderRefund): Promise<void>
}

/** One refund as the store sends it to a provider. */
export interface ProviderRefund {
  paymentId: string
  amountSar: number
  key: string
  /** What the provider keeps with the refund (Tabby's and Tamara's reason). */
  reason: string
  /** What the store had already given back of this payment before this refund. */
  refundedBeforeSar: number
}

/** What a provider needs to know of an order to start its payment. */
export interface OrderForPayment {
  increment_id: string
  grand_total: number
  locale: Locale
  email: string
  /** International form (966...). */
  phone: string
  customer_name: string
  city: string
  address: string
  items: { sku: string; name: string; qty: number; price: number }[]
}
