import { describe, expect, it } from 'vitest'
import { emailHtml, outboxText, render, templateHas } from './message-templates'

describe('message templates', () => {
  it('say the same thing in both languages, from the messages files', () => {
    expect(render('otp', 'sms', { code: '123456' }, 'en')).toEqual({ text: '123456 is your Matjar verification code. It expires in 5 minutes.' })
    expect(render('otp', 'sms', { code: '123456' }, 'ar')).toEqual({ text: '123456 هو رمز التحقق في «متجر»، صالح لمدة 5 دقائق.' })
  })
  it('have nothing to say on a channel they do not use', () => {
    expect(templateHas('otp', 'email')).toBe(false)
    expect(render('otp', 'email', { code: '1' }, 'en')).toBeNull()
    expect(templateHas('password_reset', 'sms')).toBe(false)
  })
  it('give an email a subject, a text part and an HTML part right to left in Arabic', () => {
    const words = { number: 'MJ1', total: '1,250.00', date: '26 نوفمبر', link: 'https://shop.example/user/profile', invoice: '' }
    const email = render('order_confirmed', 'email', words, 'ar')
    expect(email).toMatchObject({ subject: 'تم تأكيد طلبك MJ1 من «متجر»', text: expect.stringContaining('1,250.00 ر.س') })
    const html = (email as { html: string }).html
    expect(html).toContain('<html lang="ar" dir="rtl">')
    expect(html).toContain('text-align:right')
    expect(html).toContain('<a href="https://shop.example/user/profile" dir="ltr">https://shop.example/user/profile</a>')
    expect(render('order_confirmed', 'email', words, 'en')).toMatchObject({ html: expect.stringContaining('<html lang="en" dir="ltr">') })
  })
  it('escape what a shopper typed into the HTML part', () => {
    const html = emailHtml('Hello', 'Hello <script>alert(1)</script> & co', 'en')
    expect(html).toContain('Hello &#60;script&#62;alert(1)&#60;/script&#62; &#38; co')
    expect(html).not.toContain('<script>')
  })
  it('keep an email in the outbox as its subject above its text', () => {
    expect(outboxText({ subject: 'S', text: 'T' })).toBe('S\n\nT')
    expect(outboxText({ text: 'T' })).toBe('T')
  })
})
