/**
 * Reviews in the console (docs/product.md, "Reviews"), for support and the owner (reviews.moderate): pending first,
 * those the automatic check held before the rest with what it found; approve, reject with a reason, answer as the
 * store. Each change is audited in its own batch (worker/api/ops-reviews.ts).
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { formatRiyadhTime } from '../domain/dates'
import type { HeldFor, ReviewStatus } from '../domain/reviews'
import { opsErrorText } from '../components/ops/ops-text'
import { Stars } from '../components/reviews/Stars'
import { submittedFields } from '../lib/form-fields'
import { currentLocale } from '../lib/i18n'
import { m } from '../paraglide/messages.js'
import { reviewQueries, useAnswerReview, useApproveReview, useRejectReview, type OpsReviewRow } from '../queries/ops-reviews'
import { consoleSearch } from '../lib/console-search'

const statuses = ['pending', 'approved', 'rejected'] as const

/** The address's filters, read with the page (src/lib/console-search.ts says why). */
function readSearch(search: Record<string, unknown>): { status: ReviewStatus } {
  return {
    status: statuses.find((s) => s === search.status) ?? 'pending',
  }
}

export const Route = createFileRoute('/ops/reviews')({
  validateSearch: consoleSearch<{ status: ReviewStatus }>,
  component: ReviewsPage,
})

const statusText: Record<ReviewStatus, () => string> = {
  pending: m.ops_reviews_pending,
  approved: m.ops_reviews_approved,
  rejected: m.ops_reviews_rejected,
}
const heldText: Record<HeldFor, () => string> = { link: m.ops_reviews_held_link, phone: m.ops_reviews_held_phone, abuse: m.ops_reviews_held_abuse }

function ReviewsPage() {
  const { status } = readSearch(Route.useSearch())
  const navigate = Route.useNavigate()
  const list = useQuery(reviewQueries.list(status))
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.ops_reviews_title()}</h1>
      <div role="tablist" className="flex gap-2">
        {statuses.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === status}
            onClick={() => void navigate({ search: { status: s } })}
            className="rounded-full border border-brand px-4 py-1.5 text-sm font-semibold aria-selected:bg-brand aria-selected:text-brand-ink"
          >
            {statusText[s]()}
          </button>
        ))}
      </div>
      {list.isError ? (
        <p role="alert" className="text-sale">
          {opsErrorText(list.error)}
        </p>
      ) : list.data && list.data.reviews.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-muted">{m.ops_reviews_empty()}</p>
      ) : (
        <ul aria-label={m.ops_reviews_title()} aria-busy={list.isFetching} className="space-y-3">
          {list.data?.reviews.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      )}
    </div>
  )
}

function ReviewItem({ review }: { review: OpsReviewRow }) {
  const id = useId()
  const approve = useApproveReview()
  const reject = useRejectReview()
  const answer = useAnswerReview()
  const [rejecting, setRejecting] = useState(false)
  const failed = approve.error ?? reject.error ?? answer.error
  const button = 'h-10 rounded-full px-4 text-sm font-semibold disabled:opacity-60'
  return (
    <li className="space-y-2 rounded-2xl bg-white p-4" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        <Stars average={review.stars} className="text-lg" />
        <span dir="ltr">{review.sku}</span>
        <span>{review.order_number ? m.ops_reviews_order({ number: review.order_number }) : m.ops_reviews_demo()}</span>
        <span>{review.author || m.reviews_former_customer()}</span>
        <span>{formatRiyadhTime(review.created_at, currentLocale())}</span>
        {review.held && <span className="rounded bg-[#fde8eb] px-2 py-0.5 font-bold text-sale">{heldText[review.held]()}</span>}
      </div>
      <h2 id={`${id}-title`} className="font-semibold" dir="auto">
        {review.title}
      </h2>
      <p className="whitespace-pre-line" dir="auto">
        {review.body}
      </p>
      {review.pictures.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={m.ops_reviews_pictures()}>
          {review.pictures.map((picture, i) => (
            <li key={picture.url}>
              <a href={picture.url} target="_blank" rel="noopener noreferrer" className="block">
                <img
                  src={picture.url}
                  alt={m.reviews_picture_alt({ number: i + 1 })}
                  width={120}
                  height={120}
                  loading="lazy"
                  className="size-30 rounded-lg bg-surface object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reason && <p className="text-sm text-sale">{review.reason}</p>}
      {failed && (
        <p role="alert" className="text-sm text-sale">
          {opsErrorText(failed)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {review.status !== 'approved' && (
          <button
            type="button"
            className={`${button} bg-brand text-brand-ink`}
            disabled={approve.isPending}
            onClick={() => approve.mutate(review.id)}
          >
            {m.ops_reviews_approve()}
          </button>
        )}
        {review.status !== 'rejected' && (
          <button
            type="button"
            className={`${button} border border-sale text-sale`}
            onClick={() => setRejecting(!rejecting)}
            aria-expanded={rejecting}
          >
            {m.ops_reviews_reject()}
          </button>
        )}
      </div>
      {rejecting && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            const field = submittedFields(event)
            reject.mutate({ id: review.id, reason: field('reason').trim() })
          }}
        >
          <label className="grow text-sm font-medium">
            {m.ops_reviews_reason()}
            <input name="reason" required maxLength={1000} className="mt-1 h-10 w-full rounded-lg border border-line px-3" />
          </label>
          <button type="submit" className={`${button} bg-sale text-white`} disabled={reject.isPending}>
            {m.ops_reviews_reject()}
          </button>
        </form>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          const field = submittedFields(event)
          answer.mutate({ id: review.id, text: field('answer').trim() })
        }}
      >
        <label className="grow text-sm font-medium">
          {m.ops_reviews_answer()}
          <textarea
            name="answer"
            rows={2}
            maxLength={1000}
            defaultValue={review.answer ?? ''}
            className="mt-1 w-full rounded-lg border border-line px-3 py-2"
          />
        </label>
        <button type="submit" className={`${button} border border-brand text-brand`} disabled={answer.isPending}>
          {m.ops_reviews_save_answer()}
        </button>
      </form>
    </li>
  )
}
