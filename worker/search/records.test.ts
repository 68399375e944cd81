// Query suggestions from the catalogue (worker/search/records.ts): whole phrases a shopper would type, never a name cut
// mid-phrase (issue 42: "شاشة سامسونج ذا" was suggested for "The Frame").
import { describe, expect, it } from 'vitest'
import { generateCatalogue } from '../seed/demo-catalogue'
import { documentRowsOf } from '../seed/document-rows'
import { productLine, suggestionRecords } from './records'

const rows = documentRowsOf(generateCatalogue())

describe('a product line', () => {
  it('is the name before its measures and colour, in both languages', () => {
    expect(productLine('Samsung Galaxy S25 128GB Smartphone, Black')).toBe('Samsung Galaxy S25')
    expect(productLine('جوال هواوي بورا 80 برو 256 جيجابايت، أبيض')).toBe('جوال هواوي بورا 80 برو')
    expect(productLine('Sony Bravia 8 II OLED 55-inch Smart TV, Black')).toBe('Sony Bravia 8 II OLED')
    expect(productLine('شاشة ديل ألترا شارب مقاس 27 بوصة، فضي')).toBe('شاشة ديل ألترا شارب')
    expect(productLine('ثلاجة إل جي إنستا فيو ببابين متجاورين بسعة 24 قدمًا مكعبًا، ستانلس ستيل (2025)')).toBe('ثلاجة إل جي إنستا فيو ببابين متجاورين')
    expect(productLine('LG S95TR 9.1.5 channel Soundbar, Black (2025)')).toBe('LG S95TR')
    expect(productLine('Whirlpool FreshCare 9 kg Washing Machine, White')).toBe('Whirlpool FreshCare')
    expect(productLine('Epson EpiqVision Mini EF22 Projector, Black')).toBe('Epson EpiqVision Mini EF22 Projector')
  })
})

describe('the suggestions of the demo catalogue', () => {
  for (const locale of ['ar', 'en'] as const) {
    const names = rows.map((row) => (locale === 'ar' ? row.name_ar : row.name_en))
    const suggestions = suggestionRecords(rows, locale).map((record) => String(record.searchable.name))

    it(`never end on a word that needs the next one (${locale})`, () => {
      const dangling = /(?:^|\s)(?:ذا|و|مع|مقاس|بسعة|ذاكرة|بنظام|the|with|and|for|of)$/i
      expect(suggestions.filter((s) => dangling.test(s))).toEqual([])
    })

    it(`are each a brand, a category or the start of a name (${locale})`, () => {
      const lines = suggestions.filter((s) => !rows.some((r) => [r.brand_ar, r.brand_en, r.category_ar, r.category_en].includes(s)))
      expect(
        lines.filter((line) => !names.some((name) => name.startsWith(`${line} `) || name.startsWith(`${line},`) || name.startsWith(`${line}،`))),
      ).toEqual([])
    })
  }

  it('offers The Freestyle by its whole name', () => {
    const arabic = suggestionRecords(rows, 'ar').map((record) => String(record.searchable.name))
    expect(arabic.filter((s) => s.endsWith('سامسونج ذا'))).toEqual([])
    expect(arabic.some((s) => s.includes('ذا فري ستايل'))).toBe(true)
  })
})
