/**
 * A product's approved reviews (docs/product.md, "Reviews"), read in the browser from `GET /api/reviews/product/{sku}`:
 * the distribution bars (a bar filters by its stars), sorted by most helpful or newest, filtered by stars and language,
 * "Verified purchase", the buyer's pictures as small thumbnails that open the full picture, the store's answer, and a
 * helpful vote and a report per review (the API counts one per session).
 */
import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatDisplayDate } from '../../domain/dates'
import { shareOf, type ReviewSort, type ReviewTotals } from '../../domain/reviews'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { Stars } from './Stars'

interface ShownReview {
  id: number
  author: string
  stars: number
  title: string
  text: string
  locale: 'ar' | 'en'
  verified: boolean
  helpful: number
  answer: string | null
  created_at: string
  pictures: { url: string; thumb: string; width: number | null; height: number | null }[]
}

interface Page {
  totals: ReviewTotals
  reviews: ShownReview[]
  more: boolean
}

const starCounts = [5, 4, 3, 2, 1] as const

export function ReviewList({ sku }: { sku: string }) {
  const locale = currentLocale()
  const [sort, setSort] = useState<ReviewSort>('helpful')
  const [stars, setStars] = useState<number | null>(null)
  const [language, setLanguage] = useState<'ar' | 'en' | null>(null)
  const pages = useInfiniteQuery({
    queryKey: ['reviews', sku, sort, stars, language],
    initialPageParam: 0,
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ sort, offset: String(pageParam), lang: locale })
      if (stars) params.set('stars', String(stars))
      // `lang` is the answer's language; `language` the reviews' own.
      if (language) params.set('language', language)
      const response = await fetch(`/api/reviews/product/${encodeURIComponent(sku)}?${params}`)
      if (!response.ok) throw new Error(String(response.status))
      return ((await response.json()) as { data: Page }).data
    },
    getNextPageParam: (last, all) => (last.more ? all.reduce((n, page) => n + page.reviews.length, 0) : undefined),
    staleTime: 60_000,
  })
  const totals = pages.data?.pages[0]?.totals
  const reviews = pages.data?.pages.flatMap((page) => page.reviews) ?? []
  const select = 'h-10 rounded-lg border border-line bg-white px-2 text-sm'
  return (
    <div className="space-y-4">
      {totals && (
        <ul className="max-w-sm space-y-1" aria-label={m.reviews_filter_stars()}>
          {starCounts.map((n) => (
            <li key={n}>
              <button
                type="button"
                onClick={() => setStars(stars === n ? null : n)}
                aria-pressed={stars === n}
                className="flex w-full items-center gap-2 rounded text-sm aria-pressed:font-bold"
              >
                <span className="w-16 shrink-0 text-start">{m.review_stars({ count: n })}</span>
                <span className="h-2 grow overflow-hidden rounded-full bg-line">
                  <span className="block h-full rounded-full bg-[#f5a623]" style={{ width: `${shareOf(totals, n)}%` }} />
                </span>
                <span className="w-10 shrink-0 text-end text-muted" dir="ltr">{`${shareOf(totals, n)}%`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-3">
        <label className="flex items-center gap-2 text-sm">
          {m.reviews_sort_label()}
          <select className={select} value={sort} onChange={(event) => setSort(event.target.value as ReviewSort)}>
            <option value="helpful">{m.reviews_sort_helpful()}</option>
            <option value="newest">{m.reviews_sort_newest()}</option>
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          {m.reviews_filter_stars()}
          <select className={select} value={stars ?? ''} onChange={(event) => setStars(event.target.value ? Number(event.target.value) : null)}>
            <option value="">{m.reviews_filter_all()}</option>
            {starCounts.map((n) => (
              <option key={n} value={n}>
                {m.review_stars({ count: n })}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          {m.reviews_filter_language()}
          <select
            className={select}
            value={language ?? ''}
            onChange={(event) => setLanguage(event.target.value === 'ar' || event.target.value === 'en' ? event.target.value : null)}
          >
            <option value="">{m.reviews_filter_all()}</option>
            <option value="ar">{m.reviews_lang_ar()}</option>
            <option value="en">{m.reviews_lang_en()}</option>
          </select>
        </label>
      </div>
      <ul className="space-y-3" aria-busy={pages.isFetching}>
        {reviews.map((review) => (
          <Review key={review.id} review={review} />
        ))}
      </ul>
      {pages.hasNextPage && (
        <button
          type="button"
          onClick={() => void pages.fetchNextPage()}
          className="h-11 rounded-full border border-brand px-5 font-semibold text-brand"
        >
          {m.reviews_more()}
        </button>
      )}
    </div>
  )
}

function Review({ review }: { review: ShownReview }) {
  const locale = currentLocale()
  const [said, setSaid] = useState<string | null>(null)
  const [helpful, setHelpful] = useState(review.helpful)
  const act = async (kind: 'helpful' | 'report') => {
    const response = await fetch(`/api/reviews/${review.id}/${kind}?lang=${locale}`, { method: 'POST' }).catch(() => null)
    const body = (await response?.json().catch(() => null)) as { error?: { message: string } } | null
    if (response?.ok) {
      if (kind === 'helpful') setHelpful(helpful + 1)
      setSaid(kind === 'helpful' ? m.reviews_voted() : m.reviews_reported())
    } else setSaid(body?.error?.message ?? m.review_failed())
  }
  return (
    <li className="space-y-1 rounded-2xl bg-white p-4" lang={review.locale} dir={review.locale === 'ar' ? 'rtl' : 'ltr'}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Stars average={review.stars} />
        <span className="font-semibold">{review.author || m.reviews_former_customer()}</span>
        {review.verified && <span className="font-semibold text-[#00683a]">{m.reviews_verified({}, { locale })}</span>}
        <span className="text-muted">{formatDisplayDate(review.created_at.slice(0, 10), locale)}</span>
      </div>
      <h3 className="font-bold">{review.title}</h3>
      <p className="whitespace-pre-line">{review.text}</p>
      {review.pictures.length > 0 && (
        // In the review's direction, under its text; the alt text is in the page's language.
        <ul className="flex flex-wrap gap-2 pt-1">
          {review.pictures.map((picture, i) => (
            <li key={picture.url}>
              {/* A tap opens the picture itself, full size; the thumbnail is the same file, cropped by CSS. */}
              <a href={picture.url} target="_blank" rel="noopener" className="block rounded-lg">
                <img
                  lang={locale}
                  src={picture.thumb}
                  alt={m.reviews_picture_alt({ number: i + 1 }, { locale })}
                  width={72}
                  height={72}
                  loading="lazy"
                  decoding="async"
                  className="size-18 rounded-lg bg-surface object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.answer && (
        <div className="mt-2 rounded-lg bg-surface p-3 text-sm" lang={locale} dir={locale === 'ar' ? 'rtl' : 'ltr'}>
          <p className="font-semibold">{m.reviews_store_answer()}</p>
          {/* Staff answer in the review's language or the page's: the text sets its own direction. */}
          <p className="whitespace-pre-line" dir="auto">
            {review.answer}
          </p>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3 pt-1 text-sm" lang={locale} dir={locale === 'ar' ? 'rtl' : 'ltr'}>
        {helpful > 0 && <span className="text-muted">{m.reviews_helpful_count({ count: helpful })}</span>}
        <button type="button" onClick={() => void act('helpful')} className="rounded-full border border-line px-3 py-1 font-semibold">
          {m.reviews_helpful()}
        </button>
        <button type="button" onClick={() => void act('report')} className="text-muted underline">
          {m.reviews_report()}
        </button>
        {said && <span role="status">{said}</span>}
      </div>
    </li>
  )
}
