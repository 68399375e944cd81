// A guest's order after paying (issue 42, item 3; docs/product.md, "Checkout" and "Accounts"), on a phone in Arabic at
// 390 px, where it broke: a guest pays by card on the embedded Moyasar gateway without verifying the mobile, follows
// "Track your order" from the confirmation to the order, then takes the account offer, and the new account holds it.
import { acceptCookies, expect, lastCode, newMobile, phone, test } from './fixtures'

test.describe('a guest after paying, on a phone in Arabic', () => {
  test.use({ viewport: phone })

  test('pays by card with an unverified mobile, tracks the order from the confirmation, then keeps it in a new account', async ({
    page,
    context,
    request,
  }) => {
    test.slow()
    await acceptCookies(page)
    await context.addCookies([{ name: 'region_id', value: '1101', url: 'http://localhost:4173' }])
    await page.goto('/chargers')
    await page
      .getByRole('button', { name: /^أضف إلى السلة: / })
      .first()
      .click()
    await page.getByRole('dialog', { name: 'سلة التسوق' }).getByRole('button', { name: 'إتمام الطلب' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'إتمام الطلب' })).toBeVisible()
    const shopper = newMobile('058')
    const email = `guest${shopper.local}@example.com`
    await page.getByRole('textbox', { name: 'الاسم الكامل' }).fill('ريم القحطاني')
    await page.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(email)
    // The mobile is never verified: a card needs no code.
    await page.getByRole('textbox', { name: 'رقم الجوال' }).fill(shopper.local)
    await page.getByRole('textbox', { name: 'الحي' }).fill('العليا')
    await page.getByRole('textbox', { name: 'الشارع' }).fill('طريق الملك فهد')
    await page.getByRole('textbox', { name: 'رقم المبنى' }).fill('1234')
    await page.getByRole('textbox', { name: 'الرمز البريدي' }).fill('12211')
    await page.getByRole('radio', { name: 'بطاقة مدى أو ائتمانية' }).check()
    await page.getByRole('button', { name: 'تأكيد الطلب' }).click()
    await expect(page.getByRole('heading', { name: 'الدفع بالبطاقة (بوابة تجريبية)' })).toBeVisible()
    await page.getByRole('textbox', { name: 'الاسم على البطاقة' }).fill('Reem Alqahtani')
    await page.getByRole('textbox', { name: 'رقم البطاقة' }).fill('4201320111111010')
    await page.getByRole('button', { name: /^ادفع / }).click()
    const thanks = page.getByRole('heading', { level: 1, name: 'شكرًا لك! استلمنا طلبك' })
    await expect(thanks).toBeVisible()
    const number = /MJ\d+/.exec(
      await page
        .getByText(/^رقم الطلب/)
        .first()
        .innerText(),
    )![0]

    // "Track your order": the lookup with the number and the order's mobile filled in; one tap shows the paid order.
    await page.getByRole('link', { name: 'تتبّع طلبك' }).click()
    await expect(page).toHaveURL(new RegExp(`/user/profile\\?order=${number}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'تتبّع طلبك' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'رقم الطلب' })).toHaveValue(number)
    await expect(page.getByRole('textbox', { name: 'رقم الجوال' })).toHaveValue(shopper.local)
    await page.getByRole('button', { name: 'ابحث عن طلبي' }).click()
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible()
    const timeline = page.getByRole('region', { name: 'حالة الطلب' })
    await expect(timeline.getByRole('listitem').filter({ hasText: 'تم الدفع' }).locator('time')).toBeVisible()

    // Back on the confirmation, the account offer: the registration comes filled in with the order's details.
    await page.goBack()
    await expect(thanks).toBeVisible()
    const offer = page.getByRole('region', { name: 'احفظ طلبك في حساب' })
    await offer.getByRole('button', { name: 'أنشئ حسابًا' }).click()
    const dialog = page.getByRole('dialog', { name: 'تسجيل الدخول أو إنشاء حساب' })
    await expect(dialog.getByRole('tab', { name: 'حساب جديد' })).toHaveAttribute('aria-selected', 'true')
    await expect(dialog.getByLabel('الاسم الأول')).toHaveValue('ريم')
    await expect(dialog.getByLabel('اسم العائلة')).toHaveValue('القحطاني')
    await expect(dialog.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true })).toHaveValue(email)
    await expect(dialog.getByLabel('رقم الجوال')).toHaveValue(shopper.local)
    await dialog.getByRole('textbox', { name: 'كلمة المرور', exact: true }).fill('Secret123')
    await dialog.getByLabel('تأكيد كلمة المرور').fill('Secret123')
    await dialog.getByRole('checkbox', { name: 'أوافق على الشروط' }).check()
    await dialog.getByRole('checkbox', { name: 'لست روبوتًا' }).check()
    await dialog.getByRole('button', { name: 'إنشاء الحساب' }).click()
    const otp = page.getByRole('dialog', { name: 'أدخل رمز التحقق' })
    await expect(otp).toBeVisible()
    await otp.getByLabel('الرمز المكوّن من 6 أرقام').fill(await lastCode(request, shopper.international))
    await otp.getByRole('button', { name: 'تحقّق' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'تم إنشاء حسابك' })).toBeVisible()

    // Signed in: the confirmation stays, the offer is gone, and "Track your order" opens the order in the account.
    await expect(page.getByRole('button', { name: 'حسابي: ريم' })).toBeVisible()
    await expect(thanks).toBeVisible()
    await expect(offer).toHaveCount(0)
    await page.getByRole('link', { name: 'تتبّع طلبك' }).click()
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible()
    await page.getByRole('link', { name: 'طلباتي' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'طلباتي' })).toBeVisible()
    await expect(page.getByRole('link', { name: new RegExp(number) })).toBeVisible()
  })
})
