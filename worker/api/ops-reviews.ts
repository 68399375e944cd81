/**
 * The console's reviews (docs/product.md, "The merchant console" and "Reviews"), for roles holding reviews.moderate
 * (owner, support):
 *
 * - GET /api/ops/reviews?status=&before=: pending first (those the automatic check held before the rest), a page at a time
 * - POST /api/ops/reviews/{id}/approve, POST /api/ops/reviews/{id}/reject {reason}: the status, its audit row and the
 *   product's numbers in one batch; the product's pages and listings are purged so they show the new numbers
 * - POST /api/ops/reviews/{id}/answer {text}: the store's answer under the review (empty removes it), audited
 * - GET /api/ops/reviews/pictures/{name}: a review's picture whatever its status, so staff judge it before approving
 *
 * A rejection deletes the review's pictures' rows in its batch and their R2 objects after it (docs/decisions/0034-reviews.md,
 * "Pictures").
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { serverLimits } from '../../config/server-limits'
import { productsChanged } from '../catalogue/page-purge'
import { consolePictureUrl, removePictures, reviewPictureStore } from '../storage/review-picture-store'
import { reviewStore } from '../storage/review-store'
import { ApiError } from './errors'
import { allowed, auditOf, olderPage, type OpsEnv } from './ops-access'
import { servePicture } from './review-pictures'
import { validate } from './validate'

const listQuery = type({ 'status?': "'pending' | 'approved' | 'rejected'", 'before?': /^\d{1,12}$/ })
const idParam = type({ id: /^\d{1,12}$/ })
const reasonBody = type({ reason: `0 < string <= ${serverLimits.reviews.answerMax}` })
const answerBody = type({ text: `string <= ${serverLimits.reviews.answerMax}` })

/** The review named by the path, or a 404. */
async function reviewOf(env: Env, id: string) {
  const review = await reviewStore(env.DB).byId(Number(id))
  if (!review) throw new ApiError(404, 'not_found')
  return review
}

/** The product's page, its categories' listings and search show its numbers: they render again. */
async function purgeProduct(env: Env, sku: string) {
  const id = await reviewStore(env.DB).productIdOf(sku)
  if (id !== null) await productsChanged(env, [id])
}

export const opsReviewsApi = new Hono<OpsEnv>()
  .get('/ops/reviews', allowed('reviews.moderate'), validate('query', listQuery), async (c) => {
    const q = c.req.valid('query')
    const rows = await reviewStore(c.env.DB).forConsole(q.status, q.before ? Number(q.before) : undefined)
    const pictures = await reviewPictureStore(c.env.DB).of(rows.map((r) => r.id))
    const reviews = rows.map((r) => ({
      ...r,
      pictures: (pictures.get(r.id) ?? []).map((p) => ({ url: consolePictureUrl(p.key), width: p.width, height: p.height })),
    }))
    return c.json({ data: { reviews, older: olderPage(rows) } })
  })
  .get('/ops/reviews/pictures/:name', allowed('reviews.moderate'), async (c) => {
    return servePicture(c.env, c.req.param('name'), { anyStatus: true })
  })
  .post('/ops/reviews/:id/approve', allowed('reviews.moderate'), validate('param', idParam), async (c) => {
    const review = await reviewOf(c.env, c.req.valid('param').id)
    const audit = auditOf(
      c,
      'review.approve',
      { kind: 'review', id: String(review.id) },
      { before: { status: review.status }, after: { status: 'approved' } },
    )
    const { changed } = await reviewStore(c.env.DB).moderate(review, 'approved', null, audit)
    if (changed) await purgeProduct(c.env, review.sku)
    return c.json({ data: { outcome: changed ? 'done' : 'already', status: 'approved' } })
  })
  .post('/ops/reviews/:id/reject', allowed('reviews.moderate'), validate('param', idParam), validate('json', reasonBody), async (c) => {
    const review = await reviewOf(c.env, c.req.valid('param').id)
    const reason = c.req.valid('json').reason.trim()
    const audit = auditOf(
      c,
      'review.reject',
      { kind: 'review', id: String(review.id) },
      { before: { status: review.status }, after: { status: 'rejected', reason } },
    )
    const { changed, pictureKeys } = await reviewStore(c.env.DB).moderate(review, 'rejected', reason, audit)
    // After the batch has committed: a failure here leaves objects no row names, never a row naming no object.
    await removePictures(c.env.REVIEW_PICTURES, pictureKeys)
    if (changed && review.status === 'approved') await purgeProduct(c.env, review.sku)
    return c.json({ data: { outcome: changed ? 'done' : 'already', status: 'rejected' } })
  })
  .post('/ops/reviews/:id/answer', allowed('reviews.moderate'), validate('param', idParam), validate('json', answerBody), async (c) => {
    const review = await reviewOf(c.env, c.req.valid('param').id)
    const text = c.req.valid('json').text.trim()
    await reviewStore(c.env.DB).answer(
      review.id,
      text,
      auditOf(c, 'review.answer', { kind: 'review', id: String(review.id) }, { before: review.answer, after: text }),
    )
    if (review.status === 'approved') await purgeProduct(c.env, review.sku)
    return c.json({ data: { answer: text || null } })
  })
