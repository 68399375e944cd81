/**
 * Payment methods for a cart (docs/product.md, "Calls" and "Rules"): code and is_available. Cash on delivery, a card
 * through Moyasar (card-payments.ts), Tabby and Tamara by product eligibility and amount limits; a cart with
 * a pre-order item is paid up front, so it keeps only the card. Card, Tabby and Tamara are hosted
 * payments: the order waits for the provider (the sandbox gateway outside production).
 */
import { appConfig } from '../../app.config'
import type { CartState, CartTotals } from '../../src/domain/cart'
import { paymentCodes, type PaymentCode } from '../../src/domain/order'
import { isDevelopment } from '../http/environment'
import { cardPaymentsConfigured } from './card-payments'

/** Methods paid on a provider's page: the order waits in pending_payment until the shopper returns. */
export const hostedPaymentCodes: readonly PaymentCode[] = ['card', 'tabby', 'tamara']
export const isHostedPayment = (code: PaymentCode) => hostedPaymentCodes.includes(code)

export interface PaymentMethod {
  code: PaymentCode
  is_available: boolean
}

/** Where hosted payments can go here: a card gateway (Moyasar or the embedded one), and the sandbox page for Tabby and Tamara. */
export interface Gateways {
  card: boolean
  sandbox: boolean
}

/** What a deployment offers: the card where a gateway is configured, Tabby and Tamara on the sandbox in development. */
export const gatewaysOf = (env: Env): Gateways => ({ card: cardPaymentsConfigured(env), sandbox: isDevelopment(env) })

export function paymentMethods(state: CartState, totals: CartTotals, gateways: Gateways = { card: true, sandbox: true }): PaymentMethod[] {
  const products = state.lines.filter((l) => l.parent_item_id === null)
  const hasPreorder = products.some((l) => l.back_orders === appConfig.backOrdersPreorderCode)
  const total = totals.grand_total
  const within = (limits: { minSar: number; maxSar: number }) => total >= limits.minSar && total <= limits.maxSar
  const available: Record<PaymentCode, boolean> = {
    cashondelivery: !hasPreorder,
    // Hosted methods need a gateway: Moyasar for cards (docs/decisions/0014); Tabby and Tamara have only the sandbox so far.
    card: gateways.card,
    tabby: gateways.sandbox && !hasPreorder && products.length > 0 && products.every((l) => l.eligible_for_tabby) && within(appConfig.payments.tabby),
    tamara:
      gateways.sandbox && !hasPreorder && products.length > 0 && products.every((l) => l.eligible_for_tamara) && within(appConfig.payments.tamara),
  }
  return paymentCodes.map((code) => ({ code, is_available: available[code] }))
}
