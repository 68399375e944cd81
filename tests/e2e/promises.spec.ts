// Promises the store keeps (issue 28, item 3): "Available on stores" leads to the showrooms, fast delivery comes
// sooner than standard, and a pickup from a showroom is chosen at checkout and named on the confirmation
// (docs/product.md, "Showrooms" and "Checkout").
import type { Page } from '@playwright/test'
import { acceptCookies, desktop, expect, lastCode, newMobile, operatorStep, phone, test } from './fixtures'
import { storeBase } from './browser'

/** A city chosen, one product in the cart, and the checkout page open. */
async function checkoutWithOneItem(page: Page, path: string, addLabel: RegExp, checkoutLabel: string, heading: string) {
  await page.goto(path)
  await page.getByRole('button', { name: addLabel }).first().click()
  await page.getByRole('dialog').getByRole('button', { name: checkoutLabel }).click()
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
}

test.describe('on a phone, in Arabic', () => {
  test.use({ viewport: phone })

  test('the "available on stores" badge of a card leads to the showrooms, the shopper city first', async ({ page, context }) => {
    await acceptCookies(page)
    await context.addCookies([{ name: 'region_id', value: '1105', url: storeBase }])
    await page.goto('/headphones')
    await page.getByRole('link', { name: 'متوفر في المعارض' }).first().click()
    await expect(page).toHaveURL(/\/showrooms$/)
    await expect(page.getByRole('heading', { level: 1, name: 'معارضنا' })).toBeVisible()
    // Dammam, the shopper's city, comes first; then the region list's order.
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'الدمام',
      'الرياض',
      'جدة',
      'مكة المكرمة',
      'المدينة المنورة',
      'الخبر',
    ])
    const olaya = page.getByRole('article', { name: 'معرض العليا' })
    await expect(olaya).toContainText('حي العليا، طريق الملك فهد')
    await expect(olaya).toContainText('من السبت إلى الخميس')
    await expect(olaya).toContainText('10:00 ص – 11:00 م')
    await expect(olaya.getByRole('link', { name: 'اتصل بمعرض العليا على الرقم 011 218 0400' })).toHaveAttribute('href', 'tel:+966112180400')
    await expect(olaya.getByRole('link', { name: /^موقع معرض العليا على الخريطة/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\//)
  })

  test('a pickup from a Riyadh showroom, chosen at checkout, is named on the confirmation', async ({ page, context, request }) => {
    test.slow()
    await acceptCookies(page)
    await context.addCookies([{ name: 'region_id', value: '1101', url: storeBase }])
    await checkoutWithOneItem(page, '/smartwatches', /^أضف إلى السلة: /, 'إتمام الطلب', 'إتمام الطلب')

    const shopper = newMobile('057')
    await page.getByRole('textbox', { name: 'الاسم الكامل' }).fill('نورة العتيبي')
    await page.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill('noura@example.com')
    await page.getByRole('textbox', { name: 'رقم الجوال' }).fill(shopper.local)
    await page.getByRole('checkbox', { name: 'لست روبوتًا' }).check()
    await page.getByRole('button', { name: 'تحقّق من الرقم' }).click()
    await page.getByRole('textbox', { name: 'رمز التحقق' }).fill(await lastCode(request, shopper.international))
    await expect(page.getByText('تم التحقق', { exact: true })).toBeVisible()
    // A delivery asks for the National Address.
    await expect(page.getByRole('textbox', { name: 'الحي' })).toBeVisible()

    // Pickup is free, asks which of the city's showrooms, and no address at all (issue 42, item 4).
    await page.getByRole('radio', { name: /^الاستلام من المعرض/ }).check()
    await expect(page.locator('label').filter({ has: page.getByRole('radio', { name: /^الاستلام من المعرض/ }) })).toContainText('مجاني')
    await expect(page.getByRole('textbox', { name: 'الحي' })).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 2, name: 'عنوان التوصيل' })).toHaveCount(0)
    const showrooms = page.getByRole('group', { name: 'الاستلام من' })
    await expect(showrooms.getByRole('radio')).toHaveCount(3)
    await page.getByRole('radio', { name: 'الدفع عند الاستلام' }).check()
    // Not chosen yet: the showroom list says so and takes the focus.
    await page.getByRole('button', { name: 'تأكيد الطلب' }).click()
    await expect(showrooms.getByRole('radio').first()).toBeFocused()
    await expect(showrooms).toContainText('اختر المعرض الذي ستستلم منه طلبك.')
    await showrooms.getByRole('radio', { name: /^معرض الملقا/ }).check()
    const dates = page.getByRole('group', { name: 'موعد الاستلام' })
    const date = (await dates.locator('time').nth(1).innerText()).trim()
    await dates.getByText(date).click()
    // Where and when: the showroom's hours on that day, its phone and its map.
    await expect(page.getByText(/^يفتح في ذلك اليوم من \d{1,2}:\d{2} (ص|م) إلى \d{1,2}:\d{2} (ص|م)$/)).toBeVisible()
    await expect(page.getByRole('link', { name: /^اتصل بمعرض الملقا على الرقم/ })).toHaveAttribute('href', /^tel:\+9661/)
    await expect(page.getByRole('link', { name: /^موقع معرض الملقا على الخريطة/ })).toHaveAttribute('href', /^https:\/\//)
    await page.getByRole('button', { name: 'تأكيد الطلب' }).click()

    await expect(page.getByRole('heading', { name: 'شكرًا لك! استلمنا طلبك' })).toBeVisible()
    // The confirmation speaks of collection, never of delivery.
    await expect(page.getByText(`استلمه من معرض الملقا ابتداءً من ${date}`)).toBeVisible()
    await expect(page.getByText('سنراسلك حالما يصبح جاهزًا للاستلام.')).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'مكان الاستلام' })).toBeVisible()
    await expect(page.getByText('حي الملقا، طريق أنس بن مالك، تقاطع طريق الملك فهد')).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'عنوان التوصيل' })).toHaveCount(0)
    await expect(page.getByRole('main')).not.toContainText('التوصيل')

    // The store confirms it and makes it ready at the showroom: the buyer's order page says so, with no parcel ahead.
    const number = /MJ\d+/.exec(
      await page
        .getByText(/^رقم الطلب/)
        .first()
        .innerText(),
    )![0]
    await operatorStep(request, number, 'confirm')
    await operatorStep(request, number, 'ready')
    await page.goto('/user/profile')
    await page.getByRole('textbox', { name: 'رقم الطلب' }).fill(number)
    await page.getByRole('textbox', { name: 'رقم الجوال' }).fill(shopper.local)
    await page.getByRole('button', { name: 'ابحث عن طلبي' }).click()
    const timeline = page.getByRole('region', { name: 'حالة الطلب' })
    await expect(timeline.getByRole('listitem').filter({ hasText: 'جاهز للاستلام' }).locator('time')).toBeVisible()
    await expect(timeline.getByRole('listitem').filter({ hasText: 'تم الاستلام' }).locator('time')).toHaveCount(0)
    await expect(timeline).not.toContainText('تم الشحن')
  })
})

