// Browsing: the category page's filters, sorting and pages; wishlist and compare kept across reloads;
// a city change that clears a cart kept in another city.
import { acceptCookies, desktop, expect, phone, test } from './fixtures'
import { storeBase } from './browser'

/** The price a card asks now: the first amount its price line reads out ("1,299 Saudi riyals"). */
const priceOf = async (card: import('@playwright/test').Locator) =>
  Number(/([\d,.]+) Saudi riyals/.exec(await card.innerText())?.[1]?.replaceAll(',', ''))

/** The seed's listings under Mobiles & Tablets (worker/seed/taxonomy.ts, `share`): 30 phones, 32 tablets, 20 watches. */
const mobiles = 82

test.describe('a category on a desktop, in English', () => {
  test.use({ viewport: desktop })

  test('filter by brand and stock, sort by price, and page through', async ({ page }) => {
    test.slow()
    await acceptCookies(page)
    await page.goto('/en/mobiles')
    await expect(page.getByText(`${mobiles} products`)).toBeVisible()
    const filters = page.getByRole('complementary', { name: 'Filters' })
    const apple = filters.getByRole('checkbox', { name: /^Apple/ })
    const appleCount = Number((await apple.locator('xpath=..').innerText()).match(/(\d+)\s*\(?\d*\)?$/)?.[1])
    await apple.check()
    await expect(page).toHaveURL(/brand=apple/)
    await expect(page.getByText(`${appleCount} products`)).toBeVisible()
    // The text, not the rendered text: innerText depends on layout, and cards below the fold skip it (content-visibility).
    const brands = await page.getByRole('article').locator('p.uppercase').allTextContents()
    expect(brands.length).toBeGreaterThan(0)
    expect(new Set(brands.map((b) => b.trim().toUpperCase()))).toEqual(new Set(['APPLE']))

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc')
    await expect(page).toHaveURL(/sort=price_asc/)
    const cards = page.getByRole('article')
    // The grid changes when the sorted listing arrives.
    await expect
      .poll(async () => {
        const prices = await Promise.all((await cards.all()).slice(0, 4).map(priceOf))
        return prices.every((p, i) => i === 0 || prices[i - 1]! <= p)
      })
      .toBe(true)

    // Clearing the filters keeps the sort; the listing pages again.
    await filters.getByRole('button', { name: 'Clear all' }).click()
    await expect(page.getByText(`${mobiles} products`)).toBeVisible()
    // The last page, 24 to a page.
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 4' }).click()
    await expect(page).toHaveURL(/page=4/)
    await expect(page.getByRole('link', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('article')).toHaveCount(mobiles - 72)

    await filters.getByRole('checkbox', { name: /^In stock only/ }).check()
    // A filter change starts again from the first page.
    await expect(page).not.toHaveURL(/page=/)
    await expect(page).toHaveURL(/in_stock=1/)

    // A price range is whole riyals, lowest first; Arabic-Indic digits are read as such.
    await filters.getByRole('textbox', { name: 'Lowest price (SAR)' }).fill('500')
    await filters.getByRole('textbox', { name: 'Highest price (SAR)' }).fill('100')
    await filters.getByRole('button', { name: 'Apply price' }).click()
    await expect(filters.getByRole('alert')).toHaveText('The highest price cannot be below the lowest.')
    await expect(page).not.toHaveURL(/price_(min|max)=/)
    await filters.getByRole('textbox', { name: 'Lowest price (SAR)' }).fill('١٠٠')
    await filters.getByRole('textbox', { name: 'Highest price (SAR)' }).fill('2,000')
    await filters.getByRole('button', { name: 'Apply price' }).click()
    await expect(page).toHaveURL(/price_min=100&price_max=2000|price_max=2000.*price_min=100/)
    // The address changes first; the grid when the filtered listing arrives (it read a 3,899 riyal card once in between).
    await expect
      .poll(async () => {
        const prices = await Promise.all((await page.getByRole('article').all()).slice(0, 3).map(priceOf))
        return prices.length > 0 && prices.every((price) => price >= 100 && price <= 2000)
      })
      .toBe(true)
  })
})

test.describe('a category on a phone, in Arabic', () => {
  test.use({ viewport: phone })

  test('the filter drawer narrows the grid to products in the city', async ({ page }) => {
    await acceptCookies(page)
    await page.goto('/laptops')
    await page.getByRole('button', { name: 'تصفية' }).click()
    const drawer = page.getByRole('dialog', { name: 'التصفية' })
    const inCity = drawer.getByRole('checkbox', { name: /^متوفر في الرياض/ })
    await inCity.check()
    await expect(page).toHaveURL(/city=1/)
    await drawer.getByRole('button', { name: /^عرض (منتج واحد|منتجين|\d+ منتج(ات|ًا)?)$/ }).click()
    await expect(drawer).toBeHidden()
    await expect(page.getByRole('button', { name: 'تصفية (خيار واحد)' })).toBeVisible()
    // Nothing out of stock in the city is left.
    await expect(page.getByRole('button', { name: 'نفدت الكمية' })).toHaveCount(0)
  })
})

test.describe('wishlist and compare', () => {
  test.use({ viewport: desktop })

  test('survive a reload, fill the favourites and compare pages, and stop at 4', async ({ page }) => {
    // A long flow (two pages, a reload, nine clicks): ≈ 22 s on a shared machine.
    test.slow()
    await acceptCookies(page)
    await page.goto('/en/laptops')
    const cards = page.getByRole('article')
    const first = (await cards.nth(0).getByRole('heading', { level: 3 }).innerText()).trim()
    const second = (await cards.nth(1).getByRole('heading', { level: 3 }).innerText()).trim()
    await cards
      .nth(0)
      .getByRole('button', { name: `Add ${first} to favourites` })
      .click()
    await expect(page.getByText('Product Added To Wishlists')).toBeVisible()
    await cards
      .nth(0)
      .getByRole('button', { name: `Compare ${first}` })
      .click()
    await cards
      .nth(1)
      .getByRole('button', { name: `Compare ${second}` })
      .click()
    await expect(page.getByRole('link', { name: 'Compare products (2)' })).toBeVisible()

    await page.reload()
    await expect(page.getByRole('link', { name: 'Favourites, 1 item' })).toBeVisible()
    await expect(cards.nth(0).getByRole('button', { name: `Remove ${first} from favourites` })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('link', { name: 'Compare products (2)' })).toBeVisible()

    for (let i = 2; i < 4; i++)
      await cards
        .nth(i)
        .getByRole('button', { name: /^Compare / })
        .click()
    await cards
      .nth(4)
      .getByRole('button', { name: /^Compare / })
      .click()
    await expect(page.getByText('Maximum 4 products can be compared, please remove one or more from compare to add another.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Compare products (4)' })).toBeVisible()

    await page.getByRole('link', { name: 'Compare products (4)' }).click()
    const table = page.getByRole('table', { name: 'Compare products' })
    await expect(table.getByRole('columnheader')).toHaveCount(4)
    await expect(table.getByRole('rowheader', { name: /^Brand/ })).toHaveCount(1)
    await page.getByRole('checkbox', { name: 'Show only differences' }).check()
    // Every row left says it differs.
    const rows = table.locator('tbody tr')
    expect(await rows.count()).toBeGreaterThan(0)
    await expect(rows.filter({ hasNot: page.getByText('Differs') })).toHaveCount(0)
    await page.getByRole('button', { name: `Remove ${first} from compare` }).click()
    await expect(table.getByRole('columnheader')).toHaveCount(3)

    await page.goto('/en/user/favourites')
    await expect(page.getByRole('heading', { level: 1, name: '1 favourite product' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: first })).toBeVisible()
  })
})

