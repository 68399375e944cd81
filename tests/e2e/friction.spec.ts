// No friction (issue 28, item 4): the add-to-cart bar in reach on a phone, card buttons on one line at 360 px, slides
// and rails moved by buttons and keys, a popup that waits for the shopper, a category's products in a phone's first
// screen. One language and width per path where the code is shared by both.
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { desktop, expect, phone, test } from './fixtures'
import { popupBannerSeenKey } from '../../src/lib/storage-keys'

// A simple product, in stock in Riyadh, bought by no other test.
const speaker = '/product/anker-soundcore-motion-300-black-1252'

/** The cookie banner answered (and, unless the test is about it, the home popup already seen this visit). */
async function answered(context: BrowserContext, baseURL: string | undefined, { popupSeen = true } = {}) {
  await context.addCookies([
    { name: 'cookieConsent', value: 'functions', url: baseURL! },
    { name: 'region_id', value: '1101', url: baseURL! },
  ])
  if (popupSeen) await context.addInitScript((key) => sessionStorage.setItem(key, '1'), popupBannerSeenKey)
}

test.describe('a product on a phone, in Arabic', () => {
  test.use({ viewport: phone })

  test('the add-to-cart bar stays in reach while scrolling, under the cookie banner, and adds', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'region_id', value: '1101', url: baseURL! }])
    await page.goto(speaker)
    const own = page.getByRole('button', { name: 'أضف إلى السلة', exact: true })
    const bar = page.getByTestId('sticky-add-to-cart').getByRole('button', { name: /^أضف إلى السلة: / })
    await own.scrollIntoViewIfNeeded()
    await expect(own).toBeInViewport()
    await expect(bar).toBeHidden()

    // Just past the buying block, as a shopper reading on would be.
    await own.evaluate((button) => window.scrollTo(0, window.scrollY + button.getBoundingClientRect().bottom + 20))
    await expect(own).not.toBeInViewport()
    await expect(bar).toBeInViewport()
    // The cookie banner stays on top: its buttons take the tap.
    await page.getByRole('button', { name: 'قبول الكل' }).click()
    await bar.click()
    await expect(page.getByRole('dialog', { name: 'سلة التسوق' })).toBeVisible()
  })
})

test.describe('a product on a desktop, in English', () => {
  test.use({ viewport: desktop })

  test('has no add-to-cart bar: the buying block stays beside the gallery', async ({ page, context, baseURL }) => {
    await answered(context, baseURL)
    await page.goto(`/en${speaker}`)
    await page.getByRole('heading', { name: 'Specifications' }).scrollIntoViewIfNeeded()
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
    await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeVisible()
    await expect(page.getByTestId('sticky-add-to-cart')).toHaveCount(0)
  })
})

/** Every button of the listing's cards (or the buttons given) keeps its words on one line, none cut off. */
async function cardButtonsOnOneLine(page: Page, buttons: Locator = page.getByRole('article').getByRole('button')) {
  await expect(buttons.first()).toBeVisible()
  // Measured in the store's own fonts, once they have loaded.
  await page.evaluate(() => document.fonts.ready)
  const overflowing = await buttons.evaluateAll((all) =>
    all
      .filter((button) => {
        const box = button.getBoundingClientRect()
        // Lines are counted, not measured: a font's line box (Noto Sans Arabic's is 25 px for 12 px text) says nothing
        // about how many lines the words take. A text node on one line has one client rect per line box it sits in.
        return (
          button.scrollWidth > button.clientWidth + 1 ||
          box.height < 1 ||
          [...button.childNodes].some((node) => {
            if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) return false
            const range = document.createRange()
            range.selectNodeContents(node)
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
            return tops.size > 1
          })
        )
      })
      .map((button) => button.textContent),
  )
  expect(overflowing).toEqual([])
}

test.describe('card buttons on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 } })

  test('Add to Cart, Choose options and Compare stay on one line in both languages', async ({ page, context, baseURL }) => {
    await answered(context, baseURL)
    await page.goto('/mobiles')
    await expect(page.getByRole('button', { name: /^اختر الخيارات/ }).first()).toBeVisible()
    await cardButtonsOnOneLine(page)
    await page.goto('/en/mobiles')
    await expect(page.getByRole('button', { name: /^Choose options/ }).first()).toBeVisible()
    await cardButtonsOnOneLine(page)
  })
})

