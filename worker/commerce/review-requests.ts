/**
 * Asking a buyer for reviews and taking them (docs/product.md, "Reviews"; docs/decisions/0034-reviews.md).
 *
 * When an order is delivered or collected (worker/commerce/fulfilment.ts), its buyer is asked once, by the channel
 * they use (SMS to the order's mobile, else email), with a link signed for the order (worker/commerce/sandbox-link.ts,
 * purpose `review`): the link opens /review, which lists the order's products to rate. A link whose signature is not
 * the order's (forged, or edited to another buyer's order), an order not delivered yet, or a product already reviewed
 * from the order is refused with a message that says so; one review per product per order is the table's constraint.
 */
import { appConfig, type Locale } from '../../app.config'
import { authorName, heldFor, reviewLanguage } from '../../src/domain/reviews'
import { messageSender } from '../integrations/messaging'
import type { CleanPicture } from '../media/picture-metadata'
import { orderStore, type OrderDetailRow } from '../storage/order-store'
import { putPictures, removePictures, withKeys } from '../storage/review-picture-store'
import { reviewStore } from '../storage/review-store'
import { isOrderSignature, orderSignature } from './sandbox-link'

/** The review page's address for an order, signed for it. */
export async function reviewLink(env: Env, increment: string, locale: Locale): Promise<string> {
  const origin = (env.STORE_ORIGIN || appConfig.store.canonicalOrigin).replace(/\/+$/, '')
  return `${origin}${locale === 'en' ? '/en' : ''}/review?order=${increment}&sig=${await orderSignature(env, increment, 'review')}`
}

/**
 * Asks the buyer of a delivered order for reviews, once: the message's key is the order's, so a second delivery step,
 * a retry or a collection after it sends nothing more. Never throws: a message that cannot be sent is logged.
 */
export async function askForReviews(env: Env, orderId: number): Promise<void> {
  try {
    const row = await orderStore(env.DB).detail(orderId)
    if (!row) return
    const locale: Locale = row.locale === 'en' ? 'en' : 'ar'
    const channel = row.phone ? 'sms' : 'email'
    const to = row.phone ?? row.email
    const words = { number: row.increment_id, link: await reviewLink(env, row.increment_id, locale) }
    await messageSender(env).send({
      channel,
      to,
      template: 'review_request',
      words,
      locale,
      key: `order-${orderId}-review_request-${channel}`,
      keep: true,
    })
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', message: 'review request not sent', orderId, error: String(error) }))
  }
}

export type LinkRefusal = 'review_link_invalid' | 'review_not_yours'

/** What a review link opens: the order and its products, or why not. */
export type OpenedLink = { refused: LinkRefusal } | { order: OrderDetailRow }

/**
 * The order a review link names, when its signature is the order's, the order was delivered or collected, and the
 * shopper (when signed in) is its buyer.
 */
export async function openReviewLink(env: Env, increment: string, sig: string, customerId: number | null): Promise<OpenedLink> {
  if (!(await isOrderSignature(env, increment, sig, 'review'))) return { refused: 'review_link_invalid' }
  const orders = orderStore(env.DB)
  const found = await orders.byIncrement(increment)
  const order = found && (await orders.detail(found.id))
  if (!order || !order.events.some((e) => e.status === 'delivered')) return { refused: 'review_link_invalid' }
  if (customerId !== null && order.customer_id !== null && order.customer_id !== customerId) return { refused: 'review_not_yours' }
  return { order }
}

export interface Submitted {
  sku: string
  stars: number
  title: string
  text: string
  locale?: Locale
}

/**
 * Takes one review of a product of the order: 'added', 'done' (already reviewed from it) or 'not_in_order'. Its
 * pictures (checked and stripped already, worker/media/picture-metadata.ts) go to R2 before the review's batch and
 * are removed again when the review does not land, so a refused review leaves nothing behind
 * (docs/decisions/0034-reviews.md, "Pictures").
 */
export async function submitReview(
  env: Env,
  order: OrderDetailRow,
  review: Submitted,
  page: Locale,
  pictures: CleanPicture[] = [],
  now = new Date(),
) {
  const store = reviewStore(env.DB)
  const line = (await store.orderLines(order.id)).find((l) => l.sku === review.sku)
  if (!line) return 'not_in_order' as const
  if (line.reviewed) return 'done' as const
  const title = review.title.trim()
  const text = review.text.trim()
  const stored = withKeys(pictures)
  await putPictures(env.REVIEW_PICTURES, stored)
  const added = await store
    .add(
      {
        sku: review.sku,
        orderId: order.id,
        line: line.line,
        customerId: order.customer_id,
        author: authorName(order.customer_name),
        stars: review.stars,
        title,
        body: text,
        locale: review.locale ?? reviewLanguage(`${title} ${text}`, page),
        held: heldFor(`${title}\n${text}`),
      },
      now,
      stored,
    )
    .catch(async (error: unknown) => {
      await removePictures(
        env.REVIEW_PICTURES,
        stored.map((p) => p.key),
      )
      throw error
    })
  if (!added)
    await removePictures(
      env.REVIEW_PICTURES,
      stored.map((p) => p.key),
    )
  return added ? ('added' as const) : ('done' as const)
}
