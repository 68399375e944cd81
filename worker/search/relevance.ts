/**
 * How well the embedded engine answers the judged set (worker/search/relevance-judgements.ts), over the demo
 * catalogue, each query in the index of its language (src/domain/search-text.ts, searchLanguage) as the search page
 * asks it. Figures (docs/architecture.md, "Search relevance"):
 * - a query passes when a relevant product is among its top 3 hits;
 * - recall@3 is, per query, the relevant products in the top 3 over the most that could be there (3, or fewer when
 *   the catalogue holds fewer relevant products), averaged;
 * - MRR is, per query, 1 / the rank of the first relevant hit in the top 10 (0 without one), averaged.
 */
import type { Locale } from '../../app.config'
import { searchLanguage } from '../../src/domain/search-text'
import type { DocumentRow } from '../storage/product-documents'
import { SearchIndex } from './engine'
import { productRecords } from './records'
import { judgements, type Judgement, type JudgementKind } from './relevance-judgements'

interface JudgedAnswer {
  judgement: Judgement
  /** English names of the top 10 hits, best first. */
  top: string[]
  passed: boolean
  recallAt3: number
  reciprocalRank: number
}

interface RelevanceReport {
  answers: JudgedAnswer[]
  passed: number
  recallAt3: number
  mrr: number
  byKind: Record<JudgementKind, { queries: number; passed: number }>
}

export function evaluateRelevance(rows: readonly DocumentRow[], now: Date, set: readonly Judgement[] = judgements): RelevanceReport {
  const indexes: Record<Locale, SearchIndex> = {
    ar: new SearchIndex(productRecords(rows, 'ar', now)),
    en: new SearchIndex(productRecords(rows, 'en', now)),
  }
  const englishName = new Map(rows.map((row) => [String(row.entity_id), row.name_en]))
  const answers = set.map((judgement): JudgedAnswer => {
    const { hits } = indexes[searchLanguage(judgement.query, 'ar')].search({
      query: judgement.query,
      filters: [],
      facets: [],
      page: 0,
      hitsPerPage: 10,
      highlightPreTag: '<em>',
      highlightPostTag: '</em>',
    })
    const top = hits.map((hit) => englishName.get(String(hit.objectID)) ?? '?')
    const relevant = top.map((name) => judgement.relevant.test(name))
    const inCatalogue = rows.filter((row) => judgement.relevant.test(row.name_en)).length
    const firstRank = relevant.indexOf(true) + 1
    const inTop3 = relevant.slice(0, 3).filter(Boolean).length
    return {
      judgement,
      top,
      passed: inTop3 > 0,
      recallAt3: inCatalogue === 0 ? 0 : inTop3 / Math.min(3, inCatalogue),
      reciprocalRank: firstRank === 0 ? 0 : 1 / firstRank,
    }
  })
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length
  const byKind = {} as RelevanceReport['byKind']
  for (const answer of answers) {
    const kind = (byKind[answer.judgement.kind] ??= { queries: 0, passed: 0 })
    kind.queries += 1
    if (answer.passed) kind.passed += 1
  }
  return {
    answers,
    passed: answers.filter((a) => a.passed).length,
    recallAt3: mean(answers.map((a) => a.recallAt3)),
    mrr: mean(answers.map((a) => a.reciprocalRank)),
    byKind,
  }
}
