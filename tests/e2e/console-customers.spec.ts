// Customers in the console (docs/product.md, "The merchant console"): a support member on a warehouse phone, in
// Arabic, finds a customer by the mobile typed in Arabic digits and opens their page.
import { readFileSync } from 'node:fs'
import { Secret, TOTP } from 'otpauth'
import { expect, newMobile, phone, registeredCustomer, test } from './fixtures'

const token = () => /^OPS_TOKEN=(.+)$/m.exec(readFileSync(new URL('../../.dev.vars', import.meta.url), 'utf8'))![1]!.trim()
const appCode = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() })
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!)

test.describe('customers on a warehouse phone, in Arabic', () => {
  // The second code is refused with 429, as the shopper's would be: the browser logs it.
  test.use({ viewport: phone, allowConsoleErrors: [/status of 429/] })

  test('support finds a customer by the mobile typed in Arabic digits and opens their page', async ({ page, request }) => {
    const buyer = newMobile('055')
    await registeredCustomer(request, buyer, { first: 'Huda', last: 'Alzahrani' })
    // A support member invited from the terminal, joined through the API in this browser.
    const email = `support-${Date.now()}@matjar.test`
    const invited = await request.post('/api/ops/staff/invite', { headers: { authorization: `Bearer ${token()}` }, data: { email, role: 'support' } })
    const invite = new URL((await invited.json()).data.link as string).searchParams.get('invite')!
    const enrolment = (await (await page.request.get(`/api/ops/join?invite=${invite}`)).json()).data
    const joined = await page.request.post('/api/ops/join', {
      data: { invite, enrolment: enrolment.enrolment, name: 'ريم الحربي', password: 'support long passphrase', code: appCode(enrolment.secret) },
    })
    expect(joined.status()).toBe(200)

    await page.goto('/ops/customers')
    await expect(page.getByRole('heading', { level: 1, name: 'العملاء' })).toBeVisible()
    await page.getByRole('searchbox', { name: 'الجوال أو البريد أو الاسم' }).fill(arabicDigits(buyer.local))
    await page.getByRole('button', { name: 'بحث', exact: true }).click()
    const found = page.getByRole('list', { name: 'العملاء' }).getByRole('link')
    await expect(found).toHaveCount(1)
    await expect(found).toContainText('Huda Alzahrani')
    await found.click()
    await expect(page.getByRole('heading', { level: 1, name: 'Huda Alzahrani' })).toBeVisible()
    await expect(page.getByRole('link', { name: buyer.local })).toHaveAttribute('href', `tel:+966${buyer.local.slice(1)}`)
    const sendCode = page.getByRole('button', { name: 'إرسال رمز دخول' })
    await sendCode.click()
    await expect(page.getByRole('status')).toHaveText(`رمز الدخول في طريقه إلى ${buyer.local}.`)
    // A second press at once: the shopper's own one-a-minute wait holds for support too.
    await sendCode.click()
    await expect(page.getByRole('alert')).toHaveText('أُرسل رمز قبل لحظات، أو بلغت الرموز حدها لهذه الساعة. حاول لاحقًا.')
  })
})
