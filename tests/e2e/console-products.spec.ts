// The console's products (docs/product.md, "The merchant console"): a catalogue member, in Arabic on a phone, finds a
// product by its SKU and puts it on sale for the weekend (a window in Riyadh time around now); a shopper's next view
// of the product page shows the sale price.
import { readFileSync } from 'node:fs'
import { Secret, TOTP } from 'otpauth'
import { formatAmount } from '../../src/domain/money'
import { expect, phone, test } from './fixtures'

const token = () => /^OPS_TOKEN=(.+)$/m.exec(readFileSync(new URL('../../.dev.vars', import.meta.url), 'utf8'))![1]!.trim()
const appCode = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate()

/** A day and time in Riyadh (UTC+3) as a datetime-local field takes it, `days` from today at `time`. */
function riyadhAt(days: number, time: string): string {
  const riyadhToday = new Date(Date.now() + 3 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)
  return `${riyadhToday}T${time}`
}

test.describe('a sale for the weekend, on a warehouse phone in Arabic', () => {
  test.use({ viewport: phone })

  test('a catalogue member puts a product on sale, and the shopper then sees the sale price', async ({ page, browser, request }) => {
    test.slow()
    // A product in stock, with no sale now, and its page, as a shopper finds it.
    const listing = await (await request.get('/headphones')).text()
    let product: { path: string; sku: string } | undefined
    for (const [, path] of listing.matchAll(/href="(\/product\/[^"]+)"/g)) {
      const html = await (await request.get(path!)).text()
      const sku = /<bdi dir="ltr">([A-Z]+-\d+)<\/bdi>/.exec(html)?.[1]
      if (sku && !html.includes('<s ')) {
        product = { path: path!, sku }
        break
      }
    }
    expect(product).toBeDefined()

    // A catalogue member joins (over the API, in the page's own cookies).
    const invited = await request.post('/api/ops/staff/invite', {
      headers: { authorization: `Bearer ${token()}` },
      data: { email: `catalogue-${Date.now()}@matjar.test`, role: 'catalogue' },
    })
    const invite = new URL((await invited.json()).data.link as string).searchParams.get('invite')!
    const enrolment = (await (await page.request.get(`/api/ops/join?invite=${invite}`)).json()).data
    const joined = await page.request.post('/api/ops/join', {
      data: { invite, enrolment: enrolment.enrolment, name: 'لمى الحربي', password: 'catalogue desk passphrase', code: appCode(enrolment.secret) },
    })
    expect(joined.status()).toBe(200)

    // The console's first page is the orders', not theirs: they start at their own first section, with no refusal.
    await page.goto('/ops')
    await expect(page).toHaveURL(/\/ops\/products$/)
    await page.getByRole('searchbox', { name: 'رمز المنتج أو اسمه' }).fill(product!.sku)
    await page.getByRole('button', { name: 'بحث' }).click()
    await page.getByRole('list', { name: 'المنتجات' }).getByRole('link').filter({ hasText: product!.sku }).click()

    const price = Number(await page.getByRole('textbox', { name: 'السعر', exact: true }).inputValue())
    const sale = Math.floor(price * 0.8)
    await page.getByRole('textbox', { name: 'سعر التخفيض' }).fill(String(sale))
    // From yesterday's midnight to the end of tomorrow, Riyadh time: the weekend the member is in.
    await page.getByLabel('يبدأ التخفيض').fill(riyadhAt(-1, '00:00'))
    await page.getByLabel('ينتهي التخفيض').fill(riyadhAt(1, '23:59'))
    await page.getByRole('button', { name: 'حفظ', exact: true }).click()
    await expect(page.getByRole('status')).toHaveText('تم الحفظ. سيرى المتسوقون التغيير في زيارتهم التالية.')
    await expect(page.getByText(/آخر تعديل: لمى الحربي/)).toBeVisible()

    // A shopper, in a browser of their own, opens the product page.
    const shopper = await browser.newContext({ viewport: phone, locale: 'ar-SA' })
    const shopperPage = await shopper.newPage()
    await shopperPage.goto(product!.path)
    await expect(shopperPage.getByRole('main')).toContainText(formatAmount(sale, 0))
    await expect(shopperPage.getByRole('main').locator('s').first()).toContainText(formatAmount(price, 0))
    await shopper.close()
  })
})
