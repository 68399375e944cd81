// The merchant console (docs/product.md, "The merchant console"): a member joins by invitation with an authenticator
// app, finds a cash order by the buyer's mobile, confirms and ships it, and the buyer sees the parcel; an owner invites
// a support member, who cannot ship or manage staff.
import { readFileSync } from 'node:fs'
import { Secret, TOTP } from 'otpauth'
import { apiCheckoutDetails, desktop, expect, lastCode, newMobile, operatorStep, phone, registeredCustomer, test } from './fixtures'

const token = () => /^OPS_TOKEN=(.+)$/m.exec(readFileSync(new URL('../../.dev.vars', import.meta.url), 'utf8'))![1]!.trim()

/** What the authenticator app shows for a secret: the code of the step after `after`'s, so no code is used twice. */
function appCode(secret: string, at = Date.now()) {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at })
}

/** An invitation made from the terminal, as `npm run ops -- staff invite` makes it: its link's path and query. */
async function invitation(request: import('@playwright/test').APIRequestContext, role: string, email = `${role}-${Date.now()}@matjar.test`) {
  const invited = await request.post('/api/ops/staff/invite', { headers: { authorization: `Bearer ${token()}` }, data: { email, role } })
  expect(invited.status()).toBe(200)
  const link = new URL((await invited.json()).data.link as string)
  return { path: `${link.pathname}${link.search}`, email }
}

/** A guest's cash order over the Direct API, its mobile verified: the order number and the mobile. */
async function cashOrder(request: import('@playwright/test').APIRequestContext) {
  const { token: handshake } = await (await request.post('/commerce/handshake', { data: { store: 'ar' } })).json()
  const headers = { authorization: `Bearer ${handshake}` }
  const { quoteId } = await (await request.get('/commerce/cart/create?region=1101', { headers })).json()
  const withQuote = { ...headers, quote: quoteId }
  // A product in stock in Riyadh, found through the store's own pages.
  const html = await (await request.get('/en/headphones')).text()
  let sku: string | undefined
  for (const [, path] of html.matchAll(/href="(\/en\/product\/[^"]+)"/g)) {
    const page = await (await request.get(path!)).text()
    sku = page.includes('In stock') ? /SKU: <bdi dir="ltr">([A-Z]+-\d+)<\/bdi>/.exec(page)?.[1] : undefined
    if (sku) break
  }
  const added = await request.post('/commerce/cart/add', { headers: withQuote, data: { sku, qty: 1, extension_attributes: { region: '1101' } } })
  expect(added.status(), await added.text()).toBe(200)
  const buyer = newMobile('059')
  await request.post('/commerce/cart/telephone', { headers: { ...withQuote, recaptcha: 'Bearer test-pass' }, data: { mobilenumber: buyer.local } })
  const otpcode = await lastCode(request, buyer.international)
  expect((await request.post('/commerce/cart/verify-mobile', { headers: withQuote, data: { mobilenumber: buyer.local, otpcode } })).status()).toBe(
    200,
  )
  const checkout = await apiCheckoutDetails(request, withQuote, { name: 'ريم القحطاني', email: 'reem.console@example.com', mobile: buyer.local })
  const placed = await request.post('/commerce/cart/placeOrder', {
    headers: withQuote,
    data: { checkout, paymentMethod: { method: 'cashondelivery' } },
  })
  expect(placed.status(), await placed.text()).toBe(200)
  return { number: (await placed.json()).increment_id as string, buyer }
}

/** A product in stock in Riyadh, found through the store's own pages. */
async function skuInStock(request: import('@playwright/test').APIRequestContext, listing: string) {
  const html = await (await request.get(listing)).text()
  for (const [, path] of html.matchAll(/href="(\/en\/product\/[^"]+)"/g)) {
    const page = await (await request.get(path!)).text()
    const sku = page.includes('In stock') ? /SKU: <bdi dir="ltr">([A-Z]+-\d+)<\/bdi>/.exec(page)?.[1] : undefined
    if (sku) return sku
  }
  throw new Error(`no product in stock on ${listing}`)
}

