/**
 * Payment methods for a cart (docs/product.md, "Calls" and "Rules"): code and is_available. Cash on delivery, a card
 * through Moyasar, Tabby and Tamara through their own (worker/integrations/*-provider.ts, settled by hosted-payments.ts), the last two by product eligibility and amount
 * limits; a cart with a pre-order item is paid up front, so it keeps only the card. Card, Tabby and Tamara are hosted
 * payments: the order waits for the provider (its embedded stand-in in development). A card takes at least the gateway's
 * minimum, and a cart its vouchers pay in full is offered only `free`, placed without a gateway (issue 43, L2).
 */
import { appConfig } from '../../app.config'
import type { CartState, CartTotals } from '../../src/domain/cart'
import { bnplRefusal, type BnplOffers, type BnplProvider } from '../../src/domain/installments'
import { paymentCodes, type PaymentCode, type PaymentMethod, type UnavailableReason } from '../../src/domain/order'
import type { PaymentProvider } from '../integrations/payment-provider'
import { moyasar } from '../integrations/moyasar-provider'
import { tabby } from '../integrations/tabby-provider'
import { tamara } from '../integrations/tamara-provider'

/** Methods paid on a provider's page: the order waits in pending_payment until the shopper returns. */
export const hostedPaymentCodes: readonly PaymentCode[] = ['card', 'tabby', 'tamara']
export const isHostedPayment = (code: PaymentCode) => hostedPaymentCodes.includes(code)

/** The providers by the name a stored payment keeps (worker/storage/payment-store.ts). */
export const paymentProviders = { moyasar, tabby, tamara }
/** Which provider takes which of our payment methods. */
export const providerFor: Partial<Record<string, PaymentProvider>> = { card: moyasar, tabby, tamara }

/** Where hosted payments can go here: each provider where configured, or its embedded stand-in in development. */
export interface Gateways {
  card: boolean
  tabby: boolean
  tamara: boolean
}

export const gatewaysOf = (env: Env): Gateways => ({ card: moyasar.configured(env), tabby: tabby.configured(env), tamara: tamara.configured(env) })

/** The pay-later providers this deployment offers and their limits, as checkout applies them: the promo widgets' source. */
export function instalmentOffers(env: Env): BnplOffers {
  const gateways = gatewaysOf(env)
  return { tabby: gateways.tabby ? appConfig.payments.tabby : null, tamara: gateways.tamara ? appConfig.payments.tamara : null }
}

export function paymentMethods(
  state: CartState,
  totals: CartTotals,
  gateways: Gateways = { card: true, tabby: true, tamara: true },
): PaymentMethod[] {
  const products = state.lines.filter((l) => l.parent_item_id === null)
  if (products.length > 0 && totals.grand_total <= 0) return [{ code: 'free', is_available: true, unavailable_reason: null }]
  const hasPreorder = products.some((l) => l.back_orders === appConfig.backOrdersPreorderCode)
  const total = totals.grand_total
  const bnpl = (provider: BnplProvider, offered: boolean) =>
    bnplRefusal(
      offered ? appConfig.payments[provider] : null,
      products.map((l) => ({
        eligible: provider === 'tabby' ? l.eligible_for_tabby : l.eligible_for_tamara,
        preorder: l.back_orders === appConfig.backOrdersPreorderCode,
      })),
      total,
    )
  const reasons: Record<Exclude<PaymentCode, 'free'>, UnavailableReason | null> = {
    cashondelivery: hasPreorder ? { reason: 'preorder' } : null,
    // Hosted methods need a gateway (docs/decisions/0014, 0015), and a card payment its minimum.
    card: !gateways.card
      ? { reason: 'not_offered' }
      : total < appConfig.cardPayment.minSar
        ? { reason: 'below_minimum', amount: appConfig.cardPayment.minSar }
        : null,
    tabby: bnpl('tabby', gateways.tabby),
    tamara: bnpl('tamara', gateways.tamara),
  }
  return paymentCodes
    .filter((code) => code !== 'free')
    .map((code) => ({ code, is_available: reasons[code] === null, unavailable_reason: reasons[code] }))
}