test.describe('changing city', () => {
  test.use({ viewport: desktop })

  test('clears a cart kept in another city', async ({ page, context }) => {
    await acceptCookies(page)
    await context.addCookies([{ name: 'region_id', value: '1101', url: storeBase }])
    await page.goto('/en/chargers')
    await page
      .getByRole('button', { name: /^Add to Cart: / })
      .first()
      .click()
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
    await page.getByRole('dialog', { name: 'Your cart' }).getByRole('button', { name: 'Close' }).click()
    await page
      .getByRole('button', { name: /Deliver to/ })
      .first()
      .click()
    await page.getByRole('dialog', { name: 'Choose City' }).getByRole('button', { name: 'Jeddah' }).click()
    // The shopper is told the cart will be emptied, and says yes.
    await page.getByRole('dialog', { name: 'Change the city?' }).getByRole('button', { name: 'Change city and empty cart' }).click()
    await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Jeddah/ }).first()).toBeVisible()
  })
})

test.describe('back and forward', () => {
  /** Scrolls to a point, then opens a product link in view there without letting the test runner scroll first. */
  async function openProductAt(page: import('@playwright/test').Page, y: number) {
    await page.evaluate((top) => window.scrollTo(0, top), y)
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(y)
    await page.evaluate(() => {
      const links = [...document.querySelectorAll<HTMLAnchorElement>('main a[href*="/product/"]')]
      const inView = (a: HTMLAnchorElement) => {
        const box = a.getBoundingClientRect()
        return box.width > 0 && box.top > 200 && box.top < innerHeight - 100
      }
      links.find(inView)!.click()
    })
    await expect(page).toHaveURL(/\/product\//)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  }

  /**
   * On a product page: the related products' first link, scrolled to the middle of the screen; returns where. The rail
   * loads when the shopper comes near it (its space is kept, so nothing moves when it does).
   */
  async function openRelatedProduct(page: import('@playwright/test').Page): Promise<number> {
    const link = page.getByRole('main').locator('a[href*="/product/"]').first()
    await page.getByRole('main').evaluate((main) => window.scrollTo(0, main.scrollHeight))
    await expect(link).toBeAttached()
    const y = await link.evaluate((a) => Math.round(a.getBoundingClientRect().top + scrollY - innerHeight / 2))
    expect(y).toBeGreaterThan(300)
    const from = page.url()
    await openProductAt(page, y)
    await expect(page).not.toHaveURL(from)
    return y
  }

  async function productFrom(page: import('@playwright/test').Page, listing: string) {
    await page.goto(listing)
    const link = page.getByRole('article').first().getByRole('heading', { level: 3 }).getByRole('link')
    const name = (await link.innerText()).trim()
    await link.click()
    await expect(page).toHaveURL(/\/product\//)
    // The router changes the address before it draws the product, and the listing was hydrated already: until the
    // product's heading is there, a locator in <main> can still find the listing's cards.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(page.locator('html[data-hydrated=page]')).toBeAttached()
  }

  test.describe('on a desktop, in English', () => {
    test.use({ viewport: desktop })

    test('a listing comes back at the pixel it was left at, and forward returns to the top of the product', async ({ page }) => {
      await acceptCookies(page)
      await page.goto('/en/laptops')
      await openProductAt(page, 1500)
      await page.goBack()
      await expect(page).toHaveURL(/\/en\/laptops$/)
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(1500)
      await page.goForward()
      await expect(page).toHaveURL(/\/product\//)
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(0)
      await page.goBack()
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(1500)
    })

    test('a product page left mid-page for a related product comes back at that pixel', async ({ page }) => {
      await acceptCookies(page)
      await productFrom(page, '/en/laptops')
      const first = page.url()
      const y = await openRelatedProduct(page)
      await page.goBack()
      await expect(page).toHaveURL(first)
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(y)
    })
  })

  test.describe('on a phone, in Arabic', () => {
    test.use({ viewport: phone })

    test('search results come back at the pixel they were left at', async ({ page }) => {
      await acceptCookies(page)
      await page.goto('/search?q=' + encodeURIComponent('سماعات'))
      await openProductAt(page, 1800)
      await page.goBack()
      await expect(page).toHaveURL(/\/search\?q=/)
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(1800)
    })

    test('a product page left mid-page comes back at that pixel, and forward at the top of the next', async ({ page }) => {
      await acceptCookies(page)
      await productFrom(page, '/headphones')
      const first = page.url()
      const y = await openRelatedProduct(page)
      await page.goBack()
      await expect(page).toHaveURL(first)
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(y)
      await page.goForward()
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(0)
    })
  })
})