/**
 * A registered customer's card order of two units, paid on the embedded Moyasar's page, shipped and delivered, whose
 * buyer asks to return it: the order number, the buyer's mobile and the product's SKU.
 */
async function deliveredOrderToReturn(request: import('@playwright/test').APIRequestContext) {
  const buyer = newMobile('058')
  const { email, password } = await registeredCustomer(request, buyer, { first: 'Maha', last: 'Alshammari' })
  const { token: handshake } = await (await request.post('/commerce/handshake', { data: { store: 'ar' } })).json()
  const base = { authorization: `Bearer ${handshake}`, recaptcha: 'Bearer e2e' }
  const login = await request.post('/commerce/customer/login', { headers: base, data: { username: email, password, recaptchaToken: 'e2e' } })
  const headers = { ...base, mage: (await login.json()).token as string }
  const { quoteId } = await (await request.get('/commerce/cart/create?region=1101', { headers })).json()
  const withQuote = { ...headers, quote: quoteId }
  const sku = await skuInStock(request, '/en/headphones')
  const added = await request.post('/commerce/cart/add', { headers: withQuote, data: { sku, qty: 2, extension_attributes: { region: '1101' } } })
  expect(added.status(), await added.text()).toBe(200)
  const checkout = await apiCheckoutDetails(request, withQuote, { name: 'مها الشمري', email, mobile: buyer.local })
  const placed = await request.post('/commerce/cart/placeOrder', { headers: withQuote, data: { checkout, paymentMethod: { method: 'card' } } })
  expect(placed.status(), await placed.text()).toBe(200)
  const { increment_id: number, payment_url } = await placed.json()
  const paid = await request.post(new URL(payment_url as string).pathname + new URL(payment_url as string).search, {
    form: { name: 'Maha Alshammari', number: '4201320111111010' },
    maxRedirects: 0,
  })
  expect(paid.status()).toBeLessThan(400)
  await operatorStep(request, number, 'ship', { courier: 'smsa', tracking_number: 'SA-5501' })
  await operatorStep(request, number, 'deliver')
  const asked = await request.post(`/commerce/customer/orders/${number}/return`, { headers, data: { reason: 'damaged', note: 'الغطاء مكسور' } })
  expect(asked.status(), await asked.text()).toBe(200)
  return { number: number as string, buyer, sku }
}

