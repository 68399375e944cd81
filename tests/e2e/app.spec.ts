// The app on the home screen and recently viewed (docs/product.md, "The app on the home screen", "Recently viewed"):
// the manifests in both languages, the service worker, a visited product read offline with its notice, add to cart
// offline, and the device's list of products viewed, cleared by a sign-out from a shared device.
import type { Page } from '@playwright/test'
import { acceptCookies, desktop, expect, logInInEnglish, newMobile, phone, registeredCustomer, test } from './fixtures'

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString()).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** The first n product pages a category lists, in the page's language. */
async function productPaths(page: Page, category: string, n: number): Promise<string[]> {
  await page.goto(category)
  const links = page.locator('main a[href*="/product/"]')
  const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''))
  return [...new Set(hrefs)].slice(0, n)
}

async function serviceWorkerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated')
}

test.describe('the manifest', () => {
  for (const { locale, home, href, name, dir } of [
    { locale: 'ar', home: '/', href: '/manifest.webmanifest', name: 'متجر', dir: 'rtl' },
    { locale: 'en', home: '/en/', href: '/en/manifest.webmanifest', name: 'Matjar', dir: 'ltr' },
  ]) {
    test(`is linked and valid in ${locale}, its icons reachable`, async ({ page, request }) => {
      await page.goto(home)
      await expect(page.locator('link[rel=manifest]')).toHaveAttribute('href', href)
      const response = await request.get(href)
      expect(response.status()).toBe(200)
      const manifest = await response.json()
      expect(manifest).toMatchObject({ short_name: name, lang: locale, dir, start_url: home, display: 'standalone', theme_color: '#0b4f9c' })
      expect(manifest.name).toContain(name)
      const purposes = new Set<string>()
      for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
        const image = await request.get(icon.src)
        expect(image.status(), icon.src).toBe(200)
        expect(image.headers()['content-type']).toBe('image/png')
        const { width, height } = pngSize(await image.body())
        expect(`${width}x${height}`).toBe(icon.sizes)
        purposes.add(`${icon.purpose} ${icon.sizes}`)
      }
      expect([...purposes]).toEqual(expect.arrayContaining(['any 192x192', 'any 512x512', 'maskable 512x512']))
    })
  }
})

test.describe('offline, in Arabic on a phone', () => {
  // Offline, the page's own requests (the session, personalisation) fail: that is what the test is about.
  test.use({ viewport: phone, allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|status of 50\d|net::/] })

  // Offline the kept page hydrates from the kept scripts: they are matched by name alone (the server varies them on
  // Origin; src/sw/service-worker.ts). Until that, the page showed with its notice and never hydrated.
  test('a visited product opens offline with its notice, and adding it to the cart needs the network', async ({ page, context }) => {
    await acceptCookies(page)
    const [product] = await productPaths(page, '/laptops', 1)
    await serviceWorkerInControl(page)
    await page.goto(product!)
    const name = await page.getByRole('heading', { level: 1 }).textContent()
    const url = new URL(product!, page.url()).href
    // Kept once the worker has fetched it (a page load through it keeps it; so does the page's own request).
    await page.waitForFunction(async (kept) => (await caches.match(kept)) !== undefined, url)
    await expect(page.getByText('أنت غير متصل بالإنترنت؛ قد لا تكون هذه الصفحة محدّثة.')).toHaveCount(0)

    await context.setOffline(true)
    // Offline the page's load event may never come (a request the browser keeps retrying): wait for what it shows.
    await page.goto(product!, { waitUntil: 'commit' })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!)
    await expect(page.getByText('أنت غير متصل بالإنترنت؛ قد لا تكون هذه الصفحة محدّثة.')).toBeVisible()
    await page.getByRole('button', { name: 'أضف إلى السلة' }).first().click()
    await expect(page.getByText('الإضافة إلى السلة تحتاج إلى اتصال. اتصل بالإنترنت وحاول مرة أخرى.')).toBeVisible()

    // A page never kept (the cart) is the offline page, in the page's language.
    await page.evaluate(() => location.assign('/en/cart'))
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()
    await context.setOffline(false)
  })
})

