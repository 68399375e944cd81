/**
 * The review page a buyer opens from the message sent at delivery (/review?order=MJ...&sig=, docs/product.md,
 * "Reviews"): the order's products, each with stars, a title and a text, sent to `POST /api/reviews`. The link's
 * signature is checked by the API (worker/commerce/review-requests.ts); a refused link shows the API's message, in
 * the page's language. Nothing here is cached per shopper: the page is the same shell for everyone and reads the
 * order in the browser. Pictures (up to 4) go with the review as a form (src/components/reviews/PicturePicker.tsx).
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useSearch } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { serverLimits } from '../../config/server-limits'
import { orderNumber } from '../domain/order'
import { formText } from '../lib/form-fields'
import { currentLocale } from '../lib/i18n'
import { usePageHydrated } from '../lib/early-tap'
import { m } from '../paraglide/messages.js'
import { FormField } from '../components/ui/FormField'
import { PicturePicker, type Chosen } from '../components/reviews/PicturePicker'

export const Route = createFileRoute('/review')({
  head: () => ({ meta: [{ title: `${m.review_page_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }] }),
  component: ReviewRoute,
})

interface ReviewProduct {
  sku: string
  name: string
  image: string | null
  reviewed: boolean
}

type Answer<T> = { data: T } | { error: { message: string } }

const signature = /^[A-Za-z0-9_-]{43}$/

async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> {
  // A form (with pictures) sets its own multipart type and boundary.
  const form = body instanceof FormData
  const response = await fetch(`/api${path}${path.includes('?') ? '&' : '?'}lang=${currentLocale()}`, {
    method,
    headers: body === undefined || form ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  })
  return (await response.json()) as Answer<T>
}

/** The review's fields as JSON, or as a form with its pictures when it has some. */
function reviewBody(fields: Record<string, string | number>, pictures: Chosen[]): unknown {
  if (pictures.length === 0) return fields
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value))
  for (const picture of pictures) form.append('pictures', picture.file)
  return form
}

function ReviewRoute() {
  usePageHydrated()
  const search = useSearch({ strict: false }) as { order?: unknown; sig?: unknown }
  const order = typeof search.order === 'string' && orderNumber.test(search.order) ? search.order : ''
  const sig = typeof search.sig === 'string' && signature.test(search.sig) ? search.sig : ''
  const query = useQuery({
    queryKey: ['review-order', currentLocale(), order, sig],
    queryFn: () => api<{ order: string; products: ReviewProduct[] }>('GET', `/reviews/order?order=${order}&sig=${sig}`),
    enabled: Boolean(order && sig),
    staleTime: Infinity,
  })
  const answer = query.data
  return (
    <section className="mx-auto max-w-xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{m.review_page_title()}</h1>
      {!order || !sig ? (
        <p role="alert" className="rounded-lg bg-[#fde8eb] px-3 py-2 text-sale">
          {m.error_review_link_invalid()}
        </p>
      ) : !answer ? (
        <p className="py-10 text-center text-muted">{m.review_loading()}</p>
      ) : 'error' in answer ? (
        <p role="alert" className="rounded-lg bg-[#fde8eb] px-3 py-2 text-sale">
          {answer.error.message}
        </p>
      ) : (
        <>
          <p className="text-muted">{m.review_page_intro({ number: answer.data.order })}</p>
          <ul className="space-y-4">
            {answer.data.products.map((product) => (
              <li key={product.sku}>
                <ProductReview product={product} order={order} sig={sig} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function ProductReview({ product, order, sig }: { product: ReviewProduct; order: string; sig: string }) {
  const id = useId()
  const [stars, setStars] = useState(0)
  const [pictures, setPictures] = useState<Chosen[]>([])
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string }>(
    product.reviewed ? { kind: 'sent' } : { kind: 'idle' },
  )
  const limits = serverLimits.reviews
  return (
    <article className="rounded-2xl bg-white p-4 shadow-sm" aria-labelledby={`${id}-name`}>
      <div className="flex items-center gap-3">
        {product.image && <img src={product.image} alt="" width={64} height={64} className="size-16 rounded-lg object-contain" />}
        <h2 id={`${id}-name`} className="font-semibold">
          {product.name}
        </h2>
      </div>
      {state.kind === 'sent' ? (
        <p role="status" className="mt-3 rounded-lg bg-brand-soft px-3 py-2 font-medium">
          {product.reviewed ? m.review_already() : m.review_sent()}
        </p>
      ) : (
        <form
          className="mt-3 space-y-3"
          onSubmit={async (event) => {
            event.preventDefault()
            if (!stars) return setState({ kind: 'failed', message: m.review_choose_stars() })
            const form = new FormData(event.currentTarget)
            setState({ kind: 'sending' })
            const body = { order, sig, sku: product.sku, stars, title: formText(form, 'title').trim(), text: formText(form, 'text').trim() }
            const answer = await api<{ status: string }>('POST', '/reviews', reviewBody(body, pictures)).catch(() => null)
            if (answer && 'data' in answer) setState({ kind: 'sent' })
            else setState({ kind: 'failed', message: answer?.error.message ?? m.review_failed() })
          }}
        >
          <fieldset>
            <legend className="mb-1 text-sm font-medium">{m.review_your_rating()}</legend>
            <div className="flex gap-1" dir="ltr">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="cursor-pointer text-3xl leading-none">
                  <input type="radio" name="stars" value={n} className="sr-only" checked={stars === n} onChange={() => setStars(n)} />
                  <span aria-hidden="true" className={n <= stars ? 'text-[#f5a623]' : 'text-line'}>
                    ★
                  </span>
                  <span className="sr-only">{m.review_stars({ count: n })}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <FormField label={m.review_title_label()} name="title" required maxLength={limits.titleMax} />
          <div>
            <label htmlFor={`${id}-text`} className="mb-1 block text-sm font-medium">
              {m.review_text_label()}
            </label>
            <textarea
              id={`${id}-text`}
              name="text"
              rows={4}
              required
              minLength={limits.textMin}
              maxLength={limits.textMax}
              aria-describedby={`${id}-hint`}
              className="w-full rounded-lg border border-line px-3 py-2"
            />
            <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
              {m.review_text_hint()}
            </p>
          </div>
          <PicturePicker chosen={pictures} onChange={setPictures} disabled={state.kind === 'sending'} />
          {state.kind === 'failed' && (
            <p role="alert" className="text-sm text-sale">
              {state.message}
            </p>
          )}
          <button
            type="submit"
            disabled={state.kind === 'sending'}
            className="h-11 w-full rounded-full bg-brand px-5 font-semibold text-brand-ink disabled:opacity-60 sm:w-auto"
          >
            {m.review_send()}
          </button>
        </form>
      )}
    </article>
  )
}