test.describe('a return on a warehouse phone, in Arabic', () => {
  test.use({ viewport: phone })

  test('is accepted, received and refunded by line; the buyer sees each step and the money', async ({ page, request }) => {
    test.slow()
    const { number, buyer } = await deliveredOrderToReturn(request)
    // An operations member joins (over the API, in the page's own cookies).
    const { path } = await invitation(request, 'operations')
    const invite = new URL(path, 'http://x').searchParams.get('invite')!
    const enrolment = (await (await page.request.get(`/api/ops/join?invite=${invite}`)).json()).data
    const joined = await page.request.post('/api/ops/join', {
      data: { invite, enrolment: enrolment.enrolment, name: 'فهد العتيبي', password: 'returns desk passphrase', code: appCode(enrolment.secret) },
    })
    expect(joined.status()).toBe(200)

    await page.goto('/ops')
    await page.getByRole('link', { name: /طلبات الإرجاع/ }).click()
    await page.getByRole('list', { name: 'الطلبات' }).getByRole('link').filter({ hasText: number }).click()
    const ret = page.getByRole('region', { name: /طلب الإرجاع/ })
    await expect(ret).toContainText('بانتظار الرد')
    await expect(ret).toContainText('وصل تالفًا')
    await ret.getByRole('button', { name: 'اقبل الإرجاع' }).click()
    await expect(ret.getByRole('status')).toHaveText('تمّ، وأُبلغ المشتري.')
    // One of the two units came back.
    const receive = ret.getByRole('form', { name: 'سجّل استلام المنتجات' })
    await receive.getByRole('combobox').selectOption('1')
    await receive.getByRole('button', { name: 'سجّل استلام المنتجات' }).click()
    await expect(ret).toContainText('استُلمت المنتجات')

    const money = page.getByRole('region', { name: 'الدفع' })
    const form = money.getByRole('form', { name: 'إعادة مبلغ' })
    await form.getByRole('button', { name: 'أعِد المبلغ' }).click()
    await expect(form.getByRole('alert')).toHaveText('اكتب سبب الإعادة.')
    await form.getByRole('combobox').first().selectOption('1')
    await form.getByRole('textbox', { name: 'السبب (يظهر في السجل)' }).fill('وصل تالفًا')
    await form.getByRole('button', { name: 'أعِد المبلغ' }).click()
    await expect(form.getByRole('status')).toContainText('وأُبلغ المشتري')
    await expect(money.getByRole('list', { name: 'المبالغ المُعادة' }).getByRole('listitem')).toHaveCount(1)
    await expect(money.getByRole('list', { name: 'المبالغ المُعادة' })).toContainText('بواسطة فهد العتيبي')
    await expect(page.getByRole('region', { name: 'الرسائل المرسلة إلى المشتري' })).toContainText('رسالة نصية')
    // The refund of an invoiced order is on the tax record: its credit note.
    await expect(money.getByRole('list', { name: 'الإشعارات الدائنة' })).toContainText(/إشعار دائن CN-\d{6}/)

    // The buyer's order page, by the number and the mobile: the return's steps and the money given back.
    await page.goto(`/user/profile?order=${number}`)
    await page.getByRole('textbox', { name: 'رقم الجوال' }).fill(buyer.local)
    await page.getByRole('button', { name: 'ابحث عن طلبي' }).click()
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible()
    await expect(page.getByText('استلمنا المنتجات المرتجعة، وسنبلغك حين نعيد المبلغ.')).toBeVisible()
    const given = page.getByRole('region', { name: 'المبالغ المُعادة' })
    await expect(given).toContainText(/أُعيد [\d,]+\.\d{2} ر\.س في/)
    // Its credit note, printable as the invoice is, for the mobile the lookup was made with.
    await given.getByRole('link', { name: /إشعار دائن CN-\d{6}/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: /إشعار دائن/ })).toBeVisible()
  })
})

