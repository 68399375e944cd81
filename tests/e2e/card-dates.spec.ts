// The delivery date on every card (docs/product.md, "Product card", docs/decisions/0040-card-delivery-dates.md): a
// listing's card says when the product arrives in the shopper's city, and its product page offers that day first.
import { desktop, expect, phone, test } from './fixtures'

for (const { name, viewport, listing, arrives } of [
  { name: 'in English on a desktop', viewport: desktop, listing: '/en/smartphones', arrives: /^Arrives (.+)$/ },
  { name: 'in Arabic on a phone', viewport: phone, listing: '/smartphones', arrives: /^يصلك (.+)$/ },
]) {
  test.describe(name, () => {
    test.use({ viewport })

    test("a card's delivery date is its product page's first date", async ({ page }) => {
      await page.goto(listing)
      const card = page
        .getByRole('article')
        .filter({ has: page.locator('time') })
        .first()
      const date = card.locator('time')
      const text = (await date.textContent())!.trim()
      const label = arrives.exec(text)?.[1]
      expect(label, text).toBeTruthy()
      const day = await date.getAttribute('datetime')
      await card.getByRole('heading').getByRole('link').click()
      const first = page.locator('section[aria-labelledby="delivery-heading"] li time').first()
      await expect(first).toHaveText(label!)
      await expect(first).toHaveAttribute('datetime', day!)
    })
  })
}
