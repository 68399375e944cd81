import { describe, expect, it } from 'vitest'
import { normaliseSearchText } from '../../src/domain/search-text'
import { joinedArticleForms, wordForms } from './plurals'

const forms = (word: string) => wordForms(normaliseSearchText(word))

describe('singular and plural as one word', () => {
  it('reads Arabic sound plurals both ways, with or without the article', () => {
    expect(forms('مكيفات')).toContain('مكيف')
    expect(forms('ثلاجات')).toContain('ثلاجه')
    expect(forms('ثلاجة')).toContain('ثلاجات')
    expect(forms('مكيف')).toContain('مكيفات')
    expect(forms('زامل')).toContain('الزامل')
    expect(forms('المكيفات')).toEqual(expect.arrayContaining(['مكيف', 'المكيف']))
  })
  it('reads the listed broken plurals both ways', () => {
    expect(forms('شواحن')).toContain('شاحن')
    expect(forms('مكاوي')).toContain('مكواه')
    expect(forms('أسرة')).toContain('سرير')
    expect(forms('جهاز')).toContain('اجهزه')
  })
  it('reads English -s, -es and -ies', () => {
    expect(forms('laptops')).toEqual(['laptop'])
    expect(forms('watches')).toContain('watch')
    expect(forms('mattresses')).toContain('mattress')
    expect(forms('batteries')).toEqual(['battery'])
    expect(forms('headphone')).toContain('headphones')
  })
  it('leaves short words and model numbers alone', () => {
    expect(forms('tv')).toEqual([])
    expect(forms('s25')).toEqual([])
  })

  it('offers the article joined to "and", "with" or "for" only as forms of their own', () => {
    expect(joinedArticleForms('درون')).toEqual(expect.arrayContaining(['والدرون', 'بالدرون', 'للدرون']))
    expect(joinedArticleForms('شعر')).toContain('بالشعر')
    expect(wordForms('تلفزيون')).not.toContain('للتلفزيون')
    expect(joinedArticleForms('drone')).toEqual([])
  })
})