test.describe('the console on a warehouse phone, in Arabic', () => {
  test.use({ viewport: phone })

  test('an operations member joins, finds a cash order by the mobile, confirms and ships it; the buyer sees the parcel', async ({
    page,
    request,
  }) => {
    test.slow()
    const { path } = await invitation(request, 'operations')
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: 'الانضمام إلى لوحة التحكم' })).toBeVisible()
    await expect(page.getByText(/بدور العمليات/)).toBeVisible()
    await expect(page.getByRole('img', { name: 'رمز QR لتطبيق المصادقة' })).toBeVisible()
    const secret = (await page.locator('code').first().innerText()).trim()
    await page.getByRole('textbox', { name: 'اسمك' }).fill('سالم الغامدي')
    // A short password and a code that is not six digits: told beside each field, nothing sent.
    await page.getByLabel('كلمة المرور').fill('short')
    await page.getByRole('textbox', { name: 'رمز تطبيق المصادقة' }).fill('12')
    await page.getByRole('button', { name: 'إنشاء حسابي' }).click()
    await expect(page.getByText('يجب ألا تقل كلمة المرور عن 10 أحرف.')).toBeVisible()
    await expect(page.getByText('أدخل الأرقام الستة من تطبيق المصادقة.')).toBeVisible()
    await page.getByLabel('كلمة المرور').fill('warehouse shift passphrase')
    await page.getByRole('textbox', { name: 'رمز تطبيق المصادقة' }).fill(appCode(secret))
    await page.getByRole('button', { name: 'إنشاء حسابي' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'الطلبات' })).toBeVisible()
    await expect(page.getByText('سالم الغامدي · العمليات')).toBeVisible()
    // Operations sees orders, customers and abandoned carts, not staff or the activity log.
    await expect(page.getByRole('navigation', { name: 'أقسام لوحة التحكم' }).getByRole('link')).toHaveText([
      'الطلبات',
      'العملاء',
      'السلال المتروكة',
      'بطاقات الهدايا',
    ])

    const { number, buyer } = await cashOrder(request)
    await page.getByRole('searchbox', { name: 'رقم الطلب أو الجوال أو البريد' }).fill(buyer.local)
    await page.getByRole('button', { name: 'بحث', exact: true }).click()
    const found = page.getByRole('list', { name: 'الطلبات' }).getByRole('link')
    await expect(found).toHaveCount(1)
    await expect(found).toContainText(number)
    await expect(found).toContainText('التالي: تأكيد')
    await found.click()

    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`الطلب ${number}`) })).toBeVisible()
    const steps = page.getByRole('region', { name: 'الخطوات التالية' })
    await steps.getByRole('button', { name: 'تأكيد', exact: true }).click()
    await expect(steps.getByRole('status')).toHaveText('تم: تأكيد.')
    await steps.getByRole('button', { name: 'شحن', exact: true }).click()
    const parcel = steps.getByRole('form', { name: 'شحن' })
    await parcel.getByRole('combobox', { name: 'شركة الشحن' }).selectOption('aramex')
    await parcel.getByRole('textbox', { name: 'رقم التتبع' }).fill('44 0')
    await parcel.getByRole('button', { name: 'تأكيد الشحن' }).click()
    await expect(steps.getByRole('alert')).toHaveText('رقم التتبع من 4 إلى 40 حرفًا أو رقمًا أو شرطة.')
    await parcel.getByRole('textbox', { name: 'رقم التتبع' }).fill('44012345678')
    await parcel.getByRole('button', { name: 'تأكيد الشحن' }).click()
    await expect(steps.getByRole('status')).toHaveText('تم: شحن.')
    const timeline = page.getByRole('region', { name: 'مراحل الطلب' })
    await expect(timeline.getByRole('listitem').filter({ hasText: 'تم الشحن' })).toContainText('بواسطة سالم الغامدي')

    // The packing slip, in the order's language: its line to tick and the cash the courier collects.
    await page.getByRole('link', { name: 'قائمة التعبئة' }).click()
    const slip = page.getByRole('article', { name: 'قائمة التعبئة' })
    // The number isolated (FSI ... PDI), so it keeps its place beside the Arabic date.
    await expect(slip).toContainText(`الطلب \u2068${number}\u2069`)
    await expect(slip.getByRole('row')).toHaveCount(2)
    await expect(slip).toContainText(/حصّل .+ نقدًا عند التسليم/)
    await expect(slip.getByRole('button', { name: 'طباعة' })).toBeVisible()

    // The buyer's order page, by the number and the mobile: the parcel and its tracking number, no staff name.
    await page.goto(`/user/profile?order=${number}`)
    await page.getByRole('textbox', { name: 'رقم الجوال' }).fill(buyer.local)
    await page.getByRole('button', { name: 'ابحث عن طلبي' }).click()
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible()
    await expect(page.getByText('44012345678')).toBeVisible()
    await expect(page.getByText('سالم الغامدي')).toBeHidden()
  })
})

