// The catalogue import in the console (docs/catalogue-import.md, "In the console"): a catalogue member on a phone, in
// Arabic, uploads a file with two bad rows and sees both named by line and column, nothing imported; then uploads it
// fixed, loads it, and a shopper sees the new product.
import { readFileSync } from 'node:fs'
import { Secret, TOTP } from 'otpauth'
import { expect, phone, test } from './fixtures'

const token = () => /^OPS_TOKEN=(.+)$/m.exec(readFileSync(new URL('../../.dev.vars', import.meta.url), 'utf8'))![1]!.trim()
const appCode = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() })

const header = 'sku,url_key,name_ar,name_en,description_ar,description_en,brand_ar,brand_en,categories,price,stock'
const row = (sku: string, price: string, category = 'headphones') =>
  `${sku},${sku.toLowerCase()},سماعة ${sku},Headphones ${sku},سماعة لاسلكية بعزل الضوضاء,Wireless noise-cancelling headphones,ماتجر,Matjar,${category},${price},1101=7`

test.describe('a catalogue import on a phone, in Arabic', () => {
  test.use({ viewport: phone })

  test('with two bad rows is refused naming both, then fixed and loaded', async ({ page, request }) => {
    test.slow()
    const stamp = Date.now().toString(36).toUpperCase()
    const invited = await request.post('/api/ops/staff/invite', {
      headers: { authorization: `Bearer ${token()}` },
      data: { email: `catalogue-${stamp.toLowerCase()}@matjar.test`, role: 'catalogue' },
    })
    expect(invited.status()).toBe(200)
    const invite = new URL((await invited.json()).data.link as string).searchParams.get('invite')!
    const enrolment = (await (await page.request.get(`/api/ops/join?invite=${invite}`)).json()).data
    const joined = await page.request.post('/api/ops/join', {
      data: { invite, enrolment: enrolment.enrolment, name: 'نورة القحطاني', password: 'catalogue desk passphrase', code: appCode(enrolment.secret) },
    })
    expect(joined.status()).toBe(200)

    // Straight to the screen: the console's first page is the orders', which a catalogue member may not read.
    await page.goto('/ops/import')
    await expect(page.getByRole('navigation').getByRole('link', { name: 'الاستيراد' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'استيراد الكتالوج' })).toBeVisible()
    const rows = [row(`IMP-${stamp}-1`, '249'), row(`IMP-${stamp}-2`, 'free'), row(`IMP-${stamp}-3`, '199', 'no-such-aisle')]
    await page
      .getByLabel('ملف المنتجات (CSV أو JSON)')
      .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) })
    await page.getByRole('button', { name: 'افحص الملف' }).click()
    await expect(page.getByRole('alert')).toHaveText('في الملف مشكلتان، ولم يُستورد شيء. أصلحهما ثم ارفع الملف من جديد.')
    const problems = page.getByRole('list', { name: 'المشكلة' }).getByRole('listitem')
    await expect(problems).toHaveCount(2)
    await expect(problems.nth(0)).toContainText('السطر 3، العمود «price»')
    await expect(problems.nth(1)).toContainText('السطر 4، العمود «categories»')
    await expect(problems.nth(1)).toContainText('لا يوجد تصنيف رابطه «no-such-aisle»')

    await page.getByRole('link', { name: 'استيراد ملف آخر' }).click()
    // After an upload the console asks again for everything it shows. The list can answer first and, naming the new
    // import as open, replace the form by its panel before the upload's own answer was acted on: under a full run's
    // load the import then lost its place in the address and, once loaded, its panel (stop 59). The staff member's
    // own details are held until the panel is there, to make that order certain.
    let uploaded = false
    let showPanel!: () => void
    const panelShown = new Promise<void>((resolve) => (showPanel = resolve))
    page.on('request', (request) => {
      if (/\/api\/ops\/imports\?/.test(request.url()) && request.method() === 'POST') uploaded = true
    })
    await page.route('**/api/ops/me?*', async (route) => {
      if (uploaded) await panelShown
      await route.continue()
    })
    const fixed = [row(`IMP-${stamp}-1`, '249'), row(`IMP-${stamp}-2`, '299'), row(`IMP-${stamp}-3`, '199')]
    await page
      .getByLabel('ملف المنتجات (CSV أو JSON)')
      .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...fixed].join('\n')) })
    await page.getByRole('button', { name: 'افحص الملف' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'products.csv' })).toBeVisible()
    showPanel()
    await expect(page.getByText('لا مشكلات في الملف. هذا ما سيفعله التحميل:')).toBeVisible()
    await expect(page.getByRole('definition').first()).toHaveText('3')
    await page.getByRole('button', { name: 'حمّل الملف' }).click()
    await expect(page.getByRole('status')).toHaveText('اكتمل الاستيراد، ويرى المتسوقون الكتالوج الجديد الآن.', { timeout: 60_000 })

    // The shopper's page of one of them.
    await page.goto(`/en/product/imp-${stamp.toLowerCase()}-2`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Headphones IMP-${stamp}-2`)
  })
})
