// A link's query parameters (docs/product.md, "Screens"): event=register, event=forgetpassword and event=newsletter
// act 2 s after the page loads; order_id puts that order's items back in the cart and opens it.
import { acceptCookies, apiCheckoutDetails, consentNone, desktop, expect, phone, test } from './fixtures'
import { popupBannerSeenKey } from '../../src/lib/storage-keys'
import { storeBase } from './browser'

/** The banner answered (Reject all), the home popup not yet seen: the popup's moment is part of what is tested. */
const consentOnly = async (page: import('@playwright/test').Page) =>
  page.context().addCookies([{ name: 'cookieConsent', value: consentNone, url: storeBase }])

/** An order placed over the Direct API as a shopper of `store` would, with the cookies of that shopper's browser. */
async function placeOrderOverApi(request: import('@playwright/test').APIRequestContext, store: 'ar' | 'en') {
  const { token } = await (await request.post('/commerce/handshake', { data: { store } })).json()
  const headers = { authorization: `Bearer ${token}` }
  const { quoteId } = await (await request.get('/commerce/cart/create?region=1101', { headers })).json()
  const withQuote = { ...headers, quote: quoteId }
  const listing = await (await request.get('/headphones')).text()
  let name = ''
  for (const [, sku] of listing.matchAll(/\bsku:"([^"]+)"/g)) {
    const added = await request.post('/commerce/cart/add', { headers: withQuote, data: { sku, qty: 1, extension_attributes: { region: '1101' } } })
    if (added.ok()) {
      name = (await added.json()).cart.cartItems[0].name
      break
    }
  }
  const checkout = await apiCheckoutDetails(request, withQuote, { name: 'Link Shopper', email: 'link@example.com', mobile: '0551234567' })
  const placed = await request.post('/commerce/cart/placeOrder', { headers: withQuote, data: { checkout, paymentMethod: { method: 'card' } } })
  const placedBody = await placed.json()
  expect(placedBody, JSON.stringify(placedBody)).toHaveProperty('increment_id')
  const cookies = Object.entries({ [`mhs_${store}`]: token, quote: quoteId }).map(([cookie, value]) => ({
    name: cookie,
    value,
    url: storeBase,
  }))
  return { number: placedBody.increment_id as string, name, cookies }
}

test.describe('on a desktop, in English', () => {
  test.use({ viewport: desktop })

  test('event=register opens the auth modal on Register, and the home popup never covers it', async ({ page }) => {
    await consentOnly(page)
    await page.goto('/en/?event=register')
    const dialog = page.getByRole('dialog', { name: 'Log in or create an account' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true')
    // The home popup's moment (3 s) passes while the triggered modal is open: it stays the only one.
    await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key), popupBannerSeenKey)).toBe('1')
    await expect(page.getByRole('dialog')).toHaveCount(1)
    await expect(dialog).toBeVisible()
  })

  test('event=newsletter scrolls to the newsletter field and focuses it', async ({ page }) => {
    await consentOnly(page)
    await page.addInitScript((key) => sessionStorage.setItem(key, '1'), popupBannerSeenKey)
    await page.goto('/en/laptops?event=newsletter')
    await expect(page.getByRole('textbox', { name: 'Your email' })).toBeFocused()
    await expect(page.getByRole('textbox', { name: 'Your email' })).toBeInViewport()
  })

  test('event=forgetpassword opens the forgot-password modal', async ({ page }) => {
    await consentOnly(page)
    await page.goto('/en/laptops?event=forgetpassword')
    const dialog = page.getByRole('dialog', { name: 'Reset your password' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Email')).toBeVisible()
  })

  // Two browsers, two tests: in one page, a late answer to the stranger's page could set its own session or cart cookie
  // over the buyer's.
  test("order_id from someone else's order does nothing", async ({ page, request }) => {
    const order = await placeOrderOverApi(request, 'en')
    await consentOnly(page)
    await page.addInitScript((key) => sessionStorage.setItem(key, '1'), popupBannerSeenKey)
    await page.goto(`/en/laptops?order_id=${order.number}`)
    await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible()
    await expect(page).toHaveURL(/\/en\/laptops\?order_id=/)
  })

  test("order_id puts the shopper's own order back in the cart and opens it", async ({ page, request }) => {
    const order = await placeOrderOverApi(request, 'en')
    // The buyer's browser: its session and cart cookies.
    await consentOnly(page)
    await page.addInitScript((key) => sessionStorage.setItem(key, '1'), popupBannerSeenKey)
    await page.context().addCookies(order.cookies)
    await page.goto(`/en/?order_id=${order.number}`)
    await expect(page).toHaveURL(/\/en\/cart$/)
    await expect(page.getByRole('main').getByText(order.name)).toBeVisible()
  })
})

test.describe('on a phone, in Arabic', () => {
  test.use({ viewport: phone })

  test('event=forgetpassword opens the forgot-password modal', async ({ page }) => {
    await consentOnly(page)
    await page.goto('/?event=forgetpassword')
    await expect(page.getByRole('dialog', { name: 'استعادة كلمة المرور' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'استعادة كلمة المرور' }).getByLabel('البريد الإلكتروني')).toBeVisible()
  })

  test('event=register opens Register and event=newsletter focuses the newsletter field', async ({ page }) => {
    await consentOnly(page)
    await page.addInitScript((key) => sessionStorage.setItem(key, '1'), popupBannerSeenKey)
    await page.goto('/laptops?event=register')
    const dialog = page.getByRole('dialog', { name: 'تسجيل الدخول أو إنشاء حساب' })
    await expect(dialog.getByRole('tab', { name: 'حساب جديد' })).toHaveAttribute('aria-selected', 'true')
    await page.goto('/laptops?event=newsletter')
    await expect(page.getByRole('textbox', { name: 'بريدك الإلكتروني' })).toBeFocused()
  })

  test('order_id with success=false re-adds the order, says why on the cart and sends the failure event', async ({ page, request }) => {
    const order = await placeOrderOverApi(request, 'ar')
    // Marketing allowed (the failure event is a personalisation event) and the popup already seen.
    await acceptCookies(page)
    await page.context().addCookies(order.cookies)
    const failureEvent = page.waitForRequest((r) => r.url().endsWith('/api/aws/event') && r.postData()?.includes('"payment_failure"') === true)
    await page.goto(`/?order_id=${order.number}&success=false&reason=declined`)
    await expect(page).toHaveURL(/\/cart\?payment=failed$/)
    await expect(page.getByRole('alert')).toHaveText('لم تتم عملية الدفع ولم يُخصم أي مبلغ، وأعدنا منتجاتك إلى السلة.')
    await expect(page.getByRole('main').getByText(order.name)).toBeVisible()
    expect((await failureEvent).postDataJSON().eventList[0]).toMatchObject({ eventType: 'payment_failure', itemId: 'declined' })
  })
})
