/**
 * The embedded search engine: one in-memory MiniSearch index per index name, over the catalogue's
 * product documents (docs/product.md, "Calls" shape) in one language. Prefix matching as the shopper types,
 * typo tolerance on longer words, transliteration synonyms, ranking by text relevance then
 * popularity, filters, facet counts and highlighting, answered in Algolia's result shape.
 */
import MiniSearch, { type AsPlainObject, type Options, type Query, type SearchResult } from 'minisearch'
import { normaliseSearchText, searchWords } from '../../src/domain/search-text'
import type { Filters } from './filters'
import { synonymsOf } from './synonyms'

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
}

/** How finely text relevance separates hits before popularity decides. */
const relevanceTiers = 4

/** Words shorter than this match exactly or as a prefix; longer ones also within one or two typos. */
const fuzzyFromLength = 4

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
    const words = searchWords(q.query).slice(0, 20)
    let ranked: { record: IndexRecord; terms: string[] }[]
    if (words.length === 0) {
      // An empty query lists everything, most popular first (Algolia's behaviour for "").
      ranked = [...this.records].sort((a, b) => b.popularity - a.popularity).map((record) => ({ record, terms: [] }))
    } else {
      const results = this.mini.search(this.queryTree(words))
      const best = results[0]?.score ?? 1
      // Text relevance first, in tiers relative to the best match (so products matching the same
      // words the same way count as equal, whatever their name's length), then popularity.
      const tier = (score: number) => Math.ceil((score / best) * relevanceTiers)
      ranked = results
        .map((r: SearchResult) => ({ record: this.records[r.id as number]!, terms: r.terms, tier: tier(r.score) }))
        .sort((a, b) => b.tier - a.tier || b.record.popularity - a.record.popularity)
    }
    // The query's filter values are normalised once, not once per product.
    const filters = q.filters.map((group) => group.map((c) => ({ ...c, normal: normaliseSearchText(c.value) })))
    const matching = ranked.filter(({ record }) => passes(record, filters))
    if (q.sort) matching.sort(replicaOrder[q.sort])
    const nbPages = Math.ceil(matching.length / q.hitsPerPage)
    const pageHits = matching.slice(q.page * q.hitsPerPage, (q.page + 1) * q.hitsPerPage)
    return {
      hits: pageHits.map(({ record, terms }) => this.hit(record, terms, q)),
      nbHits: matching.length,
      page: q.page,
      nbPages,
      hitsPerPage: q.hitsPerPage,
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

  /** Every word must match (AND); a word matches itself as a prefix, with typos, or a synonym. */
  private queryTree(words: string[]): Query {
    return {
      combineWith: 'AND',
      queries: words.map((word, i) => {
        const last = i === words.length - 1
        return {
          combineWith: 'OR',
          queries: synonymsOf(word).map((alternative, j) => ({
            queries: [alternative],
            // The word being typed is a prefix; earlier words are whole but may be misspelt.
            prefix: last || j > 0,
            fuzzy: j === 0 && alternative.length >= fuzzyFromLength ? (alternative.length >= 8 ? 2 : 1) : false,
          })),
        }
      }),
    }
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
        name: { value: name.value, matchLevel: name.matched === 0 ? 'none' : name.matched === terms.length ? 'full' : 'partial', matchedWords: name.words },
        ...(record.searchable.brand !== undefined ? { brand: { value: highlight(record.searchable.brand).value, matchLevel: 'none', matchedWords: [] } } : {}),
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
