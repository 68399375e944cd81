// Back-in-stock alerts (docs/product.md, "Back-in-stock alerts"): a guest asks on a product sold out in their city,
// proving their mobile by code; staff put stock back in the console; the alert arrives once, and a second restock
// sends nothing more.
import { readFileSync } from 'node:fs'
import { desktop, expect, lastCode, test } from './fixtures'

/** The local operator token `npm install` wrote into .dev.vars (README, "Operating"). */
const operator = {
  authorization: `Bearer ${/^OPS_TOKEN=(.+)$/m.exec(readFileSync(new URL('../../.dev.vars', import.meta.url), 'utf8'))![1]!.trim()}`,
}

test.describe('on a desktop, in English', () => {
  // The first press learns a code is needed, and a wrong code is refused: two 400s the form answers.
  test.use({ viewport: desktop, locale: 'en-US', allowConsoleErrors: [/status of 400/] })

  test('a shopper asks for an alert, the stock returns, the alert arrives once', async ({ page, request }) => {
    test.slow()
    // A product of a category: a variant belongs to none and has no page of its own.
    const listed = await request.get('/api/ops/products?category=headphones', { headers: operator })
    expect(listed.status(), await listed.text()).toBe(200)
    const rows = (await listed.json()).data.products as {
      sku: string
      rewrite_url: string
      type_id: string
      hidden: number
      not_for_sale: number
      stock_total: number
    }[]
    const product = rows.find((p) => p.type_id === 'simple' && !p.hidden && !p.not_for_sale && p.stock_total > 0)!
    const setStock = async (qty: number) => {
      const changed = await request.post(`/api/ops/products/${product.sku}/stock`, {
        headers: operator,
        data: { changes: [{ region_id: 1101, set: qty }], reason: 'count' },
      })
      expect(changed.status(), await changed.text()).toBe(200)
    }
    await setStock(0)

    const mobile = '0551239876'
    const international = '966551239876'
    await page.goto(`/en/product/${product.rewrite_url}`)
    await expect(page.getByRole('button', { name: 'Out of stock' })).toBeDisabled()
    await page.getByRole('button', { name: 'Notify me when it is back' }).click()
    const form = page.getByRole('form', { name: 'Back-in-stock alert' })
    await form.getByLabel('Mobile number').fill(mobile)
    await form.getByRole('button', { name: 'Notify me' }).click()
    await expect(form.getByText(`We sent a code to ${mobile}. Type it below.`)).toBeVisible()
    // A wrong code is refused in the shopper's language.
    const code = await lastCode(request, international)
    await form.getByLabel('The 6-digit code').fill(code === '000000' ? '111111' : '000000')
    await form.getByRole('button', { name: 'Notify me' }).click()
    await expect(form.getByRole('alert')).toHaveText('Invalid OTP code')
    await form.getByLabel('The 6-digit code').fill(code)
    await form.getByRole('button', { name: 'Notify me' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Done: we will tell you once, when it is back in your city.' })).toBeVisible()

    const alerts = async () => {
      const { token } = await (await request.post('/commerce/handshake', { data: { store: 'en' } })).json()
      const outbox = await request.get(`/commerce/dev/outbox?recipient=${international}`, { headers: { authorization: `Bearer ${token}` } })
      return ((await outbox.json()).messages as { body: string }[]).filter((message) => message.body.includes('is back in stock'))
    }
    expect(await alerts()).toHaveLength(0)
    // Staff count stock back into Riyadh: the alert goes, with the product's page.
    await setStock(4)
    await expect.poll(async () => (await alerts()).length).toBe(1)
    expect((await alerts())[0]!.body).toContain(`/en/product/${product.rewrite_url}`)
    // Sold out and back again: nothing more.
    await setStock(0)
    await setStock(2)
    await page.reload()
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible()
    expect(await alerts()).toHaveLength(1)
  })
})
