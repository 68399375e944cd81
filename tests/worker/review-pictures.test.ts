// Pictures with reviews (docs/decisions/0034-reviews.md, "Pictures"): at most 4, 5 MB each, JPEG, PNG or WebP by their
// bytes; a refused post stores nothing anywhere; what R2 holds has no metadata; a picture is served only once its
// review is approved, with headers that keep it a picture; a rejection and a closed account delete rows and objects.
import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { asText, gpsMark, jpegWithGps, pngWithText, webpWithExif } from '~/media/picture-fixtures'
import { call, lastCode, newIp, resendWaitOver } from './commerce-helpers'
import { asOperator, messagesTo, paidOrder } from './order-helpers'

type Json = any

/** A paid order of a product, prepared, shipped and delivered by the operator, by a signed-in customer. */
async function deliveredOrder(from: string) {
  const { me, phone, sku, order } = await paidOrder('card', `${from} AND p.sku NOT IN (SELECT sku FROM reviews)`)
  for (const [step, body] of [
    ['prepare', undefined],
    ['ship', { courier: 'aramex', tracking_number: `45${Math.floor(Math.random() * 1e9)}` }],
    ['deliver', undefined],
  ] as const)
    expect((await asOperator('POST', `/orders/${order.increment_id}/${step}`, body)).body.data.outcome).toBe('done')
  const sms = (await messagesTo(phone.international)).filter((text) => text.includes('/review?'))
  const url = new URL(/https:\/\/\S+/.exec(sms.at(-1) ?? '')![0])
  return { me, phone, sku, orderId: order.order_id, link: { order: url.searchParams.get('order')!, sig: url.searchParams.get('sig')! } }
}

type Picture = { bytes: Uint8Array; name: string; type: string }

/** Posts a review as the form does: its fields and the pictures, in multipart. */
async function postWithPictures(link: { order: string; sig: string }, sku: string, pictures: Picture[], ip = newIp()) {
  const form = new FormData()
  for (const [name, value] of Object.entries({
    ...link,
    sku,
    stars: '5',
    title: 'Looks like this',
    text: 'Here is how it looks at home, in daylight.',
  }))
    form.set(name, value)
  for (const p of pictures) form.append('pictures', new File([p.bytes as Uint8Array<ArrayBuffer>], p.name, { type: p.type }))
  const response = await SELF.fetch('https://matjar.test/api/reviews?lang=en', { method: 'POST', headers: { 'cf-connecting-ip': ip }, body: form })
  return { status: response.status, body: (await response.json()) as Json }
}

const jpeg = (): Picture => ({ bytes: jpegWithGps().bytes, name: 'IMG_0001.jpg', type: 'image/jpeg' })
const stored = async () => (await env.REVIEW_PICTURES.list({ prefix: 'reviews/' })).objects.map((o) => o.key)
const rowsOf = (orderId: number) =>
  env.DB.prepare('SELECT p.* FROM review_pictures p JOIN reviews r ON r.id = p.review_id WHERE r.order_id = ? ORDER BY p.position')
    .bind(orderId)
    .all<{ review_id: number; key: string; content_type: string; bytes: number; width: number; height: number; position: number }>()
    .then((r) => r.results)
const reviewsOf = (orderId: number) => env.DB.prepare('SELECT count(*) AS n FROM reviews WHERE order_id = ?').bind(orderId).first('n')
const get = (path: string) => SELF.fetch(`https://matjar.test${path}`)

