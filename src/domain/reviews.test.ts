import { describe, expect, it } from 'vitest'
import { authorName, heldFor, reviewLanguage, reviewTotals, shareOf } from './reviews'

describe('heldFor', () => {
  it('holds links, phone numbers and abuse words in both languages, after the search normalisation', () => {
    expect(heldFor('اطلبه من www.cheap-phones.com أرخص')).toBe('link')
    expect(heldFor('see https://x.example')).toBe('link')
    expect(heldFor('كلمني على ٠٥٥ ١٢٣ ٤٥٦٧')).toBe('phone')
    expect(heldFor('call 055-123-4567')).toBe('phone')
    expect(heldFor('البائع نصّاب')).toBe('abuse')
    expect(heldFor('البائع نصـــاب')).toBe('abuse')
    expect(heldFor('What a SCAM')).toBe('abuse')
    expect(heldFor('الجوال ممتاز والبطارية تكفي يومين، وصل خلال ٣ أيام')).toBeNull()
    expect(heldFor('Great screen, 256 GB is plenty')).toBeNull()
  })
})

describe('reviewTotals', () => {
  it('gives the average to one decimal and the distribution, none when there are no reviews', () => {
    const totals = reviewTotals({ count: 3, stars: 5 + 4 + 4, by: [0, 0, 0, 2, 1] })
    expect(totals).toEqual({ count: 3, average: 4.3, by: [0, 0, 0, 2, 1] })
    expect(shareOf(totals, 4)).toBe(67)
    expect(reviewTotals(null).count).toBe(0)
  })
})

describe('reviewLanguage and authorName', () => {
  it('detects the language and shortens the name', () => {
    expect(reviewLanguage('ممتاز', 'en')).toBe('ar')
    expect(reviewLanguage('Great', 'ar')).toBe('en')
    expect(reviewLanguage('10/10', 'en')).toBe('en')
    expect(authorName('Noura Alqahtani')).toBe('Noura A.')
    expect(authorName('  نورة  القحطاني ')).toBe('نورة ا.')
    expect(authorName('')).toBe('')
  })
})
