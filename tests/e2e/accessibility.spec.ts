// axe on every page type, in Arabic on a phone and in English on a desktop: no serious or critical
// violation of WCAG 2.1 A/AA.
import { acceptCookies, desktop, expect, expectNoSeriousAxeViolations, phone, test } from './fixtures'
import { storeBase } from './browser'

const pages = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/laptops' },
  { name: 'product', path: '/product/samsung-galaxy-s25-128gb-black-1001' },
  { name: 'search', path: '/search?q=samsung' },
  { name: 'cart', path: '/cart' },
  { name: 'compare', path: '/compare' },
  { name: 'favourites', path: '/user/favourites' },
  { name: 'static page', path: '/static/privacy-policy' },
  { name: 'not found', path: '/no-such-page' },
]

for (const { label, viewport, prefix } of [
  { label: 'Arabic on a phone', viewport: phone, prefix: '' },
  { label: 'English on a desktop', viewport: desktop, prefix: '/en' },
]) {
  test.describe(`accessibility, ${label}`, () => {
    // The browser reports the not-found page's own 404 status as a console error.
    test.use({ viewport, allowConsoleErrors: [/status of 404/] })

    for (const { name, path } of pages) {
      test(`${name}: no serious or critical axe violation`, async ({ page }) => {
        // A scan of the English desktop home takes 1.6 s on a quiet 2-core machine, about 1 s of it axe's rules in the
        // page (60% of that colour contrast: a computed style and a colour parse per text node), 5.3 s with the CPU at a
        // quarter speed (tests/e2e/fixtures.ts says why it is no longer twice that): the default budget holds.
        await acceptCookies(page)
        await page.goto(prefix + path)
        await expectNoSeriousAxeViolations(page)
      })
    }
  })
}

test.describe('accessibility of a filled cart', () => {
  test.use({ viewport: phone })

  test('lines, the replacement offer, the vouchers section and the totals: no serious or critical axe violation', async ({ page, context }) => {
    await acceptCookies(page)
    await context.addCookies([{ name: 'region_id', value: '1101', url: storeBase }])
    await page.goto('/air-conditioners')
    await page
      .getByRole('button', { name: /^أضف إلى السلة: / })
      .first()
      .click()
    await expect(page.getByRole('dialog', { name: 'سلة التسوق' })).toBeVisible()
    await page.goto('/cart#vouchers')
    await expect(page.getByRole('textbox', { name: 'رمز الكوبون' })).toBeVisible()
    await expectNoSeriousAxeViolations(page)
  })
})
