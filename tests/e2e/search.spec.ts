// Search in the browser: the combobox's suggestions and products as the shopper types, the results
// page with its filters and order, recent searches kept across a reload, in both languages.
import { acceptCookies, desktop, expect, phone, test } from './fixtures'
import { storeBase } from './browser'

test.describe('searching on a desktop, in English', () => {
  test.use({ viewport: desktop })

  test('suggestions as you type, Enter on a suggestion, filters and order, and recents after a reload', async ({ page }) => {
    test.slow()
    await acceptCookies(page)
    await page.goto('/en/')
    const box = page.getByRole('combobox', { name: 'Search Matjar' }).first()
    await box.fill('sa')
    // Under 3 characters nothing is asked.
    const list = page.getByRole('listbox', { name: 'Search suggestions' }).first()
    await expect(list.getByRole('option')).toHaveCount(0)
    await box.fill('samsu')
    await expect(list.getByRole('group', { name: 'Suggestions' }).getByRole('option').first()).toContainText(/Samsung/)
    const products = list.getByRole('group', { name: 'Products' }).getByRole('option')
    await expect(products.first()).toContainText('Samsung')
    expect(await products.count()).toBeLessThanOrEqual(6)
    expect(await list.getByRole('group', { name: 'Suggestions' }).getByRole('option').count()).toBeLessThanOrEqual(9)

    // The arrow keys move through the entries; Enter searches the chosen word.
    await box.press('ArrowDown')
    const first = list.getByRole('option').first()
    await expect(first).toHaveAttribute('aria-selected', 'true')
    const word = (await first.innerText()).trim()
    await box.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/en/search\\?q=${encodeURIComponent(word).replace(/%20/g, '(\\+|%20)')}`))
    await expect(page.getByRole('heading', { level: 1, name: `Results for "${word}"` })).toBeVisible()
    // Results are those of the shopper's city (Riyadh until one is chosen).
    const count = Number((await page.getByText(/^\d+ results? in Riyadh/).innerText()).split(' ')[0])
    expect(count).toBeGreaterThan(0)

    // A brand filter narrows the results to that brand; the order by price goes up.
    const filters = page.getByRole('complementary', { name: 'Filters' })
    await filters.getByRole('checkbox', { name: /^Samsung/ }).check()
    await expect(page).toHaveURL(/brand=Samsung/)
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc')
    await expect(page).toHaveURL(/sort=price_asc/)
    await expect(page.getByRole('article').first()).toContainText('Samsung')

    // The term was kept: the empty box offers it after a reload.
    await page.reload()
    await page.getByRole('combobox', { name: 'Search Matjar' }).first().focus()
    await expect(page.getByRole('group', { name: 'Recent searches' }).getByRole('option', { name: word })).toBeVisible()
  })

  test('recent searches survive full loads of the results page; a malformed list in storage is dropped, never thrown', async ({ page }) => {
    await acceptCookies(page)
    await page.goto('/en/')
    // What another version or a hand edit might have left: the box must still open (a console error fails the test).
    await page.evaluate(() => localStorage.setItem('savedSearchWords', '{"0":"tv"}'))
    await page.reload()
    const box = page.getByRole('combobox', { name: 'Search Matjar' }).first()
    await box.focus()
    await expect(page.getByRole('group', { name: 'Recent searches' })).toHaveCount(0)
    // Each results page loaded as a whole page adds its term to the others instead of replacing them.
    await page.goto('/en/search?q=oven')
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "oven"' })).toBeVisible()
    await page.goto('/en/search?q=kettle')
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "kettle"' })).toBeVisible()
    await page.reload()
    await page.getByRole('combobox', { name: 'Search Matjar' }).first().focus()
    const recents = page.getByRole('group', { name: 'Recent searches' }).getByRole('option')
    await expect(recents).toHaveText(['kettle', 'oven'])
  })

  test('a click on a result and an add to cart or wishlist after it are reported with the queryID', async ({ page, context }) => {
    await acceptCookies(page)
    await context.addCookies([{ name: 'region_id', value: '1101', url: storeBase }])
    await page.goto('/en/search?q=headphones')
    const clicked = page.waitForRequest((r) => r.url().endsWith('/1/events') && r.postDataJSON().events[0].eventType === 'click')
    // A product that can be added here: a simple one in stock.
    const cards = page.getByRole('article')
    const position = (
      await cards.evaluateAll((all) =>
        all.map((a) => [...a.querySelectorAll('button')].some((b) => /^Add to Cart: /.test(b.getAttribute('aria-label') ?? ''))),
      )
    ).indexOf(true)
    expect(position).toBeGreaterThanOrEqual(0)
    await cards.nth(position).getByRole('heading', { level: 3 }).getByRole('link').click()
    const [click] = (await clicked).postDataJSON().events
    expect(click).toMatchObject({
      eventName: 'Product Clicked',
      index: 'products_en',
      positions: [position + 1],
      queryID: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
    await expect(page).toHaveURL(new RegExp(`queryID=${click.queryID}$`))
    const added = page.waitForRequest((r) => r.url().endsWith('/1/events') && r.postDataJSON().events[0].eventSubtype === 'addToCart')
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible()
    expect((await added).postDataJSON().events[0]).toMatchObject({ queryID: click.queryID, index: 'products_en', objectIDs: click.objectIDs })
    await page.getByRole('dialog', { name: 'Your cart' }).getByRole('button', { name: 'Close' }).click()
    const wished = page.waitForRequest((r) => r.url().endsWith('/1/events') && r.postDataJSON().events[0].eventName === 'Product Added To Wishlist')
    await page
      .getByRole('button', { name: /to favourites$/ })
      .first()
      .click()
    expect((await wished).postDataJSON().events[0]).toMatchObject({ eventType: 'conversion', queryID: click.queryID, objectIDs: click.objectIDs })
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('searchSourceItems') ?? '[]'))
    expect(stored).toEqual([expect.objectContaining({ queryID: click.queryID, indexName: 'products_en', entity_id: Number(click.objectIDs[0]) })])
  })

  test('a search with no result offers popular searches', async ({ page }) => {
    await acceptCookies(page)
    // "OR" would find the iPhone in Cosmic Orange (words are matched by their start): AND finds nothing.
    await page.goto('/en/search?q=' + encodeURIComponent("%' AND 1=1 --"))
    await expect(page.getByText(/No products match/)).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Popular searches' })).toBeVisible()
  })

  test('a word too many is left out and named; a typo offers the word it stood for', async ({ page }) => {
    await acceptCookies(page)
    await page.goto('/en/search?q=' + encodeURIComponent('iphone 17 pro max'))
    await expect(page.getByText('No product matches every word, so these were left out: max')).toBeVisible()
    await expect(page.getByRole('article').first()).toContainText('iPhone 17 Pro')
    await page.goto('/en/search?q=samsnug')
    await expect(page.getByRole('article').first()).toContainText('Samsung')
    await page.getByRole('link', { name: 'samsung', exact: true }).click()
    await expect(page).toHaveURL(/\/en\/search\?q=samsung$/)
    await expect(page.getByText('Did you mean')).toHaveCount(0)
  })
})

test.describe('searching on a phone, in Arabic', () => {
  test.use({ viewport: phone })

  test('the open box fills the screen; a product suggestion opens its page with the queryID', async ({ page }) => {
    await acceptCookies(page)
    await page.goto('/')
    const box = page.getByRole('combobox', { name: 'ابحث في «متجر»' }).last()
    await box.fill('ايفون')
    const products = page.getByRole('group', { name: 'المنتجات' }).getByRole('option')
    await expect(products.first()).toContainText('آيفون')
    await products.first().click()
    await expect(page).toHaveURL(/\/product\/[a-z0-9-]+\?queryID=[0-9a-f]{32}$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('آيفون')
  })

  test('the open box says when there is nothing to suggest instead of staying blank', async ({ page }) => {
    await acceptCookies(page)
    await page.goto('/')
    const box = page.getByRole('combobox', { name: 'ابحث في «متجر»' }).last()
    await box.fill('زززقققخخخ')
    await expect(page.getByRole('status').filter({ hasText: 'لا توجد اقتراحات لـ«زززقققخخخ»' })).toBeVisible()
  })

  test('a shopper in Abha sees what Abha has, and can widen to every city and back', async ({ page, context }) => {
    await acceptCookies(page)
    await context.addCookies([{ name: 'region_id', value: '1111', url: storeBase }])
    await page.goto('/search?q=' + encodeURIComponent('أسود'))
    const line = page.getByText(/نتائج? في أبها|نتيجةً? في أبها/).first()
    await expect(line).toBeVisible()
    const inAbha = Number(/(\d+)/.exec(await line.innerText())![1])
    const widen = page.getByRole('link', { name: /في كل المدن$/ })
    const everywhere = Number(/(\d+)/.exec(await widen.innerText())![1])
    expect(everywhere).toBeGreaterThan(inAbha)
    await widen.click()
    await expect(page).toHaveURL(/cities=all/)
    await expect(page.getByText(new RegExp(`^${everywhere} (نتائج|نتيجةً|نتيجة) في كل المدن`))).toBeVisible()
    // Narrowed again by the link back to the city.
    await page.getByRole('link', { name: 'في أبها فقط' }).click()
    await expect(page).not.toHaveURL(/cities=all/)
    await expect(page.getByText(/في أبها/).first()).toBeVisible()
  })

  test('a plural finds the singular, two words read as one, and a word too many is named', async ({ page }) => {
    await acceptCookies(page)
    await page.goto('/search?q=' + encodeURIComponent('مكيفات'))
    await expect(page.getByRole('article').first()).toContainText('مكيف')
    await page.goto('/search?q=' + encodeURIComponent('لاب توب'))
    await expect(page.getByRole('article').first()).toContainText('لابتوب')
    await page.goto('/search?q=' + encodeURIComponent('ايفون 17 برو ماكس'))
    await expect(page.getByText('لا يوجد منتج يطابق كل الكلمات، لذلك تجاهلنا: ماكس')).toBeVisible()
    await expect(page.getByRole('article').first()).toContainText('آيفون 17 برو')
  })

  test('results in Arabic for an Arabic word, with its normalised forms', async ({ page }) => {
    await acceptCookies(page)
    await page.goto('/search?q=' + encodeURIComponent('سامسونج'))
    await expect(page.getByRole('article').first()).toContainText('سامسونج')
    await page.goto('/search?q=' + encodeURIComponent('آيفون ١٧'))
    await expect(page.getByRole('article').first()).toContainText('آيفون 17')
  })

  test('an English word on the Arabic page names its brand filter in Arabic, and the filter works', async ({ page }) => {
    await acceptCookies(page)
    await page.goto('/search?q=samsung')
    // On a phone the filters are folded away under their own summary.
    await page
      .locator('summary')
      .filter({ hasText: /^تصفية/ })
      .click()
    const brands = page.getByRole('group', { name: 'العلامة التجارية' })
    await brands.getByRole('checkbox', { name: /سامسونج/ }).check()
    await expect(page).toHaveURL(/brand=Samsung/)
    await expect(page.getByRole('article').first()).toContainText('سامسونج')
    await expect(brands.getByRole('checkbox', { name: /سامسونج/ })).toBeChecked()
    await expect(brands.getByRole('checkbox', { name: /Samsung/ })).toHaveCount(0)
  })
})