describe('the upload', () => {
  it('refuses a 5th picture, one over 5 MB, and a GIF or HTML named .jpg, storing nothing in R2 or D1', async () => {
    const { sku, orderId, link } = await deliveredOrder('p.entity_id > 1000')
    const before = await stored()
    const big = new Uint8Array(5 * 1024 * 1024 + 1)
    big.set(jpegWithGps().bytes)
    const gif = new Uint8Array(Array.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', (c) => c.charCodeAt(0)))
    const html = new TextEncoder().encode('<!doctype html><script>alert(document.cookie)</script>')
    const refusals: [Picture[], number, string, string][] = [
      [[jpeg(), jpeg(), jpeg(), jpeg(), jpeg()], 400, 'review_pictures_too_many', 'Attach at most 4 pictures to a review.'],
      [[jpeg(), { bytes: big, name: 'big.jpg', type: 'image/jpeg' }], 413, 'review_picture_too_large', 'Each picture can be at most 5 MB.'],
      [[{ bytes: gif, name: 'cat.jpg', type: 'image/jpeg' }], 415, 'review_picture_type', 'Pictures must be JPEG, PNG or WebP.'],
      [[jpeg(), { bytes: html, name: 'photo.jpg', type: 'image/jpeg' }], 415, 'review_picture_type', 'Pictures must be JPEG, PNG or WebP.'],
    ]
    for (const [pictures, status, code, message] of refusals) {
      const refused = await postWithPictures(link, sku, pictures)
      expect(refused.status).toBe(status)
      expect(refused.body.error).toMatchObject({ code, message })
    }
    expect(await stored()).toEqual(before)
    expect(await reviewsOf(orderId)).toBe(0)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM review_pictures').first('n')).toBe(before.length)

    // A forged link with good pictures: refused before any picture is read or kept.
    expect((await postWithPictures({ ...link, sig: 'A'.repeat(43) }, sku, [jpeg()])).status).toBe(403)
    expect(await stored()).toEqual(before)

    // Four good ones are taken.
    expect((await postWithPictures(link, sku, [jpeg(), jpeg(), jpeg(), jpeg()])).status).toBe(200)
    expect(await rowsOf(orderId)).toHaveLength(4)
  })

  it('keeps in R2 only the stripped bytes, typed by their content, with their size; a second review from the link stores nothing', async () => {
    const { sku, orderId, link } = await deliveredOrder('p.entity_id > 1050')
    const pictures: Picture[] = [
      { bytes: jpegWithGps({ width: 800, height: 600 }).bytes, name: 'a.png', type: 'image/png' },
      { bytes: pngWithText({ width: 640, height: 640 }).bytes, name: 'b.jpg', type: 'image/jpeg' },
      { bytes: webpWithExif({ width: 1024, height: 768 }).bytes, name: 'c', type: '' },
    ]
    expect((await postWithPictures(link, sku, pictures)).status).toBe(200)
    const rows = await rowsOf(orderId)
    expect(rows.map((r) => [r.content_type, r.width, r.height, r.position])).toEqual([
      ['image/jpeg', 800, 600, 0],
      ['image/png', 640, 640, 1],
      ['image/webp', 1024, 768, 2],
    ])
    for (const row of rows) {
      expect(row.key).toMatch(/^reviews\/[0-9a-f-]{36}\.(jpg|png|webp)$/)
      const object = await env.REVIEW_PICTURES.get(row.key)
      const bytes = new Uint8Array(await object!.arrayBuffer())
      expect(bytes.length).toBe(row.bytes)
      expect(object!.httpMetadata?.contentType).toBe(row.content_type)
      expect(asText(bytes)).not.toContain(gpsMark)
      expect(asText(bytes)).not.toMatch(/Exif|eXIf|tEXt|EXIF|XMP /)
    }
    const before = await stored()
    const again = await postWithPictures(link, sku, [jpeg()])
    expect(again.status).toBe(409)
    expect(await stored()).toEqual(before)
  })
})

describe('serving and deleting', () => {
  it('serves a picture only once its review is approved, with headers that keep it a picture; a rejection deletes it', async () => {
    const { sku, orderId, link } = await deliveredOrder('p.entity_id > 1100')
    expect((await postWithPictures(link, sku, [jpeg(), { bytes: pngWithText().bytes, name: 'b.png', type: 'image/png' }])).status).toBe(200)
    const rows = await rowsOf(orderId)
    const path = (key: string) => `/api/reviews/pictures/${key.slice('reviews/'.length)}`

    // Pending: the same 404 as a picture that never was.
    const pending = await get(path(rows[0]!.key))
    const missing = await get(path(`reviews/${crypto.randomUUID()}.jpg`))
    expect([pending.status, missing.status]).toEqual([404, 404])
    const withoutRequest = async (r: Response) => ({ ...((await r.json()) as Json).error, requestId: undefined })
    expect(await withoutRequest(pending)).toEqual(await withoutRequest(missing))
    expect((await get('/api/reviews/pictures/..%2F..%2Fimports%2F1%2Fproducts.csv')).status).toBe(404)
    // The console sees it before approving, with the list.
    const queue = (await asOperator('GET', '/reviews?status=pending')).body.data.reviews
    const listed = queue.find((r: Json) => r.id === rows[0]!.review_id)
    expect(listed.pictures).toEqual(rows.map((r) => ({ url: `/api/ops${path(r.key).slice('/api'.length)}`, width: 40, height: 30 })))

    await asOperator('POST', `/reviews/${rows[0]!.review_id}/approve`)
    const served = await get(path(rows[0]!.key))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="[0-9a-f-]{36}\.jpg"$/)
    expect(served.headers.get('content-security-policy')).toContain('sandbox')
    const bytes = new Uint8Array(await served.arrayBuffer())
    expect(asText(bytes)).not.toContain(gpsMark)
    expect((await get(path(rows[1]!.key))).headers.get('content-type')).toBe('image/png')
    // The product page's list names them.
    const page = (await (await get(`/api/reviews/product/${sku}`)).json()) as Json
    const mine = page.data.reviews.find((r: Json) => r.id === rows[0]!.review_id)
    // Without the zone's resizing (IMAGE_TRANSFORMATIONS unset here) the thumbnail is the picture itself.
    expect(mine.pictures).toEqual(rows.map((r) => ({ url: path(r.key), thumb: path(r.key), width: 40, height: 30 })))

    await asOperator('POST', `/reviews/${rows[0]!.review_id}/reject`, { reason: 'a face in the picture' })
    expect(await rowsOf(orderId)).toEqual([])
    for (const row of rows) expect(await env.REVIEW_PICTURES.head(row.key)).toBeNull()
    expect((await get(path(rows[0]!.key))).status).toBe(404)
  })

  it('deletes an account’s review pictures, rows and objects, when the account is closed; the review stays', async () => {
    const { me, phone, sku, orderId, link } = await deliveredOrder('p.entity_id > 1150')
    expect((await postWithPictures(link, sku, [jpeg(), jpeg()])).status).toBe(200)
    const rows = await rowsOf(orderId)
    await asOperator('POST', `/reviews/${rows[0]!.review_id}/approve`)
    expect(rows).toHaveLength(2)

    await resendWaitOver(phone.international)
    expect((await call(me, 'POST', '/customer/me/close/code', {})).status).toBe(200)
    const closed = await call(me, 'POST', '/customer/me/close', { otpcode: await lastCode(phone.international) })
    expect(closed.status).toBe(200)

    expect(await env.DB.prepare('SELECT count(*) AS n FROM review_pictures WHERE review_id = ?').bind(rows[0]!.review_id).first('n')).toBe(0)
    for (const row of rows) expect(await env.REVIEW_PICTURES.head(row.key)).toBeNull()
    expect(await env.DB.prepare('SELECT author, customer_id FROM reviews WHERE id = ?').bind(rows[0]!.review_id).first()).toEqual({
      author: '',
      customer_id: null,
    })
  })
})
