// Reviews from verified buyers (docs/product.md, "Reviews"; docs/decisions/0034-reviews.md): the buyer is asked once
// per order, the link is the order's alone, one review per product per order, nothing shows before approval, and a
// product's numbers stay exact through approvals and rejections; votes once per session, a few an hour per address.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { productStore } from '~/storage/product-store'
import { newIp } from './commerce-helpers'
import { asOperator, messagesTo, paidOrder } from './order-helpers'

type Json = any

async function api(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await SELF.fetch(`https://matjar.test/api${path}`, {
    method,
    headers: { 'cf-connecting-ip': headers.ip ?? newIp(), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Json }
}

/** A paid order of a product without the demo catalogue's reviews, prepared, shipped and delivered by the operator. */
async function deliveredOrder(from: string) {
  const { phone, sku, order } = await paidOrder('card', `${from} AND p.sku NOT IN (SELECT sku FROM reviews)`)
  for (const [step, body] of [
    ['prepare', undefined],
    ['ship', { courier: 'aramex', tracking_number: `44${Math.floor(Math.random() * 1e9)}` }],
    ['deliver', undefined],
  ] as const)
    expect((await asOperator('POST', `/orders/${order.increment_id}/${step}`, body)).body.data.outcome).toBe('done')
  return { phone, sku, number: order.increment_id, orderId: order.order_id }
}

/** The review link from the buyer's SMS. */
async function linkOf(phone: string) {
  const sms = (await messagesTo(phone)).filter((text) => text.includes('/review?'))
  const url = new URL(/https:\/\/\S+/.exec(sms.at(-1) ?? '')![0])
  return { sms, order: url.searchParams.get('order')!, sig: url.searchParams.get('sig')! }
}

const review = (link: { order: string; sig: string }, sku: string, stars: number, text = 'The battery lasts two days and the screen is bright.') =>
  api('POST', '/reviews', { order: link.order, sig: link.sig, sku, stars, title: 'Worth it', text })

const shown = async (sku: string, query = '') => (await api('GET', `/reviews/product/${sku}${query}`)).body.data

describe('the review request', () => {
  it('is sent once per order, by SMS, with a link signed for the order, however often the order is delivered', async () => {
    const { phone, number, orderId } = await deliveredOrder('p.entity_id > 1300')
    expect((await asOperator('POST', `/orders/${number}/deliver`)).body.data.outcome).toBe('already')
    const { askForReviews } = await import('~/commerce/review-requests')
    await askForReviews(env, orderId)
    const link = await linkOf(phone.international)
    expect(link.sms).toHaveLength(1)
    expect(link.sms[0]).toContain(`how was your order ${number}?`)
    expect(link.order).toBe(number)
    // By the buyer's channel only: an order with a mobile gets no review email.
    const emails = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE channel = 'email' AND body LIKE ?")
      .bind(`%/review?order=${number}%`)
      .first('n')
    expect(emails).toBe(0)
  })

  it('refuses a forged link, another order with this link, and a spent one, each with its message', async () => {
    const mine = await deliveredOrder('p.entity_id > 1320')
    const theirs = await deliveredOrder('p.entity_id > 1340')
    const link = await linkOf(mine.phone.international)

    const opened = await api('GET', `/reviews/order?order=${link.order}&sig=${link.sig}&lang=en`)
    expect(opened.status).toBe(200)
    expect(opened.body.data.products).toEqual([expect.objectContaining({ sku: mine.sku, reviewed: false })])

    const forged = await api('GET', `/reviews/order?order=${link.order}&sig=${'A'.repeat(43)}&lang=ar`)
    expect(forged.status).toBe(403)
    expect(forged.body.error).toMatchObject({ code: 'review_link_invalid', message: expect.stringContaining('رابط التقييم') })
    const other = await api('GET', `/reviews/order?order=${theirs.number}&sig=${link.sig}&lang=en`)
    expect(other.status).toBe(403)
    expect((await review({ order: theirs.number, sig: link.sig }, theirs.sku, 5)).status).toBe(403)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM reviews WHERE order_id = ?').bind(theirs.orderId).first('n')).toBe(0)

    expect((await review(link, mine.sku, 4)).status).toBe(200)
    const again = await review(link, mine.sku, 1)
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('review_done')
    const spent = await api('GET', `/reviews/order?order=${link.order}&sig=${link.sig}&lang=en`)
    expect(spent.status).toBe(409)
    expect(spent.body.error.message).toBe('You have already reviewed this from this order. Thank you.')
  })

  it('keeps one review per product per order in the table itself, whatever the code does', async () => {
    const { sku, orderId } = await deliveredOrder('p.entity_id > 1360')
    const insert = () =>
      env.DB.prepare(
        "INSERT INTO reviews (sku, order_id, line, author, stars, title, body, locale, created_at) VALUES (?, ?, 1, 'N', 5, 't', 'text text text', 'en', 'now')",
      )
        .bind(sku, orderId)
        .run()
    await insert()
    await expect(insert()).rejects.toThrow(/UNIQUE/)
  })

  it('refuses a review of an order not delivered yet', async () => {
    const { order, sku } = await paidOrder('card', 'p.entity_id > 1380')
    const { orderSignature } = await import('~/commerce/sandbox-link')
    const sig = await orderSignature(env, order.increment_id, 'review')
    expect((await review({ order: order.increment_id, sig }, sku, 5)).status).toBe(403)
  })
})

describe('moderation and what the product page shows', () => {
  it('shows a review only once approved, with exact numbers through approvals and rejections, held ones marked', async () => {
    const orders = [await deliveredOrder('p.entity_id > 1400')]
    const sku = orders[0]!.sku
    // Two more buyers of the same product.
    for (const from of ['p.entity_id > 1400', 'p.entity_id > 1400']) orders.push(await deliveredOrder(from))
    expect(new Set(orders.map((o) => o.sku))).toEqual(new Set([sku]))
    const links = await Promise.all(orders.map((o) => linkOf(o.phone.international)))
    expect((await review(links[0]!, sku, 5)).status).toBe(200)
    expect((await review(links[1]!, sku, 4)).status).toBe(200)
    expect((await review(links[2]!, sku, 1, 'Call me on 0551234567 for a cheaper one')).status).toBe(200)

    const before = await shown(sku)
    const mine = orders.map((o) => o.orderId)
    const queue = (await asOperator('GET', '/reviews?status=pending')).body.data.reviews.filter((r: Json) => mine.includes(r.order_id))
    expect(queue).toHaveLength(3)
    // The held one first, with why.
    expect(queue[0]).toMatchObject({ stars: 1, held: 'phone' })
    const ids = Object.fromEntries(queue.map((r: Json) => [r.stars, r.id]))

    expect((await asOperator('POST', `/reviews/${ids[5]}/approve`)).body.data.outcome).toBe('done')
    expect((await asOperator('POST', `/reviews/${ids[5]}/approve`)).body.data.outcome).toBe('already')
    expect((await asOperator('POST', `/reviews/${ids[4]}/approve`)).body.data.outcome).toBe('done')
    expect((await asOperator('POST', `/reviews/${ids[1]}/reject`, { reason: 'a phone number' })).body.data.outcome).toBe('done')
    // Nothing showed before approval; another test's reviews of this product may be there already.
    expect(before.reviews.filter((r: Json) => ids[5] === r.id || ids[4] === r.id)).toEqual([])
    let page = await shown(sku)
    expect(before.totals.count).toBe(0)
    expect(page.totals).toEqual({ count: 2, average: 4.5, by: [0, 0, 0, 1, 1] })
    // As helpful as each other (none yet): the newest first.
    expect(page.reviews.map((r: Json) => r.stars)).toEqual([4, 5])
    expect(page.reviews[1]).toMatchObject({ verified: true, title: 'Worth it' })

    // Rejecting an approved one takes it off the page and out of the numbers; the answer shows under its review.
    await asOperator('POST', `/reviews/${ids[4]}/answer`, { text: 'Thank you, glad it suits you.' })
    await asOperator('POST', `/reviews/${ids[5]}/reject`, { reason: 'changed our mind' })
    page = await shown(sku)
    expect(page.totals).toEqual({ count: 1, average: 4, by: [0, 0, 0, 1, 0] })
    expect(page.reviews).toEqual([expect.objectContaining({ stars: 4, answer: 'Thank you, glad it suits you.' })])
    expect((await shown(sku, '?stars=5')).reviews).toEqual([])
    expect((await shown(sku, '?language=ar')).reviews).toEqual([])

    // A card reads the numbers with the listing's products.
    const [card] = await productStore(env.DB).summariesBySkus([sku], 'ar', 1101)
    expect(card!.rating).toEqual({ average: 4, count: 1 })

    // Each moderation wrote its audit row, and only the changes did (the second approval wrote none).
    const audited = await env.DB.prepare("SELECT action FROM audit_log WHERE subject_kind = 'review' AND subject_id IN (?, ?, ?) ORDER BY id")
      .bind(String(ids[5]), String(ids[4]), String(ids[1]))
      .all<{ action: string }>()
    expect(audited.results.map((r) => r.action)).toEqual(['review.approve', 'review.approve', 'review.reject', 'review.answer', 'review.reject'])
  })

  it('counts one helpful vote per session per review, and limits votes per address', async () => {
    const { phone, sku } = await deliveredOrder('p.entity_id > 1500')
    const link = await linkOf(phone.international)
    await review(link, sku, 5)
    const id = (await asOperator('GET', '/reviews?status=pending')).body.data.reviews.find((r: Json) => r.sku === sku).id
    // Not approved yet: nothing to vote on.
    expect((await api('POST', `/reviews/${id}/helpful`, {}, { cookie: 'mhs_en=one' })).status).toBe(409)
    await asOperator('POST', `/reviews/${id}/approve`)
    const ip = newIp()
    expect((await api('POST', `/reviews/${id}/helpful`, {}, { cookie: 'mhs_en=one', ip })).status).toBe(200)
    expect((await api('POST', `/reviews/${id}/helpful`, {}, { cookie: 'mhs_en=one', ip })).status).toBe(409)
    expect((await api('POST', `/reviews/${id}/report`, {}, { cookie: 'mhs_en=one', ip })).status).toBe(200)
    expect((await api('POST', `/reviews/${id}/helpful`, {}, { cookie: 'mhs_en=two', ip })).status).toBe(200)
    expect((await shown(sku)).reviews[0].helpful).toBe(2)
    // Past the hourly limit from one address, even new sessions wait, and nothing is counted.
    let last = 0
    for (let i = 0; i < 30; i++) last = (await api('POST', `/reviews/${id}/helpful`, {}, { cookie: `mhs_en=s${i}`, ip })).status
    expect(last).toBe(429)
    expect((await shown(sku)).reviews[0].helpful).toBe(2 + 30 - 4)
  })
})

describe('the demo catalogue', () => {
  it('ships approved reviews in both languages whose numbers are exact', async () => {
    const { results } = await env.DB.prepare(
      `SELECT t.sku, t.count, t.stars, count(r.id) AS n, sum(r.stars) AS s FROM review_totals t JOIN reviews r ON r.sku = t.sku AND r.status = 'approved'
       WHERE r.order_id IS NULL GROUP BY t.sku`,
    ).all<{ count: number; stars: number; n: number; s: number }>()
    expect(results.length).toBeGreaterThan(100)
    expect(results.filter((r) => r.count !== r.n || r.stars !== r.s)).toEqual([])
    const languages = await env.DB.prepare('SELECT locale, count(*) AS n FROM reviews WHERE order_id IS NULL GROUP BY locale').all<{
      locale: string
      n: number
    }>()
    expect(languages.results.map((r) => r.locale).sort()).toEqual(['ar', 'en'])
  })
})
