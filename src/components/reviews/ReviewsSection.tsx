/**
 * The product page's reviews (docs/product.md, "Reviews"): the heading and the average with its count are markup in
 * the page (the same for every shopper, so the page cache may keep them); the distribution, the reviews, their sort
 * and filters, votes and reports are a part whose code loads when the page is idle (first-load JS stays in budget).
 */
import { Suspense } from 'react'
import { lazyPart, usePreloadWhenIdle } from '../../lib/lazy-part'
import { m } from '../../paraglide/messages.js'
import { Stars } from './Stars'

const ReviewList = lazyPart(() => import('./ReviewList').then((module) => module.ReviewList))

export function ReviewsSection({ sku, rating }: { sku: string; rating: { average: number; count: number } | undefined }) {
  usePreloadWhenIdle(ReviewList)
  return (
    <section aria-labelledby="reviews-heading" className="space-y-3">
      <h2 id="reviews-heading" className="text-lg font-bold">
        {m.reviews_heading()}
      </h2>
      {rating ? (
        <p className="flex items-center gap-2">
          <Stars average={rating.average} className="text-xl" />
          <span className="font-bold">{m.reviews_average({ average: rating.average.toFixed(1) })}</span>
          <span className="text-muted">{m.reviews_count({ count: rating.count })}</span>
        </p>
      ) : (
        <p className="text-muted">{m.reviews_none()}</p>
      )}
      {rating && (
        <Suspense fallback={null}>
          <ReviewList sku={sku} />
        </Suspense>
      )}
    </section>
  )
}
