// The console's coupons (docs/product.md, "The merchant console" and "Rules"): an owner in English creates a coupon
// in the console, a shopper applies it in the cart and places the order with it, and the coupon's page then shows the
// order among its uses.
import { readFileSync } from 'node:fs'
import { Secret, TOTP } from 'otpauth'
import { storeBase } from './browser'
import { acceptCookies, desktop, expect, lastCode, newMobile, test } from './fixtures'

const token = () => /^OPS_TOKEN=(.+)$/m.exec(readFileSync(new URL('../../.dev.vars', import.meta.url), 'utf8'))![1]!.trim()
const appCode = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() })

// A product stocked in Riyadh by the seed, under the free-delivery threshold's reach and above the coupon's minimum.
const speaker = '/en/product/jbl-charge-6-red-1260'

// The refused save is a 400 the browser logs; the form names the field instead.
test.use({ viewport: desktop, allowConsoleErrors: [/status of 400/] })

test('an owner creates a coupon in English, and a shopper uses it at checkout', async ({ page, browser, request }) => {
  test.slow()
  // The owner joins by invitation (made from the terminal), which signs this browser in.
  const email = `owner-coupons-${Date.now()}@matjar.test`
  const invited = await request.post('/api/ops/staff/invite', { headers: { authorization: `Bearer ${token()}` }, data: { email, role: 'owner' } })
  const invite = new URL((await invited.json()).data.link as string).searchParams.get('invite')!
  const enrolment = (await (await page.request.get(`/api/ops/join?invite=${invite}`)).json()).data
  const joined = await page.request.post('/api/ops/join', {
    data: { invite, enrolment: enrolment.enrolment, name: 'Hala Alotaibi', password: 'owner long passphrase', code: appCode(enrolment.secret) },
  })
  expect(joined.status()).toBe(200)

  const code = `EID${Date.now().toString().slice(-6)}`
  await page.goto('/en/ops/coupons')
  await page.getByRole('link', { name: 'New coupon' }).click()
  const form = page.getByRole('form', { name: 'New coupon' })
  await form.getByRole('textbox', { name: 'Code' }).fill(code)
  await form.getByRole('radio', { name: 'Percent off' }).check()
  // A refused field is named beside it, and nothing is made.
  await form.getByRole('textbox', { name: 'Value' }).fill('150')
  await form.getByRole('button', { name: 'Save coupon' }).click()
  await expect(form.getByRole('textbox', { name: 'Value' })).toHaveAccessibleDescription(/A whole percent from 1 to 100\./)
  await form.getByRole('textbox', { name: 'Value' }).fill('20')
  await form.getByRole('textbox', { name: 'Minimum subtotal (SAR)' }).fill('100')
  await form.getByRole('textbox', { name: 'Uses per customer' }).fill('1')
  await form.getByRole('button', { name: 'Save coupon' }).click()
  await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible()
  await expect(page.getByText('Active', { exact: true })).toBeVisible()

  // The shopper, in a browser of their own, applies the coupon and places a cash order with it.
  const shopperContext = await browser.newContext({ viewport: desktop, locale: 'en-GB', timezoneId: 'Asia/Riyadh' })
  await shopperContext.addCookies([{ name: 'region_id', value: '1101', url: storeBase }])
  const shop = await shopperContext.newPage()
  await acceptCookies(shop)
  await shop.goto(speaker)
  await shop.getByRole('button', { name: 'Add to Cart', exact: true }).first().click()
  await expect(shop.getByRole('dialog', { name: 'Your cart' })).toBeVisible()
  await shop.goto('/en/cart#vouchers')
  await shop.getByRole('textbox', { name: 'Coupon code' }).fill(code.toLowerCase())
  await shop.getByRole('button', { name: 'Apply', exact: true }).click()
  await expect(shop.getByText(new RegExp(`Coupon \\(\\u2068${code}\\u2069\\)`)).first()).toBeVisible()
  await shop.getByRole('button', { name: 'Checkout' }).first().click()
  await expect(shop.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  const mobile = newMobile('057')
  await shop.getByRole('textbox', { name: 'Full name' }).fill('Sara Al-Qahtani')
  await shop.getByRole('textbox', { name: 'Email', exact: true }).fill('sara.coupon@example.com')
  await shop.getByRole('textbox', { name: 'Mobile number' }).fill(mobile.local)
  await shop.getByRole('checkbox', { name: "I'm not a robot" }).check()
  await shop.getByRole('button', { name: 'Verify number' }).click()
  await shop.getByRole('textbox', { name: 'Verification code' }).fill(await lastCode(request, mobile.international))
  await expect(shop.getByText('Verified', { exact: true })).toBeVisible()
  await shop.getByRole('textbox', { name: 'District' }).fill('Al Narjis')
  await shop.getByRole('textbox', { name: 'Street' }).fill('Anas Ibn Malik Road')
  await shop.getByRole('textbox', { name: 'Building number' }).fill('8228')
  await shop.getByRole('textbox', { name: 'Postal code' }).fill('13327')
  await shop.getByRole('textbox', { name: 'National Address short address' }).fill('rrrd2929')
  const dates = shop.getByRole('group', { name: 'Delivery date' })
  await dates.locator('time').first().click()
  await shop.getByRole('radio', { name: 'Cash on delivery' }).check()
  await shop.getByRole('button', { name: 'Place order' }).click()
  await expect(shop.getByRole('heading', { name: 'Thank you! Your order is placed' })).toBeVisible()
  const number = /MJ\d+/.exec(await shop.getByText(/^Order number MJ\d+$/).innerText())![0]
  await shopperContext.close()

  // The coupon's page counts the order among its uses.
  await page.reload()
  await expect(page.getByRole('heading', { name: '1 order used it' })).toBeVisible()
  await expect(page.getByRole('link', { name: number })).toBeVisible()
})
