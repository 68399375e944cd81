// The simplified tax invoice (docs/decisions/0016-zatca-invoices.md): a customer who paid by card opens it from their
// order and sees it, with its QR, ready to print; delivered, the order may then be asked back. A business buyer's
// standard tax invoice (docs/decisions/0041-standard-invoices-for-businesses.md): the VAT number checked at checkout, the invoice naming the business.
import {
  acceptCookies,
  desktop,
  expect,
  expectNoSeriousAxeViolations,
  logInInEnglish,
  newMobile,
  operatorStep,
  phone,
  registeredCustomer,
  test,
} from './fixtures'
import { storeBase } from './browser'

test.describe('a customer who paid by card', () => {
  test.use({ viewport: desktop })

  test('opens the invoice from the order page and sees it with its QR code, in English', async ({ page, request }) => {
    test.slow()
    const tail = String(Date.now() % 10_000_000).padStart(7, '0')
    const shopper = { local: `057${tail}`, international: `96657${tail}` }
    // The account exists already (made over the Direct API as the registration form would).
    const { email, password } = await registeredCustomer(request, shopper, { first: 'Noura', last: 'Alotaibi' })
    await acceptCookies(page)
    await page.context().addCookies([{ name: 'region_id', value: '1101', url: storeBase }])
    await page.goto('/en/chargers')
    await logInInEnglish(page, email, password, 'Noura')

    await page
      .getByRole('button', { name: /^Add to Cart: / })
      .first()
      .click()
    await page.getByRole('dialog', { name: 'Your cart' }).getByRole('button', { name: 'Checkout' }).click()
    await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Noura Alotaibi')
    await page.getByRole('textbox', { name: 'District' }).fill('Al Malqa')
    await page.getByRole('textbox', { name: 'Street' }).fill('Prince Mohammed Bin Saad Road')
    await page.getByRole('textbox', { name: 'Building number' }).fill('4321')
    await page.getByRole('textbox', { name: 'Postal code' }).fill('13521')
    await page.getByRole('radio', { name: 'mada or credit card' }).check()
    await page.getByRole('button', { name: 'Place order' }).click()
    await page.getByRole('textbox', { name: 'Name on the card' }).fill('Noura Alotaibi')
    await page.getByRole('textbox', { name: 'Card number' }).fill('4201320111111010')
    await page.getByRole('button', { name: /^Pay / }).click()
    await expect(page.getByRole('heading', { name: 'Thank you! Your order is placed' })).toBeVisible()
    const number = (await page.getByText(/^Order number MJ\d+$/).innerText()).replace('Order number ', '').trim()

    // The order page (as /user/profile?order=... opens it) links to the invoice.
    await page.goto(`/en/user/profile?order=${number}`)
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Order .?${number}.?$`) })).toBeVisible()
    await page.getByRole('link', { name: 'Invoice' }).click()
    await expect(page).toHaveURL(new RegExp(`/en/invoice\\?order=${number}$`))
    const invoice = page.getByRole('article', { name: 'Simplified tax invoice' })
    await expect(invoice).toBeVisible()
    await expect(invoice.getByRole('img', { name: "The invoice's QR code for ZATCA" })).toBeVisible()
    await expect(invoice).toContainText(/Invoice number\s*INV-\d{6}/)
    await expect(invoice).toContainText(number)
    // Development's seller: ZATCA's sample VAT number, named as development.
    await expect(invoice).toContainText('VAT registration number: 399999999900003')
    await expect(invoice).toContainText('Matjar (development)')
    await expect(invoice.getByRole('columnheader', { name: 'Total incl. VAT' })).toBeVisible()
    await expect(invoice).toContainText('Total including VAT')
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()
    await expectNoSeriousAxeViolations(page)

    // Shipped and delivered, the order may be asked back within 7 days, from its page (docs/product.md, "Fulfilment").
    await operatorStep(request, number, 'ship', { courier: 'smsa', tracking_number: 'SA-20261125' })
    await operatorStep(request, number, 'deliver')
    await page.goto(`/en/user/profile?order=${number}`)
    await page.getByRole('button', { name: 'Return this order' }).click()
    const form = page.getByRole('form', { name: 'Return this order' })
    await form.getByRole('radio', { name: 'Not as described' }).check()
    await form.getByRole('textbox', { name: 'Anything to add (optional)' }).fill('The colour is not the one shown')
    await form.getByRole('button', { name: 'Send return request' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'We have your return request' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Order status' }).getByRole('listitem').last()).toContainText('Return requested')
    await expectNoSeriousAxeViolations(page)
  })
})

test.describe('a business buyer, on a phone in Arabic', () => {
  test.use({ viewport: phone })

  test('gives a VAT number at checkout and gets a standard tax invoice in the business name', async ({ page, request }) => {
    test.slow()
    await acceptCookies(page)
    await page.context().addCookies([{ name: 'region_id', value: '1101', url: storeBase }])
    await page.goto('/chargers')
    await page
      .getByRole('button', { name: /^أضف إلى السلة: / })
      .first()
      .click()
    await page.getByRole('dialog', { name: 'سلة التسوق' }).getByRole('button', { name: 'إتمام الطلب' }).click()
    const email = `business${Date.now()}@example.com`
    await page.getByRole('textbox', { name: 'الاسم الكامل' }).fill('خالد الشهري')
    await page.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(email)
    await page.getByRole('textbox', { name: 'رقم الجوال' }).fill(newMobile('055').local)
    await page.getByRole('textbox', { name: 'الحي' }).fill('العليا')
    await page.getByRole('textbox', { name: 'الشارع' }).fill('طريق الملك فهد')
    await page.getByRole('textbox', { name: 'رقم المبنى' }).fill('7420')
    await page.getByRole('textbox', { name: 'الرمز البريدي' }).fill('12214')

    // The business's section, with a VAT number one digit wrong: refused under its field, in Arabic.
    await page.getByRole('checkbox', { name: 'أحتاج فاتورة ضريبية باسم منشأتي' }).check()
    await page.getByRole('textbox', { name: 'اسم المنشأة كما في السجل التجاري' }).fill('شركة الأفق للتجارة')
    const vat = page.getByRole('textbox', { name: 'الرقم الضريبي' })
    await vat.fill('٣١٠١٢٢٣٩٣٥٠٠٠٠٢')
    await page.getByRole('radio', { name: 'بطاقة مدى أو ائتمانية' }).check()
    await page.getByRole('button', { name: 'تأكيد الطلب' }).click()
    await expect(vat).toBeFocused()
    await expect(vat).toHaveAccessibleDescription(/الرقم الضريبي 15 رقمًا، أوله 3 وآخره 3\./)
    await expectNoSeriousAxeViolations(page)

    await vat.fill('٣١٠١٢٢٣٩٣٥٠٠٠٠٣')
    await page.getByRole('button', { name: 'تأكيد الطلب' }).click()
    await page.getByRole('textbox', { name: 'الاسم على البطاقة' }).fill('خالد الشهري')
    await page.getByRole('textbox', { name: 'رقم البطاقة' }).fill('4201320111111010')
    await page.getByRole('button', { name: /^ادفع / }).click()
    await expect(page.getByRole('heading', { name: 'شكرًا لك! استلمنا طلبك' })).toBeVisible()

    // The email links to the invoice once ZATCA has cleared it: a standard tax invoice naming the business.
    const { token } = await (await request.post('/commerce/handshake', { data: { store: 'ar' } })).json()
    const outbox = async () =>
      (
        (await (await request.get(`/commerce/dev/outbox?recipient=${email}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          messages: { body: string }[]
        }
      ).messages
    await expect.poll(async () => (await outbox()).some((message) => /\/invoice\?order=MJ\d+&sig=/.test(message.body))).toBe(true)
    const link = /https?:\/\/\S+\/invoice\?order=MJ\d+&sig=[\w-]+/.exec((await outbox()).map((message) => message.body).join('\n'))![0]
    await page.goto(new URL(link).pathname + new URL(link).search)
    const invoice = page.getByRole('article', { name: 'فاتورة ضريبية', exact: true })
    await expect(invoice).toBeVisible()
    const buyer = invoice.getByRole('region', { name: 'المشتري' })
    await expect(buyer).toContainText('شركة الأفق للتجارة')
    await expect(buyer).toContainText('310122393500003')
    await expect(buyer).toContainText('7420')
    await expectNoSeriousAxeViolations(page)
  })
})
