// The product page: options (required), services, Add to Cart and Buy now, delivery dates for the
// city, the instalment modals and related products, in both languages at both widths.
import { acceptCookies, desktop, expect, phone, test } from './fixtures'
import { storeBase } from './browser'

const inRiyadh = { name: 'region_id', value: '1101', url: storeBase }

test.describe('a configurable product on a desktop, in English', () => {
  test.use({ viewport: desktop })

  test('a listing leads to the page; it opens on a variant; the cart panel names the choice', async ({ page, context }) => {
    test.slow()
    await acceptCookies(page)
    await context.addCookies([inRiyadh])
    await page.goto('/en/smartphones')
    // docs/product.md, "Validation": a configurable product added from a listing goes to its page for the options.
    // The Galaxy S25: Tabby may pay for it (not every configurable phone's page offers Tabby).
    const choose = page.getByRole('button', { name: /^Choose options for Samsung Galaxy S25 / }).first()
    const name = (await choose.getAttribute('aria-label'))!.replace('Choose options for ', '')
    await choose.click()
    await expect(page).toHaveURL(/\/en\/product\/[a-z0-9-]+$/)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

    // The page opens on the variant its name says, its options chosen (docs/decisions/0020-variants-are-products.md).
    const colour = page
      .getByRole('group', { name: /^Colour/ })
      .getByRole('radio')
      .last()
    const colourName = (await colour.locator('xpath=..').innerText()).trim()
    await colour.check({ force: true })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`, ${colourName}$`))
    const variantName = await page.getByRole('heading', { level: 1 }).innerText()
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
    const panel = page.getByRole('dialog', { name: 'Your cart' })
    await expect(panel.getByText(variantName, { exact: true })).toBeVisible()
    await panel.getByRole('button', { name: 'Close' }).click()

    // Delivery dates for the chosen city, and the instalment modal with Tabby's own plan: four payments, as at checkout.
    const delivery = page.getByRole('region', { name: 'Delivery to Riyadh' })
    await expect(delivery.getByRole('listitem')).toHaveCount(3)
    await page.getByRole('button', { name: 'About Tabby' }).click()
    const tabby = page.getByRole('dialog', { name: 'Pay later with Tabby' })
    await expect(tabby.getByRole('rowheader')).toHaveText(['4 payments: 3 more over 3 months'])
    await tabby.getByRole('button', { name: 'Close' }).click()
    await expect(tabby).toBeHidden()

    // The related products arrive as the shopper scrolls near them.
    await page.getByRole('heading', { name: 'Specifications' }).scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 2000)
    const related = page.getByRole('region', { name: 'Related products' })
    await expect(related.getByRole('article').first()).toBeVisible()
    const relatedCount = await related.getByRole('article').count()
    expect(relatedCount).toBeGreaterThan(0)
    expect(relatedCount).toBeLessThanOrEqual(10)
  })
})

test.describe('a variant on a desktop, in English', () => {
  test.use({ viewport: desktop })

  test('choosing a colour and a storage changes the page and its address; reload keeps it, back returns; the cart names it once', async ({
    page,
    context,
  }) => {
    test.slow()
    await acceptCookies(page)
    await context.addCookies([inRiyadh])
    await page.goto('/en/product/samsung-galaxy-s25-128gb-black-1001')
    const title = page.getByRole('heading', { level: 1 })
    // The page's first price is the product's (the spoken text of the price).
    const price = page
      .getByRole('main')
      .getByText(/^[\d,.]+ Saudi riyals$/)
      .first()
    await expect(title).toHaveText('Samsung Galaxy S25 128GB Smartphone, Black')
    await expect(page.getByRole('radio', { name: 'Black' })).toBeChecked()
    await expect(page.getByRole('radio', { name: '128GB' })).toBeChecked()
    const openingPrice = await price.innerText()

    await page.getByRole('radio', { name: 'Silver' }).check({ force: true })
    await expect(title).toHaveText('Samsung Galaxy S25 128GB Smartphone, Silver')
    await expect(page).toHaveURL(/\?variant=SAM-1001-\d+$/)
    // Each variant has its own stock: the seed holds no silver 128 GB in Riyadh. The page's own button comes first (a
    // related product's card below may say the same), and there is nothing to add.
    await expect(page.getByRole('button', { name: 'Out of stock' }).first()).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toHaveCount(0)
    const silver = page.url()
    await page.getByRole('radio', { name: '512GB' }).check({ force: true })
    await expect(title).toHaveText('Samsung Galaxy S25 512GB Smartphone, Silver')
    await expect(price).not.toHaveText(openingPrice)
    await expect(page.getByRole('row', { name: /^Colour/ })).toHaveText(/Silver/)
    await expect(page).not.toHaveURL(silver)
    const chosen = page.url()

    // The address alone gives the page: a reload (or a shared link) shows the same variant.
    await page.reload()
    await expect(title).toHaveText('Samsung Galaxy S25 512GB Smartphone, Silver')
    await expect(page.getByRole('radio', { name: '512GB' })).toBeChecked()
    // Back returns to the previous choice, forward to this one.
    await page.goBack()
    await expect(page).toHaveURL(silver)
    await expect(title).toHaveText('Samsung Galaxy S25 128GB Smartphone, Silver')
    await page.goForward()
    await expect(page).toHaveURL(chosen)
    await expect(title).toHaveText('Samsung Galaxy S25 512GB Smartphone, Silver')

    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
    const panel = page.getByRole('dialog', { name: 'Your cart' })
    await expect(panel.getByText('Samsung Galaxy S25 512GB Smartphone, Silver', { exact: true })).toBeVisible()
    // Named once: no "Colour: ..., Option: ..." after the name.
    await expect(panel.getByText(/Colour:|Option:/)).toHaveCount(0)
  })
})

