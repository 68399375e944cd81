// Reviews from verified buyers (docs/product.md, "Reviews"), in Arabic on a phone: a buyer whose order was delivered
// reviews the product from the link in the delivery's message, with a photo; staff approve it through the console's
// route; a shopper then sees the stars on the product's card, and the review with the photo's thumbnail on its page.
import { readFileSync } from 'node:fs'
import { acceptCookies, apiCheckoutDetails, expect, lastCode, newMobile, operatorStep, phone, test } from './fixtures'
import { storeBase } from './browser'

type Request = import('@playwright/test').APIRequestContext

const token = () => /^OPS_TOKEN=(.+)$/m.exec(readFileSync(new URL('../../.dev.vars', import.meta.url), 'utf8'))![1]!.trim()

/** A product in stock in Riyadh with no reviews yet, from a listing's first page: its SKU and its page. */
async function unreviewedProduct(request: Request, listing: string) {
  const html = await (await request.get(`/en${listing}`)).text()
  for (const [, path] of html.matchAll(/href="\/en(\/product\/[^"]+)"/g)) {
    const page = await (await request.get(`/en${path!}`)).text()
    const sku = page.includes('In stock') && page.includes('No reviews yet') ? /SKU: <bdi dir="ltr">([A-Z]+-\d+)<\/bdi>/.exec(page)?.[1] : undefined
    if (sku) return { sku, path: path! }
  }
  throw new Error(`no unreviewed product in stock on ${listing}`)
}

/** A guest's cash order of `sku` placed in Arabic over the Direct API, its mobile verified. */
async function cashOrder(request: Request, sku: string) {
  const { token: handshake } = await (await request.post('/commerce/handshake', { data: { store: 'ar' } })).json()
  const headers = { authorization: `Bearer ${handshake}` }
  const { quoteId } = await (await request.get('/commerce/cart/create?region=1101', { headers })).json()
  const withQuote = { ...headers, quote: quoteId }
  const added = await request.post('/commerce/cart/add', { headers: withQuote, data: { sku, qty: 1, extension_attributes: { region: '1101' } } })
  expect(added.status(), await added.text()).toBe(200)
  const buyer = newMobile('058')
  await request.post('/commerce/cart/telephone', { headers: { ...withQuote, recaptcha: 'Bearer test-pass' }, data: { mobilenumber: buyer.local } })
  const otpcode = await lastCode(request, buyer.international)
  expect((await request.post('/commerce/cart/verify-mobile', { headers: withQuote, data: { mobilenumber: buyer.local, otpcode } })).status()).toBe(
    200,
  )
  const checkout = await apiCheckoutDetails(request, withQuote, { name: 'نورة القحطاني', email: 'noura.reviews@example.com', mobile: buyer.local })
  const placed = await request.post('/commerce/cart/placeOrder', {
    headers: withQuote,
    data: { checkout, paymentMethod: { method: 'cashondelivery' } },
  })
  expect(placed.status(), await placed.text()).toBe(200)
  return { number: (await placed.json()).increment_id as string, buyer }
}

/**
 * A real JPEG from the browser's own encoder, with an EXIF segment holding a GPS position spliced in after its start
 * marker, as a phone's photo has: the store must strip it and still serve a picture the browser decodes.
 */
async function photoWithGps(page: import('@playwright/test').Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 320
    canvas.height = 240
    const context = canvas.getContext('2d')!
    const gradient = context.createLinearGradient(0, 0, 320, 240)
    gradient.addColorStop(0, '#0a7d5a')
    gradient.addColorStop(1, '#f5a623')
    context.fillStyle = gradient
    context.fillRect(0, 0, 320, 240)
    return canvas.toDataURL('image/jpeg', 0.8)
  })
  const jpeg = Buffer.from(dataUrl.split(',')[1]!, 'base64')
  const exif = Buffer.from('Exif\0\0MM\0*GPS 24.7136N 46.6753E', 'latin1')
  const segment = Buffer.concat([Buffer.from([0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 0xff]), exif])
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)])
}