// A part of the page whose code comes later (related products, reviews, the footer: src/lib/lazy-part.tsx) may never
// arrive: a kept page opened offline before that code was ever fetched. The part is left out, not the page; the CI run of
// stop 61 showed the whole page as "Something went wrong" when the related products' code failed offline.
test.describe('a part whose code cannot arrive, in Arabic on a phone', () => {
  // The service worker would answer the scripts itself, out of the test's reach.
  test.use({ viewport: phone, serviceWorkers: 'block', allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch/] })

  test('is left out, the page stays; once online again it arrives', async ({ page, context }) => {
    const [product] = await productPaths(page, '/laptops', 1)
    // The related products' code, told apart by its own words (its chunk's name changes with every build).
    let blocked = true
    const failed: string[] = []
    await page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch()
      const body = await response.text()
      if (blocked && body.includes('Related products')) {
        failed.push(route.request().url())
        return route.abort('internetdisconnected')
      }
      return route.fulfill({ response, body })
    })
    await page.goto(product!)
    const name = await page.getByRole('heading', { level: 1 }).textContent()
    await page.mouse.wheel(0, 6000)
    const related = page.getByRole('region', { name: 'منتجات ذات صلة' })
    // Tried when the page was idle and again when scrolled near: both failed.
    await expect.poll(() => failed.length).toBeGreaterThanOrEqual(2)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!)
    await expect(related).toHaveCount(0)

    // The browser says it is online again: the part tries once more and shows.
    blocked = false
    await context.setOffline(true)
    await context.setOffline(false)
    await expect(related.getByRole('article').first()).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!)
    // Scripts the page still asks for after this must not outlive the test inside its route.
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  })
})

test.describe('recently viewed, in English on a desktop', () => {
  test.use({ viewport: desktop })

  test('shows on the home page and under a product page, and a shared-device sign-out clears it', async ({ page, request }) => {
    const mobile = newMobile('058')
    const { email, password } = await registeredCustomer(request, mobile, { first: 'Nora', last: 'Alharbi' })
    await acceptCookies(page)
    const [first, second] = await productPaths(page, '/en/laptops', 2)
    await page.goto(first!)
    const firstName = (await page.getByRole('heading', { level: 1 }).textContent())!
    // The product on screen is not in its own list: nothing else was viewed yet.
    await expect(page.getByRole('heading', { name: 'Recently viewed' })).toHaveCount(0)
    await page.goto(second!)
    const secondName = (await page.getByRole('heading', { level: 1 }).textContent())!
    const underProduct = page.getByTestId('recently-viewed')
    await expect(underProduct.getByRole('link', { name: firstName })).toBeVisible()
    await expect(underProduct.getByRole('link', { name: secondName })).toHaveCount(0)

    await page.goto('/en/')
    const onHome = page.getByTestId('recently-viewed')
    await expect(onHome.getByRole('heading', { name: 'Recently viewed' })).toBeVisible()
    // Newest first.
    await expect(onHome.getByRole('link')).toHaveCount(2)
    await expect(onHome.getByRole('link').first()).toContainText(secondName)
    // The page's HTML, which caches keep for everyone, never holds it.
    const html = await (await request.get('/en/', { headers: { 'user-agent': 'Mozilla/5.0 Chrome/156' } })).text()
    expect(html).not.toContain('Recently viewed')

    await logInInEnglish(page, email, password, 'Nora')
    await page.getByRole('button', { name: 'My account: Nora' }).click()
    await page.getByRole('menuitem', { name: 'Log out and clear this device' }).click()
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
    await expect(page.getByTestId('recently-viewed')).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('recentlyViewed'))).toBeNull()
    await page.reload()
    await expect(page.getByTestId('recently-viewed')).toHaveCount(0)
  })
})
