// The National Address from the short address at checkout, and a shopper's own data (docs/product.md, "Checkout" and
// "Your data"): an Arabic shopper on a phone fills the address from Saudi Post; an English shopper downloads their
// data and closes their account.
import { readFile } from 'node:fs/promises'
import { acceptCookies, desktop, expect, lastCode, logInInEnglish, newMobile, phone, registeredCustomer, test } from './fixtures'
import { storeBase } from './browser'

test.describe('on a phone, in Arabic', () => {
  test.use({ viewport: phone })

  test('the short address fills the building, street, district and postal code from Saudi Post', async ({ page, context }) => {
    await acceptCookies(page)
    await context.addCookies([{ name: 'region_id', value: '1101', url: storeBase }])
    await page.goto('/smartwatches')
    await page
      .getByRole('button', { name: /^أضف إلى السلة: / })
      .first()
      .click()
    await page.getByRole('dialog', { name: 'سلة التسوق' }).getByRole('button', { name: 'إتمام الطلب' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'إتمام الطلب' })).toBeVisible()

    const short = page.getByRole('textbox', { name: 'العنوان الوطني المختصر' })
    // A short address Saudi Post does not know says so under the field, in Arabic.
    await short.fill('zzzz0000')
    await page.getByRole('button', { name: 'ابحث عن عنواني' }).click()
    await expect(short).toHaveAccessibleDescription(/لا يوجد لدى البريد السعودي عنوان بهذا الرمز المختصر/)

    await short.fill('rrrd٢٩٢٩')
    await short.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'وجد البريد السعودي هذا العنوان' })).toBeVisible()
    await expect(short).toHaveValue('RRRD2929')
    await expect(page.getByRole('textbox', { name: 'رقم المبنى' })).toHaveValue('2929')
    await expect(page.getByRole('textbox', { name: 'الشارع' })).toHaveValue('طريق الملك فهد')
    await expect(page.getByRole('textbox', { name: 'الحي' })).toHaveValue('العليا')
    await expect(page.getByRole('textbox', { name: 'الرمز البريدي' })).toHaveValue('12271')
  })
})

test.describe('on a desktop, in English', () => {
  test.use({ viewport: desktop })

  test('a shopper downloads their data, then closes their account with a code', async ({ page, request }) => {
    test.slow()
    const shopper = newMobile('051')
    const { email, password } = await registeredCustomer(request, shopper, { first: 'Hessa', last: 'Aldosari' })
    await acceptCookies(page)
    await page.goto('/en/user/profile')
    await logInInEnglish(page, email, password, 'Hessa')
    await page.getByRole('link', { name: 'Your data and closing your account' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible()
    await expect(page.getByText(email)).toBeVisible()

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download my data (JSON)' }).click()
    const file = await downloading
    expect(file.suggestedFilename()).toBe('matjar-my-data.json')
    const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as { profile: { email: string; firstname: string }; orders: unknown[] }
    expect(data.profile).toMatchObject({ email, firstname: 'Hessa' })
    expect(data.orders).toEqual([])

    const close = page.getByRole('region', { name: 'Close my account' })
    await close.getByRole('checkbox', { name: "I'm not a robot" }).check()
    await close.getByRole('button', { name: 'Send me a code' }).click()
    await close.getByRole('textbox', { name: 'The code sent to your mobile' }).fill(await lastCode(request, shopper.international))
    await close.getByRole('button', { name: 'Close my account for good' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Your account is closed' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  })
})
