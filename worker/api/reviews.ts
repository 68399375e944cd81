/**
 * Reviews from verified buyers (docs/product.md, "Reviews"; docs/decisions/0034-reviews.md):
 *
 * - GET /api/reviews/order?order=MJ...&sig=: the order's products to review, from the link sent at delivery
 * - POST /api/reviews {order, sig, sku, stars, title, text, locale?}: one review of one of them, pending approval; as
 *   multipart/form-data the same fields and up to 4 `pictures` (worker/api/review-pictures.ts)
 * - GET /api/reviews/pictures/{name}: a picture of an approved review
 * - GET /api/reviews/product/{sku}?sort=helpful|newest&stars=&language=&offset=: a product's numbers and approved reviews
 * - POST /api/reviews/{id}/helpful and /api/reviews/{id}/report: one each per session per review, a few an hour per
 *   client address (serverLimits.reviews)
 *
 * A refused link or review changes nothing and says why in the shopper's language.
 */
import { type } from 'arktype'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie } from 'hono/cookie'
import { serverLimits } from '../../config/server-limits'
import { cookies } from '../../src/domain/cookies'
import { orderNumber } from '../../src/domain/order'
import { reviewTotals } from '../../src/domain/reviews'
import { pictureDeliveryOf, pictureSources, type PictureDelivery } from '../../src/domain/pictures'
import { locale, sku } from '../../src/domain/schemas'
import { openReviewLink, submitReview } from '../commerce/review-requests'
import { withinHourlyLimit } from '../durable-objects/limiter'
import { clientIp } from '../http/client-ip'
import { pictureUrl, reviewPictureStore, type PictureRow } from '../storage/review-picture-store'
import { reviewStore, type ReviewRow } from '../storage/review-store'
import { standingCustomerId } from './account'
import { ApiError } from './errors'
import { requestLocale } from './locale'
import { servePicture, uploadedPictures } from './review-pictures'
import { validate } from './validate'

const limits = serverLimits.reviews
const signature = /^[A-Za-z0-9_-]{43}$/
const linkQuery = type({ order: orderNumber, sig: signature })
const reviewBody = type({
  order: orderNumber,
  sig: signature,
  sku,
  stars: '1 <= number.integer <= 5',
  title: `0 < string <= ${limits.titleMax}`,
  text: `${limits.textMin} <= string <= ${limits.textMax}`,
  'locale?': locale,
})
const shownQuery = type({
  'sort?': "'helpful' | 'newest'",
  'stars?': /^[1-5]$/,
  'language?': locale,
  'offset?': /^\d{1,4}$/,
})
const skuParam = type({ sku })
const idParam = type({ id: /^\d{1,12}$/ })

/** The order a link opens for this shopper, or the refusal in their language. */
async function linkedOrder(c: Context<{ Bindings: Env }>, order: string, sig: string) {
  const opened = await openReviewLink(c.env, order, sig, await standingCustomerId(c))
  if ('refused' in opened) throw new ApiError(403, opened.refused)
  return opened.order
}

/** The path of the one API call whose body may hold pictures (worker/api/app.ts gives it its own body limit). */
export const reviewUploadPath = '/api/reviews'

/** A review post with pictures: every file at its largest, and the form's fields around them. */
const uploadBodyLimit = bodyLimit({
  maxSize: limits.pictures.max * limits.pictures.maxBytes + serverLimits.anonymousWrites.maxBodyBytes,
  onError: () => {
    throw new ApiError(413, 'payload_too_large')
  },
})

const isMultipart = (c: Context) => /^multipart\/form-data/i.test(c.req.header('content-type') ?? '')

/** A multipart review post's fields as the JSON post sends them, validated by the same type. */
function formReview(form: Record<string, unknown>) {
  const field = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined)
  const stars = field('stars')
  const candidate = {
    order: field('order'),
    sig: field('sig'),
    sku: field('sku'),
    stars: stars && /^\d$/.test(stars) ? Number(stars) : stars,
    title: field('title'),
    text: field('text'),
    ...(field('locale') ? { locale: field('locale') } : {}),
  }
  return checkedReview(candidate)
}

function checkedReview(candidate: unknown) {
  const checked = reviewBody(candidate)
  if (checked instanceof type.errors)
    throw new ApiError(
      400,
      'bad_request',
      checked.map((e) => e.message),
    )
  return checked
}

/**
 * A review post: JSON, or a form with pictures. A form is counted against the address before its body is read (a
 * stranger cannot make the Worker read 20 MB again and again), and its pictures checked only once the link is.
 */
async function postedReview(c: Context<{ Bindings: Env }>) {
  if (!isMultipart(c)) return { body: checkedReview(await c.req.json().catch(() => null)), files: [] as unknown[] }
  if (!(await withinHourlyLimit(c.env, `review-uploads-ip:${clientIp((name) => c.req.header(name))}`, limits.pictures.uploadsPerIpPerHour)))
    throw new ApiError(429, 'rate_limited')
  const form = await c.req.parseBody({ all: true })
  const files = form.pictures === undefined ? [] : Array.isArray(form.pictures) ? form.pictures : [form.pictures]
  return { body: formReview(form), files }
}

