/**
 * The console's reviews (docs/product.md, "Reviews"), over /api/ops/reviews (worker/api/ops-reviews.ts): the list,
 * pending first, and the three changes (approve, reject with a reason, answer as the store).
 */
import { queryOptions } from '@tanstack/react-query'
import type { HeldFor, ReviewStatus } from '../domain/reviews'
import { ops, useOpsChange } from './ops'

const inBrowser = typeof window !== 'undefined'

export interface OpsReviewRow {
  id: number
  sku: string
  order_number: string | null
  author: string
  stars: number
  title: string
  body: string
  locale: 'ar' | 'en'
  status: ReviewStatus
  held: HeldFor | null
  reason: string | null
  answer: string | null
  created_at: string
  /** The buyer's pictures, whatever the review's status (served to staff only until approved). */
  pictures: { url: string; width: number | null; height: number | null }[]
}

export const reviewQueries = {
  list: (status: ReviewStatus | undefined) =>
    queryOptions({
      queryKey: ['ops', 'reviews', status ?? 'all'],
      queryFn: () => ops<{ reviews: OpsReviewRow[]; older: number | null }>('GET', `/reviews${status ? `?status=${status}` : ''}`),
      enabled: inBrowser,
    }),
}

export const useApproveReview = () => useOpsChange((id: number) => ops('POST', `/reviews/${id}/approve`))
export const useRejectReview = () =>
  useOpsChange((input: { id: number; reason: string }) => ops('POST', `/reviews/${input.id}/reject`, { reason: input.reason }))
export const useAnswerReview = () =>
  useOpsChange((input: { id: number; text: string }) => ops('POST', `/reviews/${input.id}/answer`, { text: input.text }))
