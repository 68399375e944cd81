/**
 * The embedded search engine: one in-memory MiniSearch index per index name, over the catalogue's
 * product documents (docs/product.md, "Calls" shape) in one language. Prefix matching as the shopper types; each
 * word also matches its synonyms, its other number (worker/search/plurals.ts) and, when it matches nothing as typed,
 * the index's words within Algolia's typo rules (worker/search/typos.ts); two words may be read joined, one split;
 * a query that finds nothing drops words from its end (Algolia's removeWordsIfNoResults: lastWords) and says which.
 * Ranking by text relevance then popularity; filters, facet counts and highlighting, answered in Algolia's result
 * shape (docs/architecture.md, "Search relevance").
 */
import MiniSearch, { type AsPlainObject, type Options, type Query, type SearchResult } from 'minisearch'
import type SearchableMap from 'minisearch/SearchableMap'
import { normaliseSearchText, searchWords } from '../../src/domain/search-text'
import type { Filters } from './filters'
import { wordForms } from './plurals'
import { synonymsOf } from './synonyms'
import { allowedTypos, typoDistance } from './typos'

export interface IndexRecord {
  objectID: string
  /** Text fields searched, in order of weight. */
  searchable: { name: string; brand?: string; category?: string; sku?: string }
  /** Facet and filter values by attribute (numbers for numeric filters, strings for facets). */
  attributes: Record<string, string | number | boolean | (string | number)[]>
  popularity: number
  /** For the replicas' orders. */
  price?: number
  createdAt?: string
  /** What a hit returns. */
  document: Record<string, unknown>
}

/** A replica's order (Algolia sorts by replica index); none = relevance then popularity. */
export type ReplicaSort = 'price_asc' | 'price_desc' | 'newest'

/** Replicas of the product indexes, one per order (Algolia's way to sort): products_en_price_asc. */
export const replicaSorts: readonly ReplicaSort[] = ['price_asc', 'price_desc', 'newest']

export interface SearchQuery {
  sort?: ReplicaSort
  query: string
  filters: Filters
  /** Algolia's optionalFilters: within a relevance tier, records matching more of them come first. */
  optionalFilters?: Filters
  facets: string[]
  page: number
  hitsPerPage: number
  attributesToRetrieve?: string[]
  highlightPreTag: string
  highlightPostTag: string
}

export interface SearchAnswer {
  hits: Record<string, unknown>[]
  nbHits: number
  page: number
  nbPages: number
  hitsPerPage: number
  facets?: Record<string, Record<string, number>>
  /** As Algolia: the query with the words dropped to find something in <em>, when words were dropped. */
  queryAfterRemoval?: string
}

/** How finely text relevance separates hits before popularity decides. */
const relevanceTiers = 4

/** How much a match through another form of the word counts against the word as typed. */
const formWeights = { synonym: 0.5, otherNumber: 0.9, joinedOrSplit: 0.8, typo: 0.5 } as const

type Fields = { id: number; name: string; brand: string; category: string; sku: string }

/** The engine's options: the same when an index is built and when it is loaded from a snapshot. */
const miniOptions: Options<Fields> = {
  fields: ['name', 'brand', 'category', 'sku'],
  tokenize: (text) => searchWords(text),
  // Text is normalised once by tokenize; query terms arrive normalised too.
  processTerm: (term) => term,
  searchOptions: { boost: { name: 3, brand: 2, category: 1, sku: 1 }, combineWith: 'AND' },
}

/** A built index as plain data: what is kept in KV so a fresh isolate loads instead of building. */
export interface IndexSnapshot {
  records: IndexRecord[]
  mini: AsPlainObject
}

export class SearchIndex {
  private readonly mini: MiniSearch<Fields>
  private readonly records: IndexRecord[]

  constructor(records: IndexRecord[], mini?: MiniSearch<Fields>) {
    this.records = records
    if (mini) {
      this.mini = mini
      return
    }
    this.mini = new MiniSearch(miniOptions)
    this.mini.addAll(
      records.map((r, id) => ({
        id,
        name: r.searchable.name,
        brand: r.searchable.brand ?? '',
        category: r.searchable.category ?? '',
        sku: r.searchable.sku ?? '',
      })),
    )
  }

  static fromSnapshot(snapshot: IndexSnapshot): SearchIndex {
    return new SearchIndex(snapshot.records, MiniSearch.loadJS(snapshot.mini, miniOptions))
  }

  toSnapshot(): IndexSnapshot {
    return { records: this.records, mini: this.mini.toJSON() }
  }

  get size(): number {
    return this.records.length
  }

