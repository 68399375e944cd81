/**
 * Buy-now-pay-later plans (docs/product.md, "Limits"): each provider splits a total in its own number of payments
 * (Tabby in 4, Tamara in 3: appConfig.payments), the first today and one a month after. Amounts are in halalas while
 * they are split, so the payments always add up to the price; the first payment carries the remainder.
 *
 * Whether a provider takes a cart or a product is one rule here (`bnplRefusal`), used by checkout's payment methods
 * (worker/commerce/payments.ts), the cart's instalment lines and the product page's promo: no widget promises what
 * checkout refuses (issue 42, item 2).
 */
import { appConfig } from '../../app.config'
import type { UnavailableReason } from './order'

export type BnplProvider = keyof typeof appConfig.payments

interface InstallmentPlan {
  count: number
  /** The first payment, due today. */
  first: number
  /** Each later payment, one a month. */
  later: number
}

export function installmentPlan(total: number, count: number): InstallmentPlan {
  if (!Number.isInteger(count) || count < 2) throw new RangeError(`not an instalment count: ${count}`)
  const halalas = Math.round(total * 100)
  const later = Math.floor(halalas / count)
  return { count, first: (halalas - later * (count - 1)) / 100, later: later / 100 }
}

/** A provider's plan for a total: its own number of payments. */
export function providerPlan(provider: BnplProvider, total: number): InstallmentPlan {
  return installmentPlan(total, appConfig.payments[provider].payments)
}

export interface BnplLimits {
  minSar: number
  maxSar: number
}

/**
 * The providers this deployment offers, each with the limits checkout applies; null: not offered here. The server
 * answers it with the frame's data (worker/commerce/payments.ts `instalmentOffers`), so a widget never promises what
 * checkout will refuse.
 */
export type BnplOffers = Record<BnplProvider, BnplLimits | null>

/** Until the server has said: nothing is promised. */
export const noBnplOffers: BnplOffers = { tabby: null, tamara: null }

/** What a provider is asked to pay for: each product line's eligibility for it, and whether it is a pre-order. */
export interface BnplLine {
  eligible: boolean
  preorder: boolean
}

/**
 * Why a provider cannot pay for these lines at this total, or null when it can: not offered by this deployment, a
 * pre-order among them (paid up front), a line it does not take, or a total outside its limits. The first rule broken
 * is the reason the shopper is told.
 */
export function bnplRefusal(limits: BnplLimits | null, lines: readonly BnplLine[], total: number): UnavailableReason | null {
  if (limits === null) return { reason: 'not_offered' }
  if (lines.some((line) => line.preorder)) return { reason: 'preorder' }
  if (lines.length === 0 || !lines.every((line) => line.eligible)) return { reason: 'not_eligible' }
  if (total < limits.minSar) return { reason: 'below_minimum', amount: limits.minSar }
  if (total > limits.maxSar) return { reason: 'above_maximum', amount: limits.maxSar }
  return null
}

/** A provider is offered for one product it accepts, where this deployment offers it, at a price inside its limits. */
export function bnplOffered(limits: BnplLimits | null, eligible: boolean, price: number): boolean {
  return bnplRefusal(limits, [{ eligible, preorder: false }], price) === null
}