test.describe("a product's buying buttons on a phone", () => {
  for (const width of [360, 390]) {
    test(`stay on one line at ${width} px in both languages`, async ({ page, context, baseURL }) => {
      await answered(context, baseURL)
      await page.setViewportSize({ width, height: 800 })
      for (const [path, add, buy] of [
        [speaker, 'أضف إلى السلة', 'اشترِ الآن'],
        [`/en${speaker}`, 'Add to Cart', 'Buy now'],
      ] as const) {
        await page.goto(path)
        const buttons = page
          .getByRole('main')
          .getByRole('button', { name: add, exact: true })
          .or(page.getByRole('button', { name: buy, exact: true }))
        await expect(buttons).toHaveCount(2)
        await cardButtonsOnOneLine(page, buttons)
      }
    })
  }
})

test.describe('the WhatsApp button on a desktop', () => {
  test.use({ viewport: desktop })

  test('keeps clear of the product page, "Change city" included, in both languages', async ({ page, context, baseURL }) => {
    await answered(context, baseURL)
    for (const [path, change] of [
      [speaker, 'تغيير المدينة'],
      [`/en${speaker}`, 'Change city'],
    ] as const) {
      await page.goto(path)
      const whatsapp = (await page.getByRole('link', { name: /واتساب|WhatsApp/ }).boundingBox())!
      // Scrolling brings any line under the floating button: what it must not share is the page's inline-end column.
      const link = (await page.getByRole('main').getByRole('button', { name: change }).boundingBox())!
      const apart = link.x >= whatsapp.x + whatsapp.width || link.x + link.width <= whatsapp.x
      expect(apart, `${change} at ${link.x}-${link.x + link.width}, WhatsApp at ${whatsapp.x}-${whatsapp.x + whatsapp.width}`).toBe(true)
    }
  })
})

test.describe('a payment method that cannot pay for the cart', () => {
  test.use({ viewport: phone })

  test('says why, in Arabic: the instalment limit with its amount, then a pre-order in the cart', async ({ page, context, baseURL }) => {
    await answered(context, baseURL)
    // A 5,499 SAR soundbar: above Tabby's 5,000 SAR, within Tamara's 10,000.
    await page.goto('/product/samsung-hw-q990-11-1-4-channel-black-1263')
    await page.getByRole('button', { name: 'أضف إلى السلة', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'سلة التسوق' })).toBeVisible()
    await page.goto('/checkout')
    const tabby = page.getByRole('radio', { name: /^تابي/ })
    await expect(tabby).toBeDisabled()
    // The limit is a price as every price is shown: the riyal sign, read out as riyals.
    const tabbyRow = page.locator('label').filter({ has: tabby })
    await expect(tabbyRow).toContainText('متاحة حتى')
    await expect(tabbyRow.locator('.riyal')).toHaveCount(1)
    await expect(tabbyRow).toContainText('5,000')
    await expect(page.getByRole('radio', { name: /^تمارا/ })).toBeEnabled()
    // A pre-order in the cart: the reason changes to say so.
    await page.goto('/product/apple-airpods-4-wireless-white-1235')
    await page.getByRole('button', { name: 'طلب مسبق', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'سلة التسوق' })).toBeVisible()
    await page.goto('/checkout')
    await expect(page.locator('label').filter({ has: page.getByRole('radio', { name: /^تابي/ }) })).toContainText(
      'غير متاحة لسلة فيها منتج بالطلب المسبق',
    )
  })
})

test.describe('the home page on a desktop', () => {
  test.use({ viewport: desktop })

  test('in Arabic, the slides move by their arrows, dots and the arrow keys read right to left', async ({ page, context, baseURL }) => {
    await answered(context, baseURL)
    await page.goto('/')
    const slides = page.getByRole('region', { name: 'العروض المميزة' })
    const dot = (n: number) => slides.getByRole('button', { name: `انتقل إلى العرض ${n} من 3` })
    await expect(dot(1)).toHaveAttribute('aria-current', 'true')
    await expect(slides.getByRole('button', { name: 'العرض السابق' })).toBeDisabled()

    await slides.getByRole('button', { name: 'العرض التالي' }).click()
    await expect(dot(2)).toHaveAttribute('aria-current', 'true')
    await expect(slides.getByRole('link').nth(1)).toBeInViewport()

    await dot(3).click()
    await expect(dot(3)).toHaveAttribute('aria-current', 'true')
    await expect(slides.getByRole('button', { name: 'العرض التالي' })).toBeDisabled()

    // Right to left, the right arrow goes back.
    await dot(3).press('ArrowRight')
    await expect(dot(2)).toHaveAttribute('aria-current', 'true')
    await dot(3).press('ArrowLeft')
    await expect(dot(3)).toHaveAttribute('aria-current', 'true')
    await dot(3).press('Home')
    await expect(dot(1)).toHaveAttribute('aria-current', 'true')
  })

  test('in English, a rail scrolls by its buttons', async ({ page, context, baseURL }) => {
    // The suite asks for less motion (playwright.config.ts); a shopper who did not gets the smooth glide, tested here.
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await answered(context, baseURL)
    await page.goto('/en')
    const next = page.getByRole('button', { name: /^Next products in / }).first()
    const back = page.getByRole('button', { name: /^Previous products in / }).first()
    await next.scrollIntoViewIfNeeded()
    const rails = page.locator('ul[tabindex="0"]')
    await expect(
      back,
      JSON.stringify(await rails.evaluateAll((all) => all.map((ul) => [ul.scrollLeft, ul.scrollWidth, ul.clientWidth]))),
    ).toBeDisabled()
    const rail = page.getByRole('list', { name: (await next.getAttribute('aria-label'))!.replace('Next products in ', '') }).first()
    const firstCard = rail.getByRole('article').first()
    await expect(firstCard).toBeInViewport()
    await next.click()
    await expect(back).toBeEnabled()
    await expect(firstCard).not.toBeInViewport()
    await back.click()
    await expect(back).toBeDisabled()
    await expect(firstCard).toBeInViewport()
  })
})

