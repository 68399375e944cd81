/**
 * Requests about one's personal data (docs/product.md, "Your data"): what a shopper may ask, and how long the owner
 * has to answer (the PDPL's implementing regulation gives 30 days from the request).
 */
import { appConfig } from '../../app.config'

export const dataRequestKinds = ['access', 'correction', 'erasure', 'other'] as const
export type DataRequestKind = (typeof dataRequestKinds)[number]

/** Days left to answer a request made at `createdAt`, a day begun counting whole: 30 when it arrives, 0 or less once late. */
export function answerDaysLeft(createdAt: string, now: Date): number {
  const due = Date.parse(createdAt) + appConfig.limits.dataRequestAnswerDays * 86_400_000
  return Math.ceil((due - now.getTime()) / 86_400_000)
}
