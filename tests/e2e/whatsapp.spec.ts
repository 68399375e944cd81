// WhatsApp as a channel in the browser (docs/decisions/0036-whatsapp-channel.md): a shopper on a phone, in Arabic, signs
// in by code with "on WhatsApp" ticked; the code reaches the development outbox as a WhatsApp message, and once it is
// typed back the account page shows WhatsApp as the mobile's choice.
import type { APIRequestContext } from '@playwright/test'
import { acceptCookies, expect, newMobile, phone, registeredCustomer, test } from './fixtures'

test.use({ viewport: phone })

/** What the development outbox holds for a recipient, newest first, with the channel each went by. */
async function outbox(request: APIRequestContext, recipient: string) {
  const { token } = await (await request.post('/commerce/handshake', { data: { store: 'ar' } })).json()
  const answer = await request.get(`/commerce/dev/outbox?recipient=${recipient}`, { headers: { authorization: `Bearer ${token}` } })
  return ((await answer.json()) as { messages: { channel: string; body: string }[] }).messages
}

test('a code asked for on WhatsApp arrives by WhatsApp, and typing it back makes WhatsApp the choice', async ({ page, request }) => {
  const mobile = newMobile('055')
  await registeredCustomer(request, mobile, { first: 'Huda', last: 'Alqahtani' })
  // Registering sent its own code by SMS: what follows is counted after it.
  const before = (await outbox(request, mobile.international)).length
  await acceptCookies(page)
  await page.goto('/')
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click()
  const dialog = page.getByRole('dialog', { name: 'تسجيل الدخول أو إنشاء حساب' })
  await dialog.getByRole('tab', { name: 'برمز التحقق' }).click()
  await dialog.getByLabel('البريد الإلكتروني أو رقم الجوال').fill(mobile.local)
  await dialog.getByRole('checkbox', { name: 'أرسلوا رموز التحقق وتحديثات طلباتي عبر واتساب' }).check()
  await dialog.getByRole('checkbox', { name: 'لست روبوتًا' }).check()
  await dialog.getByRole('button', { name: 'أرسل الرمز' }).click()
  const otp = page.getByRole('dialog', { name: 'أدخل رمز التحقق' })
  await expect(otp).toBeVisible()

  await expect.poll(async () => (await outbox(request, mobile.international)).length).toBeGreaterThan(before)
  const [message] = await outbox(request, mobile.international)
  expect(message!.channel).toBe('whatsapp')
  await otp.getByLabel('الرمز المكوّن من 6 أرقام').fill(/\b(\d{6})\b/.exec(message!.body)![1]!)
  await otp.getByRole('button', { name: 'تحقّق' }).click()
  await expect(otp).toBeHidden()

  await page.goto('/user/profile')
  await expect(page.getByRole('radio', { name: 'واتساب' })).toBeChecked()
  // Only the code went out since, and not by SMS.
  const since = await outbox(request, mobile.international)
  expect(since.slice(0, since.length - before).map((m) => m.channel)).toEqual(['whatsapp'])
})