test.describe('the home popup on a phone, in Arabic', () => {
  test.use({ viewport: phone })

  test('waits while a field has focus, and for 10 s after the last input', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    const accept = page.getByRole('button', { name: 'قبول الكل' })
    await expect(accept).toBeVisible()
    // Time stands still from here; the popup's delay starts with the cookie banner's answer.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
    await accept.click()
    const popup = page.getByRole('dialog', { name: /.+/ })

    // Typing in the search box: never covered, however long it takes.
    const search = page.getByRole('combobox', { name: 'ابحث في «متجر»' }).first()
    await search.click()
    await search.pressSequentially('سماعة')
    await page.clock.runFor(30_000)
    await expect(search).toBeFocused()
    await expect(popup).toHaveCount(0)

    // Focus leaves the field: that tap is an input too, so it opens 10 s after it, not before.
    await page.keyboard.press('Escape')
    await page.locator('body').click({ position: { x: 5, y: 400 } })
    await page.clock.runFor(9000)
    await expect(popup).toHaveCount(0)
    await page.clock.runFor(2000)
    await expect(popup).toBeVisible()
  })

  test('a tap puts it off for 10 s', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    const accept = page.getByRole('button', { name: 'قبول الكل' })
    await expect(accept).toBeVisible()
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
    await accept.click()
    const popup = page.getByRole('dialog', { name: /.+/ })
    await page.clock.runFor(1000)
    await page.getByRole('main').click({ position: { x: 5, y: 5 } })
    // Its own delay (3 s) has long passed, 10 s after the tap have not.
    await page.clock.runFor(8000)
    await expect(popup).toHaveCount(0)
    await page.clock.runFor(2500)
    await expect(popup).toBeVisible()
  })
})

test.describe('the home popup on a phone, for a returning shopper', () => {
  test.use({ viewport: phone })

  test('never opens over a first scroll: it waits 10 s after the shopper last scrolled', async ({ page, context, baseURL }) => {
    await answered(context, baseURL, { popupSeen: false })
    await page.clock.install()
    await page.goto('/')
    const popup = page.getByRole('dialog', { name: /.+/ })
    await expect(page.getByRole('main')).toBeVisible()
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2000))
    // The scroll event comes a frame after the page has moved; the clock must not jump before the page has heard it.
    await page.evaluate(() => window.addEventListener('scroll', () => document.documentElement.setAttribute('data-scrolled', ''), { once: true }))
    await page.mouse.move(200, 400)
    await page.mouse.wheel(0, 600)
    await expect(page.locator('html')).toHaveAttribute('data-scrolled')
    // The popup's own moment (3 s after load) passes while the shopper reads on.
    await page.clock.runFor(9_000)
    await expect(popup).toHaveCount(0)
    await page.clock.runFor(2_000)
    await expect(popup).toBeVisible()
  })
})

test.describe('a category on a phone, in Arabic', () => {
  test.use({ viewport: phone })

  test('shows its first products in the first screen', async ({ page, context, baseURL }) => {
    await answered(context, baseURL)
    await page.goto('/mobiles')
    const firstCard = page.getByRole('article').first()
    await expect(firstCard).toBeVisible()
    const box = (await firstCard.boundingBox())!
    // The card's picture and name start inside the 844 px screen, with room to see them.
    expect(box.y + 160).toBeLessThan(phone.height)
  })
})