test.describe('on a desktop, in English', () => {
  test.use({ viewport: desktop })

  test('a product sold in the showrooms only leads to them, as the footer does', async ({ page }) => {
    await acceptCookies(page)
    await page.goto('/en/product/dyson-v15-detect-blue-1445')
    await expect(page.getByText('Available on stores')).toBeVisible()
    await page.getByRole('link', { name: 'Find a showroom near you' }).click()
    await expect(page).toHaveURL(/\/en\/showrooms$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Our showrooms' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText('Riyadh')
    await expect(page.getByRole('article', { name: 'Tahlia showroom' })).toContainText('Friday')
    await expect(page.getByRole('article', { name: 'Tahlia showroom' })).toContainText('4:00 PM – 11:00 PM')
    await page.goto('/en/')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Our showrooms' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Our showrooms' })).toBeVisible()
  })

  test('fast delivery in Riyadh comes before free standard delivery', async ({ page, context }) => {
    await acceptCookies(page)
    await context.addCookies([{ name: 'region_id', value: '1101', url: storeBase }])
    await checkoutWithOneItem(page, '/en/smartwatches', /^Add to Cart: /, 'Checkout', 'Checkout')
    const dates = page.getByRole('group', { name: 'Delivery date' })
    const firstDate = async () => dates.locator('time').first().getAttribute('datetime')

    await expect(page.getByRole('radio', { name: /^Standard delivery/ })).toBeChecked()
    const standard = await firstDate()
    await page.getByRole('radio', { name: /^Fast delivery/ }).check()
    await expect(page.getByRole('definition').filter({ hasText: '49.00' })).toBeVisible()
    await expect(dates.locator('time').first()).not.toHaveAttribute('datetime', standard!)
    const fast = await firstDate()
    expect(fast! < standard!).toBe(true)
    // Each method says its earliest date beside its price, so the shopper sees what the fee buys.
    const label = (name: RegExp) => page.locator('label').filter({ has: page.getByRole('radio', { name }) })
    await expect(label(/^Fast delivery/)).toContainText(/Earliest delivery \w{3} \d{1,2} \w{3}/)
    const [fastText, standardText] = await Promise.all([label(/^Fast delivery/).innerText(), label(/^Standard delivery/).innerText()])
    expect(fastText.match(/Earliest delivery (.+)/)?.[1]).not.toBe(standardText.match(/Earliest delivery (.+)/)?.[1])
  })
})
