// The judged relevance set (worker/search/relevance-judgements.ts) against the embedded engine over the demo catalogue.
import { describe, expect, it } from 'vitest'
import { generateCatalogue } from '../seed/catalogue'
import { documentRowsOf } from '../seed/document-rows'
import { evaluateRelevance } from './relevance'
import { judgements } from './relevance-judgements'

describe('the judged relevance set', () => {
  const report = evaluateRelevance(documentRowsOf(generateCatalogue()), new Date('2026-11-20T00:00:00Z'))

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