  search(q: SearchQuery): SearchAnswer {
    // Each search word remembers the typed word it came from, to say which typed words were dropped.
    const typed = q.query.trim().split(/\s+/)
    const parts = typed.flatMap((text, from) => searchWords(text).map((word) => ({ word, from }))).slice(0, 20)
    const words = parts.map((part) => part.word)
    // The query's filter values are normalised once, not once per product.
    const filters = q.filters.map((group) => group.map((c) => ({ ...c, normal: normaliseSearchText(c.value) })))
    const optional = (q.optionalFilters ?? []).map((group) => group.map((c) => ({ ...c, normal: normaliseSearchText(c.value) })))
    const preferred = (record: IndexRecord) => optional.filter((group) => passes(record, [group])).length
    let kept = words.length
    let matching = this.rank(words, preferred).filter(({ record }) => passes(record, filters))
    // Nothing found: words are dropped from the end until something is (Algolia's lastWords), never the first.
    while (matching.length === 0 && kept > 1) {
      kept -= 1
      matching = this.rank(words.slice(0, kept), preferred).filter(({ record }) => passes(record, filters))
    }
    // Said only when dropping found something: a query that finds nothing either way is answered as typed.
    const removal = kept < words.length && matching.length > 0 ? queryAfterRemoval(typed, parts[kept]!.from) : undefined
    if (q.sort) matching.sort(replicaOrder[q.sort])
    const nbPages = Math.ceil(matching.length / q.hitsPerPage)
    const pageHits = matching.slice(q.page * q.hitsPerPage, (q.page + 1) * q.hitsPerPage)
    return {
      hits: pageHits.map(({ record, terms }) => this.hit(record, terms, q)),
      nbHits: matching.length,
      page: q.page,
      nbPages,
      hitsPerPage: q.hitsPerPage,
      ...(removal !== undefined ? { queryAfterRemoval: removal } : {}),
      ...(q.facets.length > 0
        ? {
            facets: facetCounts(
              matching.map((m) => m.record),
              q.facets,
            ),
          }
        : {}),
    }
  }

  /** The products matching every word, best first: text relevance in tiers, then the optional filters, then popularity. */
  private rank(words: string[], preferred: (record: IndexRecord) => number): { record: IndexRecord; terms: string[] }[] {
    if (words.length === 0) {
      // An empty query lists everything, most popular first (Algolia's behaviour for "").
      return [...this.records]
        .map((record) => ({ record, terms: [], preference: preferred(record) }))
        .sort((a, b) => b.preference - a.preference || b.record.popularity - a.record.popularity)
    }
    const results = this.mini.search(this.queryTree(words))
    const best = results[0]?.score ?? 1
    // Text relevance first, in tiers relative to the best match (so products matching the same
    // words the same way count as equal, whatever their name's length), then popularity.
    const tier = (score: number) => Math.ceil((score / best) * relevanceTiers)
    return results
      .map((r: SearchResult) => {
        const record = this.records[r.id as number]!
        return { record, terms: r.terms, tier: tier(r.score), preference: preferred(record) }
      })
      .sort((a, b) => b.tier - a.tier || b.preference - a.preference || b.record.popularity - a.record.popularity)
  }

  /**
   * MiniSearch's own map of the indexed words (a radix tree): which exist, by prefix, within an edit distance. An
   * internal of minisearch 7.2.0 (pinned in package.json); worker/search/engine.test.ts fails if an upgrade moves it.
   */
  private get terms(): SearchableMap<unknown> {
    return (this.mini as unknown as { _index: SearchableMap<unknown> })._index
  }

  /** Whether a word is in the index as typed: whole, or as the start of a word when the shopper is still typing it. */
  private known(word: string, typing: boolean): boolean {
    return this.terms.has(word) || (typing && this.terms.atPrefix(word).size > 0)
  }

  /**
   * Every word must match (AND). Two neighbouring words may also be read as one (لاب توب, play station) when the index
   * knows the joined word: the query is then either reading (OR).
   */
  private queryTree(words: string[]): Query {
    const readings: Query[] = [this.allOf(words)]
    for (let i = 0; i + 1 < words.length; i++) {
      const joined = words[i]! + words[i + 1]!
      if (!this.known(joined, i + 2 === words.length)) continue
      readings.push(this.allOf([...words.slice(0, i), joined, ...words.slice(i + 2)], formWeights.joinedOrSplit))
    }
    return readings.length === 1 ? readings[0]! : { combineWith: 'OR', queries: readings }
  }

  private allOf(words: string[], weight = 1): Query {
    return { combineWith: 'AND', queries: words.map((word, i) => this.alternatives(word, i === words.length - 1, weight)) }
  }

