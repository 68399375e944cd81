// The judged relevance set (worker/search/relevance-judgements.ts) against the embedded engine over the demo catalogue.
import { describe, expect, it } from 'vitest'
import { generateCatalogue } from '../seed/demo-catalogue'
import { documentRowsOf } from '../seed/document-rows'
import { SearchIndex } from './engine'
import { productRecords } from './records'
import { evaluateRelevance } from './relevance'
import { judgements } from './relevance-judgements'

const rows = documentRowsOf(generateCatalogue())

describe('the judged relevance set', () => {
  const report = evaluateRelevance(rows, new Date('2026-11-20T00:00:00Z'))

  it('holds at least 150 queries, in both languages', () => {
    expect(judgements.length).toBeGreaterThanOrEqual(150)
    expect(judgements.filter((j) => /[\u0600-\u06FF]/.test(j.query)).length).toBeGreaterThanOrEqual(60)
    expect(judgements.filter((j) => /^[\x20-\x7e]+$/.test(j.query)).length).toBeGreaterThanOrEqual(60)
  })

  it('finds a relevant product in the top 3 for every query', () => {
    const failing = report.answers
      .filter((a) => !a.passed)
      .map((a) => `${a.judgement.kind}: "${a.judgement.query}" -> ${a.top.slice(0, 3).join(' | ') || 'nothing'}`)
    expect(failing).toEqual([])
  })
})

describe('a plural', () => {
  const indexes = { ar: new SearchIndex(productRecords(rows, 'ar', new Date())), en: new SearchIndex(productRecords(rows, 'en', new Date())) }
  const found = (locale: 'ar' | 'en', query: string) =>
    indexes[locale].search({ query, filters: [], facets: [], page: 0, hitsPerPage: 0, highlightPreTag: '', highlightPostTag: '' }).nbHits

  it('never finds fewer products than its singular', () => {
    const pairs: ['ar' | 'en', string, string][] = [
      ['ar', 'تلفزيونات', 'تلفزيون'],
      ['ar', 'مكيفات', 'مكيف'],
      ['ar', 'ثلاجات', 'ثلاجة'],
      ['ar', 'غسالات', 'غسالة'],
      ['ar', 'جوالات', 'جوال'],
      ['ar', 'شواحن', 'شاحن'],
      ['ar', 'سماعات', 'سماعة'],
      ['ar', 'لابتوبات', 'لابتوب'],
      ['ar', 'مكانس', 'مكنسة'],
      ['en', 'laptops', 'laptop'],
      ['en', 'refrigerators', 'refrigerator'],
      ['en', 'fridges', 'fridge'],
      ['en', 'washers', 'washer'],
      ['en', 'televisions', 'television'],
      ['en', 'tvs', 'tv'],
      ['en', 'phones', 'phone'],
      ['en', 'chargers', 'charger'],
    ]
    const fewer = pairs
      .map(([locale, plural, singular]) => ({ plural, singular, counts: [found(locale, plural), found(locale, singular)] as const }))
      .filter(({ counts: [plural, singular] }) => plural < singular || singular === 0)
    expect(fewer).toEqual([])
  })
})

describe('a word joined or split', () => {
  const index = new SearchIndex(productRecords(rows, 'en', new Date()))
  const found = (query: string) =>
    index.search({ query, filters: [], facets: [], page: 0, hitsPerPage: 0, highlightPreTag: '', highlightPostTag: '' }).nbHits

  // Issue 42: "airfryer" found the 6 products named Airfryer, "air fryer" all 18 air fryers.
  it('finds the same products either way', () => {
    expect(found('airfryer')).toBeGreaterThan(6)
    expect(found('airfryer')).toBe(found('air fryer'))
  })
})