test.describe('the console on a desktop, in English', () => {
  // A wrong password is answered 401, which the browser logs.
  test.use({ viewport: desktop, allowConsoleErrors: [/status of 401/] })

  test('an owner signs in, invites a support member, who can read and cancel but not ship or manage staff', async ({ page, request, browser }) => {
    test.slow()
    // The first owner, as the README's Operating section starts: invited from the terminal.
    const owner = await invitation(request, 'owner')
    const enrolment = (await (await request.get(`/api/ops/join${new URL(owner.path, 'http://x').search}`)).json()).data
    const invite = new URL(owner.path, 'http://x').searchParams.get('invite')!
    const joined = await request.post('/api/ops/join', {
      data: { invite, enrolment: enrolment.enrolment, name: 'Nora Alsaud', password: 'owner long passphrase', code: appCode(enrolment.secret) },
    })
    expect(joined.status()).toBe(200)
    await request.post('/api/ops/sign-out')

    await page.goto('/en/ops')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible()
    await page.getByRole('textbox', { name: 'Email' }).fill(owner.email)
    await page.getByLabel('Password').fill('not the passphrase')
    await page.getByRole('textbox', { name: 'Authenticator code' }).fill(appCode(enrolment.secret, Date.now() + 30_000))
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('The email, password or code is not right.')
    await page.getByLabel('Password').fill('owner long passphrase')
    await page.getByRole('textbox', { name: 'Authenticator code' }).fill(appCode(enrolment.secret, Date.now() + 30_000))
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Nora Alsaud · Owner')).toBeVisible()

    await page.getByRole('link', { name: 'Staff' }).click()
    const inviteForm = page.getByRole('form', { name: 'Invite' })
    await inviteForm.getByRole('textbox', { name: 'Email' }).fill('not an email')
    await inviteForm.getByRole('button', { name: 'Invite' }).click()
    await expect(inviteForm.getByText('Enter a valid email address.')).toBeVisible()
    const supportEmail = `support-${Date.now()}@matjar.test`
    await inviteForm.getByRole('textbox', { name: 'Email' }).fill(supportEmail)
    await inviteForm.getByRole('combobox', { name: 'Role' }).selectOption('support')
    await inviteForm.getByRole('button', { name: 'Invite' }).click()
    const link = await inviteForm.getByRole('status').locator('code').innerText()

    // The support member joins in a browser of their own.
    const support = await (await browser.newContext({ viewport: desktop, locale: 'en-GB' })).newPage()
    await support.goto(link.replace(/^https?:\/\/[^/]+/, '').replace('/ops/', '/en/ops/'))
    const secret = (await support.locator('code').first().innerText()).trim()
    await support.getByRole('textbox', { name: 'Your name' }).fill('Huda Alqahtani')
    await support.getByLabel('Password').fill('support long passphrase')
    await support.getByRole('textbox', { name: 'Authenticator code' }).fill(appCode(secret))
    await support.getByRole('button', { name: 'Create my account' }).click()
    await expect(support.getByText('Huda Alqahtani · Customer support')).toBeVisible()
    await expect(support.getByRole('navigation', { name: 'Console sections' }).getByRole('link')).toHaveText([
      'Orders',
      'Customers',
      'Abandoned carts',
      'Reviews',
      'Gift vouchers',
    ])

    const { number } = await cashOrder(request)
    await support.goto(`/en/ops/orders/${number}`)
    const steps = support.getByRole('region', { name: 'Next steps' })
    await expect(steps.getByRole('button')).toHaveText(['Cancel order'])
    // Each message the buyer was sent is named for what it said, never by its template's code.
    const messages = support.getByRole('region', { name: 'Messages sent to the buyer' })
    await expect(messages).toContainText('SMS · Placed')
    await expect(messages).not.toContainText('order_')
    // The staff page is not theirs: the server says so, whatever the screen shows.
    expect((await support.request.get('/api/ops/staff')).status()).toBe(403)

    // The owner reads the invitation in the activity log.
    await page.getByRole('link', { name: 'Activity log' }).click()
    await expect(page.getByRole('list', { name: 'Activity log' })).toContainText(supportEmail)
    // The shop's numbers are the owner's: today's and the last 30 days' sales, and what is waiting for someone.
    await page.getByRole('link', { name: 'Numbers' }).click()
    await expect(page.getByRole('region', { name: 'Today' })).toContainText('Sales, VAT included')
    await expect(page.getByRole('region', { name: 'The last 30 days' })).toBeVisible()
    await expect(page.getByRole('img', { name: 'Sales day by day' })).toBeVisible()
    // A shopper's request about their data, from the privacy page: the owner has 30 days, answers, marks it so.
    const asker = `asker-${Date.now()}@example.com`
    const asked = await request.post('/api/privacy/request', { data: { email: asker, kind: 'erasure', message: 'Please delete my guest orders' } })
    expect(asked.status()).toBe(200)
    await page.getByRole('link', { name: 'Data requests' }).click()
    const asking = page.getByRole('list', { name: 'Data requests' }).getByRole('listitem').filter({ hasText: asker })
    await expect(asking).toContainText('Delete my data')
    await expect(asking).toContainText('30 days left to answer')
    await asking.getByRole('button', { name: 'Mark answered' }).click()
    await expect(asking).toContainText('Answered on')
    await expect(support.getByRole('link', { name: 'Data requests' })).toHaveCount(0)
    await support.context().close()
  })
})