  /**
   * What one word matches: itself (a prefix when it is the word being typed), its synonyms, its other number, and,
   * only when it matches nothing as typed, the index's words within its typos or itself split in two known words.
   */
  private alternatives(word: string, typing: boolean, weight: number): Query {
    const queries: Query[] = []
    const seen = new Set<string>()
    let found = false
    const add = (term: string, prefix: boolean, factor: number) => {
      if (seen.has(term)) return
      seen.add(term)
      found ||= this.known(term, prefix)
      queries.push({ queries: [term], prefix, boostTerm: () => factor * weight })
    }
    add(word, typing, 1)
    for (const synonym of synonymsOf(word).slice(1)) add(synonym, true, formWeights.synonym)
    for (const form of wordForms(word)) if (this.terms.has(form)) add(form, false, formWeights.otherNumber)
    if (!found) {
      const allowed = allowedTypos(word)
      if (allowed > 0) {
        for (const [term] of this.terms.fuzzyGet(word, Math.min(2 * allowed, 3))) {
          if (typoDistance(word, term, allowed) <= allowed) add(term, false, formWeights.typo)
        }
      }
      const split = this.splitInTwo(word, typing)
      if (split)
        queries.push({ combineWith: 'AND', queries: split, boostTerm: () => formWeights.joinedOrSplit * weight, prefix: (_, i) => typing && i === 1 })
    }
    return queries.length === 1 ? queries[0]! : { combineWith: 'OR', queries }
  }

  /** A word read as two the index knows (airfryer: air fryer; ايفون17: ايفون 17), the longer first half first. */
  private splitInTwo(word: string, typing: boolean): [string, string] | null {
    for (let at = word.length - 2; at >= 2; at--) {
      const [head, tail] = [word.slice(0, at), word.slice(at)]
      if (this.terms.has(head) && this.known(tail, typing)) return [head, tail]
    }
    return null
  }

  private hit(record: IndexRecord, terms: string[], q: SearchQuery): Record<string, unknown> {
    const fields = q.attributesToRetrieve && !q.attributesToRetrieve.includes('*') ? q.attributesToRetrieve : null
    const document = fields ? Object.fromEntries(Object.entries(record.document).filter(([k]) => fields.includes(k))) : { ...record.document }
    const highlight = (text: string) => highlightText(text, terms, q.highlightPreTag, q.highlightPostTag)
    const name = highlight(record.searchable.name)
    return {
      ...document,
      objectID: record.objectID,
      _highlightResult: {
        name: {
          value: name.value,
          matchLevel: name.matched === 0 ? 'none' : name.matched === terms.length ? 'full' : 'partial',
          matchedWords: name.words,
        },
        ...(record.searchable.brand !== undefined
          ? { brand: { value: highlight(record.searchable.brand).value, matchLevel: 'none', matchedWords: [] } }
          : {}),
      },
    }
  }
}

type Ranked = { record: IndexRecord }
const replicaOrder: Record<ReplicaSort, (a: Ranked, b: Ranked) => number> = {
  price_asc: (a, b) => (a.record.price ?? 0) - (b.record.price ?? 0),
  price_desc: (a, b) => (b.record.price ?? 0) - (a.record.price ?? 0),
  newest: (a, b) => (b.record.createdAt ?? '').localeCompare(a.record.createdAt ?? ''),
}

function valuesOf(record: IndexRecord, attribute: string): (string | number | boolean)[] {
  const value = record.attributes[attribute]
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

/**
 * The catalogue's facet values repeat (a few brands and categories across thousands of products):
 * each is normalised once. Only record values are kept here (bounded by the catalogue), never a query's.
 */
const normalisedValues = new Map<string, string>()
function normalisedValue(value: string): string {
  let normal = normalisedValues.get(value)
  if (normal === undefined) {
    normal = normaliseSearchText(value)
    normalisedValues.set(value, normal)
  }
  return normal
}

type Clause = Filters[number][number] & { normal: string }

function passes(record: IndexRecord, filters: Clause[][]): boolean {
  return filters.every((group) =>
    group.some((c) => valuesOf(record, c.attribute).some((v) => (typeof v === 'string' ? normalisedValue(v) === c.normal : String(v) === c.value))),
  )
}

function facetCounts(records: IndexRecord[], facets: string[]): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {}
  const wanted = facets.includes('*') ? [...new Set(records.flatMap((r) => Object.keys(r.attributes)))] : facets
  for (const facet of wanted) {
    const values: Record<string, number> = {}
    for (const record of records) for (const v of valuesOf(record, facet)) values[String(v)] = (values[String(v)] ?? 0) + 1
    counts[facet] = values
  }
  return counts
}

/** The typed words, those from `firstDropped` on wrapped in <em>, as Algolia's queryAfterRemoval marks them. */
function queryAfterRemoval(typed: string[], firstDropped: number): string {
  return typed.map((word, i) => (i < firstDropped ? word : `<em>${word}</em>`)).join(' ')
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!)

/** The text, HTML-escaped, with each word that matched wrapped in the highlight tags. */
export function highlightText(text: string, terms: string[], pre: string, post: string) {
  const words: string[] = []
  let matched = 0
  const value = text
    .split(/([\p{L}\p{N}]+)/u)
    .map((part) => {
      const normal = normaliseSearchText(part)
      if (normal === '' || !terms.some((t) => normal === t || normal.startsWith(t))) return escapeHtml(part)
      words.push(part)
      matched++
      return `${pre}${escapeHtml(part)}${post}`
    })
    .join('')
  return { value, matched: Math.min(matched, terms.length), words }
}
