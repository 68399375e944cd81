// The edge page cache (docs/decisions/0010) seen from the browser: a shopper on a page another shopper's visit put in
// the cache adds to the cart and sees their own count, and the other shopper still sees theirs.
import { acceptCookies, desktop, expect, phone, test } from './fixtures'
import { storeBase } from './browser'

test.describe('a cached category page', () => {
  test.use({ viewport: desktop })

  test('a shopper adds to cart on a cached page and sees their own count; another shopper keeps theirs', async ({ page, browser }) => {
    // Two shoppers, four page loads and an add: a whole journey (35-40 s beside a busy core, 60+ in a full run).
    test.slow()
    const city = [{ name: 'region_id', value: '1101', url: storeBase }]
    // The first shopper's visit puts the page in the cache.
    const first = await browser.newContext({ viewport: desktop })
    await first.addCookies(city)
    const firstPage = await first.newPage()
    await acceptCookies(firstPage)
    await firstPage.goto('/en/speakers')
    await expect(firstPage.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible()

    // The second shopper gets the same HTML from the cache, and their own cart.
    await acceptCookies(page)
    await page.context().addCookies(city)
    const answer = await page.goto('/en/speakers')
    expect(answer?.headers()['x-page-cache']).toBe('hit')
    await page
      .getByRole('button', { name: /^Add to Cart: / })
      .first()
      .click()
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()

    await firstPage.reload()
    await expect(firstPage.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible()
    await first.close()
  })
})

test.describe('a cached page on a phone, in Arabic', () => {
  test.use({ viewport: phone })

  test('answers from the cache with a script nonce of its own each time', async ({ page }) => {
    await acceptCookies(page)
    const first = await page.goto('/chargers')
    const second = await page.goto('/chargers')
    expect(second?.headers()['x-page-cache']).toBe('hit')
    const nonce = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1]
    expect(nonce(second?.headers()['content-security-policy'])).not.toBe(nonce(first?.headers()['content-security-policy']))
    // The page runs: its scripts carry the new nonce (a refused script would be a console error, which fails the test).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
})
