// Counted messages follow each language's plural rules (Arabic has six forms), digits stay Western.
import { describe, expect, it } from 'vitest'
import { m } from '../paraglide/messages.js'

describe('counted messages', () => {
  it('inflect the Arabic noun by count', () => {
    const ar = (count: number) => m.category_products_count({ count }, { locale: 'ar' })
    expect([0, 1, 2, 3, 10, 11, 19, 99, 100, 102, 646].map(ar)).toEqual([
      'لا توجد منتجات',
      'منتج واحد',
      'منتجان',
      '3 منتجات',
      '10 منتجات',
      '11 منتجًا',
      '19 منتجًا',
      '99 منتجًا',
      '100 منتج',
      '102 منتج',
      '646 منتجًا',
    ])
  })

  it('say one and many in English', () => {
    expect(m.category_products_count({ count: 1 }, { locale: 'en' })).toBe('1 product')
    expect(m.category_products_count({ count: 57 }, { locale: 'en' })).toBe('57 products')
    expect(m.favourites_count_title({ count: 2 }, { locale: 'ar' })).toBe('منتجان مفضلان')
  })

  it('count the days a return may be asked in', () => {
    expect(m.commerce_order_not_returnable({ days: 7 }, { locale: 'ar' })).toContain('خلال 7 أيام من الاستلام')
    expect(m.commerce_order_not_returnable({ days: 14 }, { locale: 'ar' })).toContain('خلال 14 يومًا من الاستلام')
    expect(m.commerce_order_not_returnable({ days: 7 }, { locale: 'en' })).toContain('within 7 days of delivery')
  })

  it('count the minutes and seconds a shopper is asked to wait', () => {
    const o = { locale: 'ar' as const }
    expect([1, 2, 3, 15, 60].map((minutes) => m.commerce_order_rate_limited({ minutes }, o))).toEqual([
      'محاولات كثيرة لإتمام الطلب. حاول مرة أخرى بعد دقيقة.',
      'محاولات كثيرة لإتمام الطلب. حاول مرة أخرى بعد دقيقتين.',
      'محاولات كثيرة لإتمام الطلب. حاول مرة أخرى بعد 3 دقائق.',
      'محاولات كثيرة لإتمام الطلب. حاول مرة أخرى بعد 15 دقيقة.',
      'محاولات كثيرة لإتمام الطلب. حاول مرة أخرى بعد 60 دقيقة.',
    ])
    expect(m.commerce_voucher_locked({ minutes: 5 }, o)).toContain('بعد 5 دقائق')
    expect(m.commerce_lookup_rate_limited({ minutes: 2 }, o)).toContain('بعد دقيقتين')
    expect(m.account_otp_wait({ seconds: 1 }, o)).toBe('انتظر ثانية واحدة قبل طلب رمز جديد.')
    expect(m.account_otp_wait({ seconds: 7 }, o)).toBe('انتظر 7 ثوانٍ قبل طلب رمز جديد.')
    expect(m.account_otp_wait({ seconds: 45 }, o)).toBe('انتظر 45 ثانية قبل طلب رمز جديد.')
    expect(m.account_locked({ seconds: 2 }, o)).toContain('بعد ثانيتين')
    expect(m.commerce_order_rate_limited({ minutes: 1 }, { locale: 'en' })).toBe('Too many order attempts. Please try again in 1 minute.')
    expect(m.account_otp_wait({ seconds: 1 }, { locale: 'en' })).toBe('Please wait 1 second before asking for a new code.')
  })
})