/**
 * What a shopper sees of a picture: its address, its size, and the thumbnail's address: resized by the zone when it
 * resizes pictures (IMAGE_TRANSFORMATIONS, src/domain/pictures.ts), else the picture itself.
 */
const shownPicture = (delivery: PictureDelivery) => (p: PictureRow) => {
  const url = pictureUrl(p.key)
  return { url, thumb: pictureSources(url, delivery, [thumbWidth]).src, width: p.width, height: p.height }
}
/** Twice the thumbnail's 72 CSS pixels, for a phone's screen. */
const thumbWidth = 144

/** What a shopper sees of a review: never the order, the buyer's account, or why staff held it. */
const shown = (r: ReviewRow) => ({
  id: r.id,
  author: r.author,
  stars: r.stars,
  title: r.title,
  text: r.body,
  locale: r.locale,
  verified: r.order_id !== null,
  helpful: r.helpful,
  answer: r.answer,
  created_at: r.created_at,
})

/** One vote per session: the shopper's session cookie (signed in) or handshake, else the address, hashed. */
async function voterOf(c: Context<{ Bindings: Env }>): Promise<string> {
  const held = [cookies.session.name, 'mhs_ar', 'mhs_en', 'quote'].map((name) => getCookie(c, name)).find(Boolean)
  const who = held ?? `ip:${clientIp((name) => c.req.header(name))}`
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(who))
  return btoa(String.fromCharCode(...new Uint8Array(digest)))
}

const vote = (kind: 'helpful' | 'report') => async (c: Context<{ Bindings: Env }>) => {
  const id = Number(c.req.param('id'))
  if (!(await withinHourlyLimit(c.env, `review-votes-ip:${clientIp((name) => c.req.header(name))}`, limits.votesPerIpPerHour)))
    throw new ApiError(429, 'rate_limited')
  if (!(await reviewStore(c.env.DB).vote(id, await voterOf(c), kind, new Date()))) throw new ApiError(409, 'vote_done')
  return c.json({ data: { counted: true } })
}

export const reviewsApi = new Hono<{ Bindings: Env }>()
  .get('/reviews/order', validate('query', linkQuery), async (c) => {
    const q = c.req.valid('query')
    const order = await linkedOrder(c, q.order, q.sig)
    const lines = await reviewStore(c.env.DB).orderLines(order.id)
    // A link whose every product has been reviewed is spent: it says so rather than show a form that cannot be sent.
    if (lines.every((l) => l.reviewed)) throw new ApiError(409, 'review_done')
    const ar = requestLocale(c) === 'ar'
    return c.json({
      data: {
        order: order.increment_id,
        products: lines.map((l) => ({ sku: l.sku, name: ar ? (l.name_ar ?? l.name) : l.name, image: l.image, reviewed: Boolean(l.reviewed) })),
      },
    })
  })
  .post(
    '/reviews',
    (c, next) => (isMultipart(c) ? uploadBodyLimit(c, next) : next()),
    async (c) => {
      const { body, files } = await postedReview(c)
      if (!(await withinHourlyLimit(c.env, `review-submits:${body.order}`, limits.submitsPerOrderPerHour))) throw new ApiError(429, 'rate_limited')
      const order = await linkedOrder(c, body.order, body.sig)
      const pictures = await uploadedPictures(files)
      const outcome = await submitReview(c.env, order, body, requestLocale(c), pictures)
      if (outcome === 'not_in_order') throw new ApiError(404, 'not_found')
      if (outcome === 'done') throw new ApiError(409, 'review_done')
      return c.json({ data: { status: 'pending' } })
    },
  )
  .get('/reviews/product/:sku', validate('param', skuParam), validate('query', shownQuery), async (c) => {
    const q = c.req.valid('query')
    const store = reviewStore(c.env.DB)
    const productSku = c.req.valid('param').sku
    const [totals, rows] = await Promise.all([
      store.totals(productSku),
      store.shown(productSku, {
        sort: q.sort ?? 'helpful',
        stars: q.stars ? Number(q.stars) : undefined,
        locale: q.language,
        offset: q.offset ? Number(q.offset) : 0,
      }),
    ])
    const page = rows.slice(0, limits.pageSize)
    const pictures = await reviewPictureStore(c.env.DB).of(page.map((r) => r.id))
    return c.json({
      data: {
        totals: reviewTotals(totals),
        reviews: page.map((r) => ({
          ...shown(r),
          pictures: (pictures.get(r.id) ?? []).map(shownPicture(pictureDeliveryOf(c.env.IMAGE_TRANSFORMATIONS))),
        })),
        more: rows.length > limits.pageSize,
      },
    })
  })
  .get('/reviews/pictures/:name', (c) => servePicture(c.env, c.req.param('name'), { anyStatus: false }))
  .post('/reviews/:id/helpful', validate('param', idParam), vote('helpful'))
  .post('/reviews/:id/report', validate('param', idParam), vote('report'))
