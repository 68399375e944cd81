/**
 * Payment methods for a cart (docs/product.md, "Calls" and "Rules"): code and is_available. Cash on delivery, a card
 * through Moyasar and Tabby through Tabby (hosted-payments.ts), Tamara by product eligibility and amount limits; a cart with
 * a pre-order item is paid up front, so it keeps only the card. Card, Tabby and Tamara are hosted
 * payments: the order waits for the provider (the sandbox gateway outside production).
 */
import { appConfig } from '../../app.config'
import type { CartState, CartTotals } from '../../src/domain/cart'
import { paymentCodes, type PaymentCode } from '../../src/domain/order'
import { isDevelopment } from '../http/environment'
import { moyasar, tabby } from './hosted-payments'

/** Methods paid on a provider's page: the order waits in pending_payment until the shopper returns. */
export const hostedPaymentCodes: readonly PaymentCode[] = ['card', 'tabby', 'tamara']
export const isHostedPayment = (code: PaymentCode) => hostedPaymentCodes.includes(code)

export interface PaymentMethod {
  code: PaymentCode
  is_available: boolean
}

/**
 * Where hosted payments can go here: Moyasar and Tabby where configured (or their embedded stand-ins in development),
 * Tamara only on the development sandbox page so far.
 */
export interface Gateways {
  card: boolean
  tabby: boolean
  tamara: boolean
}

export const gatewaysOf = (env: Env): Gateways => ({ card: moyasar.configured(env), tabby: tabby.configured(env), tamara: isDevelopment(env) })

export function paymentMethods(
  state: CartState,
  totals: CartTotals,
  gateways: Gateways = { card: true, tabby: true, tamara: true },
): PaymentMethod[] {
  const products = state.lines.filter((l) => l.parent_item_id === null)
  const hasPreorder = products.some((l) => l.back_orders === appConfig.backOrdersPreorderCode)
  const total = totals.grand_total
  const within = (limits: { minSar: number; maxSar: number }) => total >= limits.minSar && total <= limits.maxSar
  const available: Record<PaymentCode, boolean> = {
    cashondelivery: !hasPreorder,
    // Hosted methods need a gateway (docs/decisions/0014, 0015).
    card: gateways.card,
    tabby: gateways.tabby && !hasPreorder && products.length > 0 && products.every((l) => l.eligible_for_tabby) && within(appConfig.payments.tabby),
    tamara:
      gateways.tamara && !hasPreorder && products.length > 0 && products.every((l) => l.eligible_for_tamara) && within(appConfig.payments.tamara),
  }
  return paymentCodes.map((code) => ({ code, is_available: available[code] }))
}
