/**
 * Buy-now-pay-later plans (docs/product.md, "Limits"): split in 2 (the rest in a month), in 3 (2 payments over
 * 2 months) or in 4 (3 payments over 3 months). Amounts are in halalas while they are split, so the
 * payments always add up to the price; the first payment carries the remainder.
 */
import { appConfig } from '../../app.config'

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

export function installmentPlans(total: number): InstallmentPlan[] {
  return appConfig.installments.map((option) => installmentPlan(total, option.count))
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

/** A provider is offered for a product it accepts, where this deployment offers it, at a price inside its limits. */
export function bnplOffered(limits: BnplLimits | null, eligible: boolean, price: number): boolean {
  return limits !== null && eligible && price >= limits.minSar && price <= limits.maxSar
}