test.describe('a product with a service on a phone, in Arabic', () => {
  test.use({ viewport: phone })

  test('Buy now with a service goes to checkout with both lines', async ({ page, context }) => {
    test.slow()
    await acceptCookies(page)
    await context.addCookies([inRiyadh])
    await page.goto('/product/samsung-neo-qled-qn90-55-inch-black-1139')
    const services = page.getByRole('group', { name: 'أضف خدمة' })
    // The fee's price in the region, with one decimal (docs/product.md, "Limits").
    await expect(services.getByText('149.5 ريال سعودي')).toBeAttached()
    await services.getByRole('checkbox', { name: /تركيب على الجدار/ }).check()
    await page.getByRole('button', { name: 'اشترِ الآن' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'تمت إضافة الخدمة بنجاح' })).toBeVisible()
    await expect(page).toHaveURL(/\/checkout$/)
    await expect(page.getByText('تركيب على الجدار')).toBeVisible()
  })

  test('the price shows the riyal sign left of the number, drawn in the text colour', async ({ page }) => {
    await acceptCookies(page)
    await page.goto('/product/samsung-neo-qled-qn90-55-inch-black-1139')
    const price = page.getByRole('main').locator('bdi').filter({ hasText: 'ريال سعودي' }).first()
    const drawn = await price.locator('.riyal').evaluate((sign) => {
      const style = getComputedStyle(sign)
      const number = document.createRange()
      number.selectNodeContents(sign.parentElement!)
      number.setStartAfter(sign)
      const [signBox, numberBox] = [sign.getBoundingClientRect(), number.getBoundingClientRect()]
      return {
        width: signBox.width,
        gap: numberBox.left - signBox.right,
        mask: style.maskImage,
        background: style.backgroundColor,
        colour: style.color,
      }
    })
    expect(drawn.width).toBeGreaterThan(5)
    expect(drawn.gap).toBeGreaterThanOrEqual(0)
    expect(drawn.mask).toContain('svg')
    expect(drawn.background).toBe(drawn.colour)
  })

  test('the built page preloads its largest picture in the head', async ({ request }) => {
    const html = await (await request.get('/product/samsung-neo-qled-qn90-55-inch-black-1139')).text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toMatch(/<link rel="preload" as="image" href="\/media\/product\/tv-qled55-black-0\.svg" fetchPriority="high"/)
  })

  test('without a city, the product waits for the city popup and is added after', async ({ page }) => {
    await acceptCookies(page)
    await page.goto('/product/samsung-neo-qled-qn90-55-inch-black-1139')
    await page.getByRole('button', { name: 'أضف إلى السلة', exact: true }).click()
    await page.getByRole('dialog', { name: 'اختر المدينة' }).getByRole('button', { name: 'الرياض' }).click()
    await expect(page.getByRole('dialog', { name: 'سلة التسوق' }).getByText(/سامسونج نيو كيو ليد/)).toBeVisible()
  })
})
