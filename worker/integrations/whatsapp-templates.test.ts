import { describe, expect, it } from 'vitest'
import { templates } from './message-templates'
import { whatsappMessage, whatsappTemplates } from './whatsapp-templates'

describe('WhatsApp templates', () => {
  it('map every message template that says something by SMS, and only those', () => {
    // A template another branch adds without a WhatsApp line fails here (and in the typecheck).
    for (const [name, template] of Object.entries(templates)) {
      const mapped = (whatsappTemplates as Record<string, unknown>)[name]
      expect(mapped, `${name} has no line in whatsappTemplates`).not.toBeUndefined()
      expect(mapped === null, `${name}: WhatsApp exactly when it has an SMS`).toBe(!('sms' in template))
    }
    expect(Object.keys(whatsappTemplates).sort()).toEqual(Object.keys(templates).sort())
  })

  it('name templates as WhatsApp Manager accepts them', () => {
    for (const variants of Object.values(whatsappTemplates)) for (const v of variants ?? []) expect(v.name).toMatch(/^[a-z0-9_]{1,512}$/)
  })

  it('fill the parameters in order, in the shopper language, one line each', () => {
    const words = { number: 'MJ1', total: '1,250.00', date: '26 نوفمبر', link: 'https://x', invoice: '' }
    expect(whatsappMessage('order_confirmed', words, 'ar')).toEqual({
      name: 'matjar_order_confirmed',
      language: 'ar',
      parameters: ['MJ1', '1,250.00', '26 نوفمبر'],
    })
    expect(whatsappMessage('otp', { code: '123456' }, 'en')).toEqual({
      name: 'matjar_code',
      language: 'en',
      parameters: ['123456'],
      authentication: true,
    })
    expect(whatsappMessage('order_update', { number: 'MJ1', text: 'Shipped.\n\nTrack it   here' }, 'en')?.parameters).toEqual([
      'MJ1',
      'Shipped. Track it   here',
    ])
    expect(whatsappMessage('password_reset', { code: '1' }, 'en')).toBeNull()
  })

  it('choose the cart reminder with its coupon only when there is one', () => {
    const base = { total: '10', link: 'https://l', stop: 'https://s', coupon: '', percent: '', date: '' }
    expect(whatsappMessage('cart_reminder', base, 'en')?.name).toBe('matjar_cart_reminder')
    expect(whatsappMessage('cart_reminder', { ...base, coupon: 'C1', percent: '10', date: '1 Dec' }, 'en')).toMatchObject({
      name: 'matjar_cart_reminder_coupon',
      parameters: ['10', 'https://l', 'C1', '10', '1 Dec', 'https://s'],
    })
  })
})