/** The review link in the buyer's messages (the development outbox), once it has arrived. */
async function reviewLink(request: Request, recipient: string): Promise<string> {
  const { token: handshake } = await (await request.post('/commerce/handshake', { data: { store: 'ar' } })).json()
  const read = async () =>
    (
      (await (await request.get(`/commerce/dev/outbox?recipient=${recipient}`, { headers: { authorization: `Bearer ${handshake}` } })).json()) as {
        messages: { body: string }[]
      }
    ).messages.find((message) => message.body.includes('/review?'))
  await expect.poll(async () => Boolean(await read())).toBe(true)
  const url = new URL(/https?:\/\/\S+/.exec((await read())!.body)![0])
  return `${url.pathname}${url.search}`
}

test.describe('a buyer in Arabic on a phone', () => {
  // The spent link's read answers 409, which the browser logs.
  test.use({ viewport: phone, allowConsoleErrors: [/status of 409/] })

  test('reviews a delivered product from the link; after approval a shopper sees the stars and the review', async ({ page, request, browser }) => {
    test.slow()
    const product = await unreviewedProduct(request, '/headphones')
    const { number, buyer } = await cashOrder(request, product.sku)
    for (const step of ['confirm', 'prepare']) await operatorStep(request, number, step)
    await operatorStep(request, number, 'ship', { courier: 'aramex', tracking_number: `44${Date.now() % 1e9}` })
    await operatorStep(request, number, 'deliver')

    await acceptCookies(page)
    await page.goto(await reviewLink(request, buyer.international))
    await expect(page.getByRole('heading', { level: 1, name: 'قيّم طلبك' })).toBeVisible()
    await page.getByRole('radio', { name: '5 نجوم' }).check({ force: true })
    const title = `سماعة ممتازة ${Date.now() % 100000}`
    await page.getByRole('textbox', { name: 'العنوان' }).fill(title)
    await page.getByRole('textbox', { name: 'رأيك' }).fill('العزل ممتاز والبطارية تكفي أسبوع، وصلتني خلال يومين')
    await page.getByLabel('أضف صورًا').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await photoWithGps(page) })
    await expect(page.getByRole('img', { name: 'الصورة المختارة 1' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'احذف الصورة 1' })).toBeVisible()
    await page.getByRole('button', { name: 'أرسل التقييم' }).click()
    await expect(page.getByText('شكرًا لك! يظهر تقييمك بعد مراجعته.')).toBeVisible()
    // The same link again: every product reviewed, it says so.
    await page.reload()
    await expect(page.getByText('قيّمت هذا من هذا الطلب من قبل. شكرًا لك.')).toBeVisible()

    // Staff approve it (the console's route, with the operator's token).
    const auth = { authorization: `Bearer ${token()}` }
    const pending = (await (await request.get('/api/ops/reviews?status=pending', { headers: auth })).json()).data.reviews as {
      id: number
      title: string
    }[]
    const mine = pending.find((review) => review.title === title)!
    expect((await request.post(`/api/ops/reviews/${mine.id}/approve`, { headers: auth })).status()).toBe(200)

    // Another shopper: the card shows the stars and the count, the page the review.
    const shopper = await browser.newPage({ viewport: phone })
    await acceptCookies(shopper)
    await shopper.context().addCookies([{ name: 'region_id', value: '1101', url: storeBase }])
    await shopper.goto('/headphones')
    const card = shopper
      .locator('article')
      .filter({ has: shopper.locator(`a[href="${product.path}"]`) })
      .first()
    await expect(card.getByRole('img', { name: 'التقييم 5.0 من 5' })).toBeVisible()
    await expect(card.getByText('تقييم واحد')).toBeVisible()
    await shopper.goto(product.path)
    await expect(shopper.getByRole('heading', { name: 'التقييمات والمراجعات' })).toBeVisible()
    await expect(shopper.getByRole('heading', { name: title })).toBeVisible()
    await expect(shopper.getByText('شراء موثّق')).toBeVisible()
    // The photo, as a thumbnail the browser decoded (stripping left a valid JPEG), linking to the full picture.
    const thumbnail = shopper.getByRole('img', { name: 'صورة من المشتري 1' })
    await thumbnail.scrollIntoViewIfNeeded()
    await expect(thumbnail).toBeVisible()
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320)
    const full = await shopper.getByRole('link').filter({ has: thumbnail }).getAttribute('href')
    const served = await request.get(full!)
    expect(served.headers()['content-type']).toBe('image/jpeg')
    expect((await served.body()).toString('latin1')).not.toContain('GPS 24.7136N')
    await shopper.close()
  })
})
