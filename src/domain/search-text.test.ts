import { describe, expect, it } from 'vitest'
import { normaliseSearchText, searchLanguage, searchWords } from './search-text'

describe('normaliseSearchText', () => {
  it('folds the alef forms to a bare alef', () => {
    expect(normaliseSearchText('أبل إضاءة آيفون ٱلهاتف')).toBe('ابل اضاءه ايفون الهاتف')
  })

  it('folds taa marbuta to haa and alef maqsura to yaa', () => {
    expect(normaliseSearchText('شاشة')).toBe('شاشه')
    expect(normaliseSearchText('مستشفى')).toBe('مستشفي')
  })

  it('drops tashkeel and tatweel', () => {
    expect(normaliseSearchText('سَامْسُونْج')).toBe('سامسونج')
    expect(normaliseSearchText('تلفـــزيون')).toBe('تلفزيون')
  })

  it('folds Arabic-Indic and Persian digits', () => {
    expect(normaliseSearchText('آيفون ١٧ برو ۲۵۶')).toBe('ايفون 17 برو 256')
  })

  it('lower-cases Latin and drops its accents, and removes bidi controls', () => {
    expect(normaliseSearchText('Café iPHONE')).toBe('cafe iphone')
    expect(normaliseSearchText('\u202Eابل\u202C')).toBe('ابل')
  })
})

describe('searchWords', () => {
  it('splits on anything that is not a letter or digit', () => {
    expect(searchWords('Galaxy S25+ (256GB), أسود')).toEqual(['galaxy', 's25', '256gb', 'اسود'])
    expect(searchWords(' "" -- ')).toEqual([])
  })

  it('reads a thousands separator inside a number as part of it, and any other comma as a break', () => {
    expect(searchWords('18,000 BTU')).toEqual(['18000', 'btu'])
    expect(searchWords('١٨٬٠٠٠ وحدة')).toEqual(['18000', 'وحده'])
    expect(searchWords('1,2,3')).toEqual(['1', '2', '3'])
    expect(searchWords('1,0000')).toEqual(['1', '0000'])
  })
})

describe('searchLanguage (docs/product.md, "Validation")', () => {
  it('is Arabic with any Arabic letter, English with Latin letters only, else the fallback', () => {
    expect(searchLanguage('iphone ١٧ برو', 'en')).toBe('ar')
    expect(searchLanguage('iphone 17', 'ar')).toBe('en')
    expect(searchLanguage('256', 'ar')).toBe('ar')
    expect(searchLanguage('256', 'en')).toBe('en')
  })
})
