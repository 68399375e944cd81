/**
 * The embedded search engine: one compact inverted index per index name, over the catalogue's products in one
 * language (docs/decisions/0012-search-at-scale.md). Prefix matching as the shopper types; each word also matches its
 * synonyms, its other number (worker/search/plurals.ts) and, when it matches nothing as typed, the index's words within
 * Algolia's typo rules (worker/search/typos.ts); two words may be read joined, one split; a query that finds nothing
 * drops words from its end (Algolia's removeWordsIfNoResults: lastWords) and says which. Ranking by text relevance
 * (BM25 per field, weighted name 3, brand 2, category and sku 1) in tiers, then the optional filters, then
 * popularity; filters, facet counts and highlighting, answered in Algolia's result shape (docs/architecture.md,
 * "Search relevance").
 *
 * Everything an index holds is in typed arrays and one sorted word list: 100,000 products take a few megabytes, and
 * the index is kept in KV as one packed value that a new isolate reads in place. A hit's document is not held (it
 * would be most of the memory): the service reads the page's documents from D1 (worker/search/indexes.ts); small
 * indexes (query suggestions, tests) keep theirs. Each product's name is held, as word ids, so a caller that wants
 * only ids gets its hits' highlighted names with no read (docs/decisions/0012-search-at-scale.md).
 */
import { normaliseSearchText, searchWords } from '../../src/domain/search-text'
import { packArrays, unpackArrays, type PackedArray } from '../storage/packed-arrays'
import type { Filters } from './filters'
import { joinedArticleForms, wordForms } from './plurals'
import { letterNames, phraseSynonymsAt, synonymsOf } from './synonyms'
import { allowedTypos, typoDistance } from './typos'

type AttributeValue = string | number | boolean

export interface IndexRecord {
  objectID: string
  /** Text fields searched, in order of weight. */
  searchable: { name: string; brand?: string; category?: string; sku?: string }
  /** Facet and filter values by attribute (numbers for numeric filters, strings for facets). */
  attributes: Record<string, AttributeValue | (string | number)[]>
  popularity: number
  /** For the replicas' orders. */
  price?: number
  createdAt?: string
  /** What a hit returns, when the index keeps it; without it the caller supplies the page's documents. */
  document?: Record<string, unknown>
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

/** The ranked answer before its hits have documents: the page's hits as record positions. */
interface RankedPage {
  hits: { objectID: string; record: number; terms: string[] }[]
  nbHits: number
  page: number
  nbPages: number
  hitsPerPage: number
  facets?: Record<string, Record<string, number>>
  /** As Algolia: the query with the words dropped to find something in <em>, when words were dropped. */
  queryAfterRemoval?: string
}

export type SearchAnswer = Omit<RankedPage, 'hits'> & { hits: Record<string, unknown>[] }

/** A query is read at most this many ways (as typed, joined, through phrase synonyms, numbers). */
const maxReadings = 8

/** Words that make the number before them thousands (18 الف: 18000). */
const thousands = new Set(['الف', 'الاف', 'k'])

/** The Gulf ق stands for the g that the catalogue writes ج or غ (سامسونق, قالكسي), and the other way. */
function gulfSpellings(word: string): string[] {
  if (!/[قجغ]/.test(word)) return []
  return ['ج', 'غ', 'ق'].flatMap((letter) => {
    const spelled = word.replace(/[قجغ]/g, letter)
    return spelled === word ? [] : [spelled]
  })
}

/** How finely text relevance separates hits before popularity decides. */
const relevanceTiers = 4

/** How much a match through another form of the word counts against the word as typed. */
const formWeights = { synonym: 0.5, otherNumber: 0.9, joinedOrSplit: 0.8, typo: 0.5 } as const

const fields = ['name', 'brand', 'category', 'sku'] as const
const fieldBoosts = [3, 2, 1, 1] as const
/** BM25+ as MiniSearch scores (the engine this one replaced, whose ranking the judged set was tuned on). */
const bm25 = { k: 1.2, b: 0.7, d: 0.5 } as const
/** A word being typed also matches the longer words it begins, weighted down with the letters still missing. */
const prefixWeight = 0.375
/** A term frequency is kept in 6 bits beside its field's 2. */
const maxTermFrequency = 63

/** An attribute's values: a dictionary of distinct values and each record's value ids (CSR: offsets, ids). */
interface Attribute {
  name: string
  values: AttributeValue[]
  offsets: Uint32Array
  ids: Uint16Array | Uint32Array
}

/** What an index is made of; every array is indexed by record, by word, or by posting. */
interface IndexData {
  count: number
  /** Numbers when every objectID is one (products: their entity id), else the strings. */
  objectIDs: Uint32Array | string[]
  popularity: Float64Array
  /** Records from the most popular down (ties in record order): ranks pack into one sort key. */
  byPopularity: Uint32Array
  /** NaN where a record has none. */
  price: Float64Array
  createdAt: Float64Array
  /** The indexed words, sorted (a prefix's words are one range). */
  words: string[]
  /** Postings of word w: [wordStart[w], wordStart[w + 1]), ordered by record. */
  wordStart: Uint32Array
  postingRecord: Uint32Array
  /** field | termFrequency << 2 */
  postingFieldTf: Uint8Array
  /** Records holding word w in field f, at w * fields + f. */
  wordFieldRecords: Uint32Array
  /** Distinct words of record r's field f, at r * fields + f (at most 255). */
  fieldLength: Uint8Array
  averageFieldLength: number[]
  attributes: Attribute[]
  /** Kept for small indexes: the searched name and brand (highlighting) and the document. */
  kept?: { names: string[]; brands: (string | null)[]; documents: Record<string, unknown>[] }
  /**
   * Every record's name, for a hit's highlighted name without a trip to D1 when the caller wants no document (the
   * search page: docs/architecture.md, "Trips to storage"). Names share most of their words (brands, lines, sizes,
   * colours), so each is kept as ids into `nameWords`: record r's words at [nameStart[r], nameStart[r + 1]) of
   * `nameTokens`, joined by spaces (a quarter of the names' UTF-8 size).
   */
  nameWords?: string[]
  nameTokens?: Uint16Array | Uint32Array
  nameStart?: Uint32Array
}

/** A set of matching records: ascending ids with their score and which query words matched (a bit per word). */
interface Matches {
  records: Uint32Array
  scores: Float64Array
  words: Uint32Array
}

const noMatches: Matches = { records: new Uint32Array(0), scores: new Float64Array(0), words: new Uint32Array(0) }

/** A query word's alternatives, as the engine asks for them. */
type Query = { combine: 'and' | 'or'; queries: Query[]; boost?: number } | { term: string; prefix: boolean; boost: number }

export class SearchIndex {
  private readonly data: IndexData
  /** Scratch space of one query, reused: a score per record, and the query that last touched each. */
  private readonly scratchScore: Float64Array
  private readonly scratchStamp: Uint32Array
  private stamp = 0
  /** Each record's place in byPopularity. */
  private readonly popularityRank: Uint32Array
  /** BM25's length part per field and field length: k * (1 - b + b * length / average). */
  private readonly lengthNorm: Float64Array
  /** Each query term's bit in Matches.words, handed out afresh for each ranking. */
  private termBits = new Map<string, number>()

  constructor(records: IndexRecord[] | IndexData, options: { keepDocuments?: boolean } = {}) {
    this.data = Array.isArray(records) ? build(records, options.keepDocuments ?? records.every((r) => r.document !== undefined)) : records
    this.scratchScore = new Float64Array(this.data.count)
    this.scratchStamp = new Uint32Array(this.data.count)
    this.popularityRank = new Uint32Array(this.data.count)
    this.data.byPopularity.forEach((record, rank) => (this.popularityRank[record] = rank))
    this.lengthNorm = new Float64Array(fields.length * 256)
    for (let f = 0; f < fields.length; f++)
      for (let length = 0; length < 256; length++)
        this.lengthNorm[f * 256 + length] = bm25.k * (1 - bm25.b + (bm25.b * length) / this.data.averageFieldLength[f]!)
  }

  get size(): number {
    return this.data.count
  }

  /** The record's name, when the index holds names (every index built since snapshot format 3). */
  private nameOf(record: number): string | undefined {
    const { nameWords, nameTokens, nameStart } = this.data
    if (!nameWords || !nameTokens || !nameStart) return undefined
    return Array.from(nameTokens.subarray(nameStart[record], nameStart[record + 1]), (token) => nameWords[token]).join(' ')
  }

  /** Whether a hit's highlighted name can be answered without its document (see nameWords). */
  get holdsNames(): boolean {
    return this.data.nameWords !== undefined
  }

  /** Whether hits carry their documents; if not, the caller reads them (answerWith). */
  get keepsDocuments(): boolean {
    return this.data.kept !== undefined
  }

  /** The index as one binary value (KV), and back. */
  toSnapshot(): ArrayBuffer {
    const d = this.data
    const header = {
      format: snapshotFormat,
      count: d.count,
      objectIDs: Array.isArray(d.objectIDs) ? d.objectIDs.join('\n') : null,
      words: d.words.join('\n'),
      averageFieldLength: d.averageFieldLength,
      attributes: d.attributes.map((a) => ({ name: a.name, values: a.values })),
      kept: d.kept ?? null,
      nameWords: d.nameWords ?? null,
    }
    const arrays: Record<string, PackedArray> = {
      ...(Array.isArray(d.objectIDs) ? {} : { objectIDs: d.objectIDs }),
      popularity: d.popularity,
      byPopularity: d.byPopularity,
      price: d.price,
      createdAt: d.createdAt,
      wordStart: d.wordStart,
      postingRecord: d.postingRecord,
      postingFieldTf: d.postingFieldTf,
      wordFieldRecords: d.wordFieldRecords,
      fieldLength: d.fieldLength,
      ...(d.nameTokens && d.nameStart ? { nameTokens: d.nameTokens, nameStart: d.nameStart } : {}),
    }
    d.attributes.forEach((a, i) => {
      arrays[`a${i}offsets`] = a.offsets
      arrays[`a${i}ids`] = a.ids
    })
    return packArrays(header, arrays)
  }

  static fromSnapshot(buffer: ArrayBuffer): SearchIndex | null {
    type Header = {
      format: number
      count: number
      objectIDs: string | null
      words: string
      averageFieldLength: number[]
      attributes: { name: string; values: AttributeValue[] }[]
      kept: IndexData['kept'] | null
      nameWords?: string[] | null
    }
    const unpacked = unpackArrays<Header>(buffer)
    if (!unpacked || unpacked.header.format !== snapshotFormat) return null
    const { header: h, arrays: a } = unpacked
    return new SearchIndex({
      count: h.count,
      objectIDs: h.objectIDs === null ? (a.objectIDs as Uint32Array) : h.objectIDs === '' ? [] : h.objectIDs.split('\n'),
      popularity: a.popularity as Float64Array,
      byPopularity: a.byPopularity as Uint32Array,
      price: a.price as Float64Array,
      createdAt: a.createdAt as Float64Array,
      words: h.words === '' ? [] : h.words.split('\n'),
      wordStart: a.wordStart as Uint32Array,
      postingRecord: a.postingRecord as Uint32Array,
      postingFieldTf: a.postingFieldTf as Uint8Array,
      wordFieldRecords: a.wordFieldRecords as Uint32Array,
      fieldLength: a.fieldLength as Uint8Array,
      averageFieldLength: h.averageFieldLength,
      attributes: h.attributes.map((attribute, i) => ({
        ...attribute,
        offsets: a[`a${i}offsets`] as Uint32Array,
        ids: a[`a${i}ids`] as Uint16Array | Uint32Array,
      })),
      ...(h.kept ? { kept: h.kept } : {}),
      ...(h.nameWords && a.nameTokens && a.nameStart
        ? { nameWords: h.nameWords, nameTokens: a.nameTokens as Uint16Array | Uint32Array, nameStart: a.nameStart as Uint32Array }
        : {}),
    })
  }

  /** The answer with the documents the index keeps. */
  search(q: SearchQuery): SearchAnswer {
    const ranked = this.rankPage(q)
    const kept = this.data.kept
    return this.answerWith(
      ranked,
      q,
      ranked.hits.map(({ record }) => kept?.documents[record] ?? {}),
    )
  }

  /** The page of an answer with its documents (one per hit, in order, from wherever the caller keeps them). */
  answerWith(ranked: RankedPage, q: SearchQuery, documents: Record<string, unknown>[]): SearchAnswer {
    const kept = this.data.kept
    return {
      ...ranked,
      hits: ranked.hits.map((hit, i) => {
        const document = documents[i] ?? {}
        const name = kept ? kept.names[hit.record]! : typeof document.name === 'string' ? document.name : (this.nameOf(hit.record) ?? '')
        const brand = kept ? kept.brands[hit.record] : typeof document.brand === 'string' ? document.brand : null
        return toHit(hit.objectID, document, name, brand ?? undefined, hit.terms, q)
      }),
    }
  }

  /** The query's matches ranked and filtered, counted and paged; the page's hits as records. */
  rankPage(q: SearchQuery): RankedPage {
    // Each search word remembers the typed word it came from, to say which typed words were dropped.
    const typed = q.query.trim().split(/\s+/)
    const parts = typed.flatMap((text, from) => searchWords(text).map((word) => ({ word, from }))).slice(0, 20)
    const words = parts.map((part) => part.word)
    const allowed = this.filterOf(q.filters)
    const preferredGroups = (q.optionalFilters ?? []).map((group) => this.filterOf([group]))
    let kept = words.length
    let ranked = this.rank(words, allowed, preferredGroups)
    // Nothing found: words are dropped from the end until something is (Algolia's lastWords), never the first.
    while (ranked.order.length === 0 && kept > 1) {
      kept -= 1
      ranked = this.rank(words.slice(0, kept), allowed, preferredGroups)
    }
    // Said only when dropping found something: a query that finds nothing either way is answered as typed.
    const removal = kept < words.length && ranked.order.length > 0 ? queryAfterRemoval(typed, parts[kept]!.from) : undefined
    const order = q.sort ? this.replicaOrder(ranked.order, q.sort) : ranked.order
    const nbHits = order.length
    const pageRecords = order.slice(q.page * q.hitsPerPage, (q.page + 1) * q.hitsPerPage)
    return {
      hits: Array.from(pageRecords, (record) => ({
        objectID: String(this.data.objectIDs[record]),
        record,
        terms: this.matchedWords(record, ranked.candidates),
      })),
      nbHits,
      page: q.page,
      nbPages: Math.ceil(nbHits / q.hitsPerPage),
      hitsPerPage: q.hitsPerPage,
      ...(removal !== undefined ? { queryAfterRemoval: removal } : {}),
      ...(q.facets.length > 0 ? { facets: this.facetCounts(order, q.facets) } : {}),
    }
  }

  /**
   * The records matching every word and the filters, best first: text relevance in tiers relative to the best match
   * (so products matching the same words the same way count as equal, whatever their name's length), then the
   * optional filters met, then popularity.
   */
  private rank(words: string[], allowed: RecordFilter, preferredGroups: RecordFilter[]): { order: Uint32Array; candidates: Set<number> } {
    const d = this.data
    const candidates = new Set<number>()
    this.termBits = new Map()
    const preference = (record: number) => {
      let met = 0
      for (const group of preferredGroups) if (group(record)) met++
      return Math.min(met, 63)
    }
    if (words.length === 0) {
      // An empty query lists everything, most popular first (Algolia's behaviour for "").
      const keys: number[] = []
      for (const record of d.byPopularity) if (allowed(record)) keys.push(this.sortKey(record, 0, preference(record)))
      return { order: this.byKey(keys), candidates }
    }
    const matches = this.execute(this.queryTree(words), 'and', candidates)
    // MiniSearch's quality: the score times how many of the query's words (and their alternatives) matched.
    let best = 0
    const scores = matches.scores
    for (let i = 0; i < scores.length; i++) {
      scores[i] = scores[i]! * Math.max(1, bitCount(matches.words[i]!))
      if (scores[i]! > best) best = scores[i]!
    }
    const keys: number[] = []
    for (let i = 0; i < matches.records.length; i++) {
      const record = matches.records[i]!
      if (allowed(record)) keys.push(this.sortKey(record, Math.ceil((scores[i]! / (best || 1)) * relevanceTiers), preference(record)))
    }
    return { order: this.byKey(keys), candidates }
  }

  /** One number that orders a match: its relevance tier, then the optional filters it meets, then its popularity. */
  private sortKey(record: number, tier: number, met: number): number {
    return (tier * 64 + met) * popularitySpan + (popularitySpan - 1 - this.popularityRank[record]!)
  }

  /** The records of the keys, best first: one numeric sort, however many match. */
  private byKey(keys: number[]): Uint32Array {
    const sorted = Float64Array.from(keys).sort()
    const order = new Uint32Array(sorted.length)
    for (let i = 0; i < sorted.length; i++) {
      const key = sorted[sorted.length - 1 - i]!
      order[i] = this.data.byPopularity[popularitySpan - 1 - (key % popularitySpan)]!
    }
    return order
  }

  private replicaOrder(order: Uint32Array, sort: ReplicaSort): Uint32Array {
    const d = this.data
    const price = (r: number) => (Number.isNaN(d.price[r]!) ? 0 : d.price[r]!)
    const created = (r: number) => (Number.isNaN(d.createdAt[r]!) ? -Infinity : d.createdAt[r]!)
    const position = new Map<number, number>()
    order.forEach((r, i) => position.set(r, i))
    const compare = {
      price_asc: (a: number, b: number) => price(a) - price(b),
      price_desc: (a: number, b: number) => price(b) - price(a),
      newest: (a: number, b: number) => created(b) - created(a),
    }[sort]
    return Uint32Array.from([...order].sort((a, b) => compare(a, b) || position.get(a)! - position.get(b)!))
  }

  // ---- words

  /** The position of the first indexed word not below `word`. */
  private lowerBound(word: string): number {
    const words = this.data.words
    let lo = 0
    let hi = words.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (words[mid]! < word) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  private wordId(word: string): number {
    const at = this.lowerBound(word)
    return this.data.words[at] === word ? at : -1
  }

  /** The indexed words that begin with `prefix`: one range of the sorted list. */
  private prefixRange(prefix: string): [number, number] {
    const from = this.lowerBound(prefix)
    let to = from
    const words = this.data.words
    while (to < words.length && words[to]!.startsWith(prefix)) to++
    return [from, to]
  }

  /** Whether a word is in the index as typed: whole, or as the start of a word when the shopper is still typing it. */
  private known(word: string, typing: boolean): boolean {
    if (this.wordId(word) >= 0) return true
    if (!typing) return false
    const [from, to] = this.prefixRange(word)
    return to > from
  }

  /**
   * The indexed words within `allowed` typos of any of `typed` (a word and its other forms): one pass over the word
   * list, the lengths checked before any distance is worked out.
   */
  private typoNeighbours(typed: string[], allowed: number): string[] {
    const found: string[] = []
    const shortest = Math.min(...typed.map((t) => t.length)) - allowed
    const longest = Math.max(...typed.map((t) => t.length)) + allowed
    for (const candidate of this.data.words) {
      if (candidate.length < shortest || candidate.length > longest) continue
      for (const word of typed) {
        if (Math.abs(candidate.length - word.length) > allowed || candidate === word) continue
        if (typoDistance(word, candidate, allowed) <= allowed) {
          found.push(candidate)
          break
        }
      }
    }
    return found
  }

  // ---- the query

  /**
   * Every word must match (AND). The query is also read other ways (OR), each a reading of its own: two neighbouring
   * words as one (لاب توب, play station) when the index knows the joined word; a phrase as its synonym phrase
   * (كمبيوتر محمول as لابتوب, ps5 as playstation 5); a number and thousand as the number (18 الف as 18000); a letter
   * said in Arabic joined to the number after it (اس 25 as s25).
   */
  private queryTree(words: string[]): Query {
    const readings: Query[] = [this.allOf(words)]
    const read = (at: number, length: number, replacement: string[], weight: number) => {
      if (readings.length >= maxReadings) return
      readings.push(this.allOf([...words.slice(0, at), ...replacement, ...words.slice(at + length)], weight))
    }
    for (let i = 0; i < words.length; i++) {
      const joined = words[i]! + (words[i + 1] ?? '')
      if (i + 1 < words.length && this.known(joined, i + 2 === words.length)) read(i, 2, [joined], formWeights.joinedOrSplit)
      // A letter said in Arabic before a model's number (جالكسي اس 25: s25).
      const letter = letterNames[words[i]!]
      if (letter && i + 1 < words.length && this.known(letter + words[i + 1], i + 2 === words.length))
        read(i, 2, [letter + words[i + 1]], formWeights.joinedOrSplit)
      // A word the index also knows as two whole words (airfryer: air fryer) is read both ways, so the query finds the
      // products spelled either way, as "air fryer" finds "Airfryer" through the joined reading above (issue 42).
      // Halves of three letters at least: جوال is not جو and ال.
      const split = this.wordId(words[i]!) >= 0 ? this.splitInTwo(words[i]!, false, 3) : null
      if (split) read(i, 1, split, formWeights.joinedOrSplit)
      for (const { length, replacement } of phraseSynonymsAt(words, i)) {
        if (replacement.every((word) => this.known(word, false) || synonymsOf(word).length > 1)) read(i, length, replacement, formWeights.synonym)
      }
      if (/^\d+$/.test(words[i]!) && thousands.has(words[i + 1] ?? '')) read(i, 2, [String(Number(words[i]) * 1000)], 1)
    }
    return readings.length === 1 ? readings[0]! : { combine: 'or', queries: readings }
  }

  private allOf(words: string[], weight = 1): Query {
    return { combine: 'and', queries: words.map((word, i) => this.alternatives(word, i === words.length - 1, weight)) }
  }

  /**
   * What one word matches: itself (a prefix when it is the word being typed), its synonyms, its other number and that
   * number's synonyms (so a plural never finds less than its singular), and, only when it matches nothing as typed,
   * the index's words within its typos (of it or of its other number), its Gulf spelling read the other way (ق for
   * the g of ج and غ), itself split in two known words, or a number and its unit (65w: 65 and w, read واط and watt).
   */
  private alternatives(word: string, typing: boolean, weight: number): Query {
    const queries: Query[] = []
    const seen = new Set<string>()
    let found = false
    const add = (term: string, prefix: boolean, factor: number) => {
      if (seen.has(term)) return
      seen.add(term)
      found ||= this.known(term, prefix)
      queries.push({ term, prefix, boost: factor * weight })
    }
    const widen = (from: string, factor: number) => {
      for (const synonym of synonymsOf(from).slice(1)) add(synonym, true, factor * formWeights.synonym)
      for (const form of wordForms(from)) if (this.known(form, typing)) add(form, typing, factor * formWeights.otherNumber)
    }
    add(word, typing, 1)
    widen(word, 1)
    for (const form of wordForms(word))
      for (const synonym of synonymsOf(form).slice(1)) add(synonym, true, formWeights.otherNumber * formWeights.synonym)
    if (!found) {
      for (const spelling of gulfSpellings(word)) {
        if (this.known(spelling, typing) || synonymsOf(spelling).length > 1) {
          add(spelling, typing, formWeights.typo)
          widen(spelling, formWeights.typo)
        }
      }
    }
    if (!found) {
      // The article joined to "and", "with" or "for" (درون: والدرون), of the word or of what it means (سشوار: بالشعر).
      for (const meaning of synonymsOf(word))
        for (const form of joinedArticleForms(meaning)) if (this.wordId(form) >= 0) add(form, false, formWeights.typo)
    }
    if (!found) {
      const allowed = allowedTypos(word)
      if (allowed > 0) for (const term of this.typoNeighbours([word, ...wordForms(word)], allowed)) add(term, false, formWeights.typo)
      const split = this.splitInTwo(word, typing)
      if (split) {
        const boost = formWeights.joinedOrSplit * weight
        // Neither half is read as a prefix (as the MiniSearch engine before this one read them).
        queries.push({ combine: 'and', queries: split.map((term) => ({ term, prefix: false, boost })) })
      }
      const [, number, unit] = /^(\d+(?:\.\d+)?)(\p{L}+)$/u.exec(word) ?? []
      if (number && unit) {
        const boost = formWeights.joinedOrSplit * weight
        queries.push({ combine: 'and', queries: [{ term: number, prefix: false, boost }, this.alternatives(unit, typing, boost)] })
      }
    }
    return queries.length === 1 ? queries[0]! : { combine: 'or', queries }
  }

  /** A word read as two the index knows (airfryer: air fryer; ايفون17: ايفون 17), the longer first half first. */
  private splitInTwo(word: string, typing: boolean, shortest = 2): [string, string] | null {
    for (let at = word.length - shortest; at >= shortest; at--) {
      const [head, tail] = [word.slice(0, at), word.slice(at)]
      if (this.wordId(head) >= 0 && this.known(tail, typing)) return [head, tail]
    }
    return null
  }

  /** The matches of a query tree; `candidates` collects every indexed word it looked at (for highlighting). */
  private execute(query: Query, parent: 'and' | 'or', candidates: Set<number>): Matches {
    if ('term' in query) {
      // A term of several words (a synonym such as "اتش بي") is its words, combined as its parent combines.
      const terms = searchWords(query.term)
      const each = terms.map((term) => this.leaf(term, query.prefix, query.boost, candidates))
      return each.length === 0 ? noMatches : each.reduce((a, b) => combine(a, b, parent))
    }
    const each = query.queries.map((q) => this.execute(q, query.combine, candidates))
    return each.length === 0 ? noMatches : each.reduce((a, b) => combine(a, b, query.combine))
  }

  /** One term's matches: the word itself and, when it is being typed, the words it begins. */
  private leaf(term: string, prefix: boolean, boost: number, candidates: Set<number>): Matches {
    const words: { id: number; weight: number }[] = []
    const exact = this.wordId(term)
    if (exact >= 0) words.push({ id: exact, weight: 1 })
    if (prefix) {
      const [from, to] = this.prefixRange(term)
      for (let id = from; id < to; id++) {
        if (id === exact) continue
        const length = this.data.words[id]!.length
        words.push({ id, weight: (prefixWeight * length) / (length + 0.3 * (length - term.length)) })
      }
    }
    if (words.length === 0) return noMatches
    const bit = 1 << this.termBit(term)
    const d = this.data
    const score = this.scratchScore
    const stamp = this.scratchStamp
    this.stamp = (this.stamp + 1) >>> 0 || 1
    const touched: number[] = []
    const factor = new Float64Array(fields.length)
    const norm = this.lengthNorm
    for (const { id, weight } of words) {
      candidates.add(id)
      // BM25+'s inverse document frequency, per field, with the word's weights.
      for (let f = 0; f < fields.length; f++) {
        const matching = d.wordFieldRecords[id * fields.length + f]!
        factor[f] = weight * boost * fieldBoosts[f]! * Math.log(1 + (d.count - matching + 0.5) / (matching + 0.5))
      }
      for (let p = d.wordStart[id]!; p < d.wordStart[id + 1]!; p++) {
        const record = d.postingRecord[p]!
        const packed = d.postingFieldTf[p]!
        const field = packed & 3
        const tf = packed >> 2
        const lengthPart = norm[field * 256 + d.fieldLength[record * fields.length + field]!]!
        const value = factor[field]! * (bm25.d + (tf * (bm25.k + 1)) / (tf + lengthPart))
        if (stamp[record] !== this.stamp) {
          stamp[record] = this.stamp
          score[record] = value
          touched.push(record)
        } else score[record] = score[record]! + value
      }
    }
    const records = Uint32Array.from(touched).sort()
    const scores = new Float64Array(records.length)
    for (let i = 0; i < records.length; i++) scores[i] = score[records[i]!]!
    return { records, scores, words: new Uint32Array(records.length).fill(bit) }
  }

  /** MiniSearch's "terms" of a result: how many distinct query terms matched (past 31, the last bit is shared). */
  private termBit(term: string): number {
    let bit = this.termBits.get(term)
    if (bit === undefined) this.termBits.set(term, (bit = Math.min(this.termBits.size, 31)))
    return bit
  }

  /** The indexed words a hit matched (the highlight marks them): the query's words whose postings hold the record. */
  private matchedWords(record: number, candidates: Set<number>): string[] {
    const d = this.data
    const matched: string[] = []
    for (const id of candidates) {
      let lo = d.wordStart[id]!
      let hi = d.wordStart[id + 1]!
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if (d.postingRecord[mid]! < record) lo = mid + 1
        else hi = mid
      }
      if (lo < d.wordStart[id + 1]! && d.postingRecord[lo] === record) matched.push(d.words[id]!)
    }
    return matched
  }

  // ---- filters and facets

  /** A test of a record against filters in conjunctive form (every group holds; in a group, any clause). */
  private filterOf(filters: Filters): RecordFilter {
    if (filters.length === 0) return () => true
    const groups = filters.map((group) =>
      group.flatMap((clause) => {
        const attribute = this.data.attributes.find((a) => a.name === clause.attribute)
        if (!attribute) return []
        const normal = normaliseSearchText(clause.value)
        // Strings compare normalised (brand:"ال جي" finds "إل جي"); numbers and booleans as their text.
        const wanted = new Uint8Array(attribute.values.length)
        let any = false
        attribute.values.forEach((value, id) => {
          if (typeof value === 'string' ? normalisedValue(value) === normal : String(value) === clause.value) {
            wanted[id] = 1
            any = true
          }
        })
        return any ? [{ attribute, wanted }] : []
      }),
    )
    return (record) => {
      for (const group of groups) {
        let held = false
        for (const { attribute, wanted } of group) {
          for (let i = attribute.offsets[record]!; i < attribute.offsets[record + 1]! && !held; i++) held = wanted[attribute.ids[i]!] === 1
          if (held) break
        }
        if (!held) return false
      }
      return true
    }
  }

  private facetCounts(order: Uint32Array, facets: string[]): Record<string, Record<string, number>> {
    const attributes = facets.includes('*') ? this.data.attributes : this.data.attributes.filter((a) => facets.includes(a.name))
    const counts: Record<string, Record<string, number>> = {}
    for (const attribute of attributes) {
      const perValue = new Uint32Array(attribute.values.length)
      for (const record of order) for (let i = attribute.offsets[record]!; i < attribute.offsets[record + 1]!; i++) perValue[attribute.ids[i]!]!++
      const values: Record<string, number> = {}
      perValue.forEach((count, id) => {
        if (count > 0) values[String(attribute.values[id])] = (values[String(attribute.values[id])] ?? 0) + count
      })
      // A '*' lists only the attributes the matches have; a named facet is always answered.
      if (!facets.includes('*') || Object.keys(values).length > 0) counts[attribute.name] = values
    }
    for (const facet of facets) if (facet !== '*' && !(facet in counts)) counts[facet] = {}
    return counts
  }
}

type RecordFilter = (record: number) => boolean

/** Popularity ranks take the low part of a sort key: an index holds fewer records than this. */
const popularitySpan = 2 ** 24

// 3: names kept (nameWords); an older snapshot is not read, and the index is built again.
const snapshotFormat = 3

function bitCount(n: number): number {
  n = n - ((n >>> 1) & 0x55555555)
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333)
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/** Two sets of matches, both (and: the records in both) or either (or: in any); scores add, matched words join. */
function combine(a: Matches, b: Matches, how: 'and' | 'or'): Matches {
  const most = how === 'or' ? a.records.length + b.records.length : Math.min(a.records.length, b.records.length)
  const records = new Uint32Array(most)
  const scores = new Float64Array(most)
  const words = new Uint32Array(most)
  let n = 0
  let i = 0
  let j = 0
  const take = (from: Matches, at: number) => {
    records[n] = from.records[at]!
    scores[n] = from.scores[at]!
    words[n++] = from.words[at]!
  }
  while (i < a.records.length && j < b.records.length) {
    const ra = a.records[i]!
    const rb = b.records[j]!
    if (ra === rb) {
      records[n] = ra
      scores[n] = a.scores[i++]! + b.scores[j]!
      words[n++] = a.words[i - 1]! | b.words[j++]!
    } else if (ra < rb) {
      if (how === 'or') take(a, i)
      i++
    } else {
      if (how === 'or') take(b, j)
      j++
    }
  }
  if (how === 'or') {
    for (; i < a.records.length; i++) take(a, i)
    for (; j < b.records.length; j++) take(b, j)
  }
  return { records: records.subarray(0, n), scores: scores.subarray(0, n), words: words.subarray(0, n) }
}

/** The index's arrays from its records. */
function build(records: IndexRecord[], keepDocuments: boolean): IndexData {
  const builder = new SearchIndexBuilder(keepDocuments)
  for (const record of records) builder.add(record)
  return builder.data()
}

/** Builds an index one record at a time, so a large catalogue is read in pages and never held whole. */
export class SearchIndexBuilder {
  private count = 0
  private readonly objectIDs: string[] = []
  private readonly popularity: number[] = []
  private readonly price: number[] = []
  private readonly createdAt: number[] = []
  /** Each word's id in order of first use; the postings in record order, as three growing columns. */
  private readonly wordIds = new Map<string, number>()
  private readonly postingWord = new GrowingArray(Uint32Array)
  private readonly postingRecord = new GrowingArray(Uint32Array)
  private readonly postingFieldTf = new GrowingArray(Uint8Array)
  private readonly fieldLength = new GrowingArray(Uint8Array)
  private readonly fieldLengthSum = [0, 0, 0, 0]
  /** Brands and categories repeat across the catalogue: their words are read once. */
  private readonly repeatedWords = new Map<string, string[]>()
  /** Each attribute's values, and its records' value ids as they come (CSR: where each record's ids start). */
  private readonly attributes = new Map<
    string,
    { values: AttributeValue[]; byKey: Map<string, number>; starts: GrowingArray<Uint32Array>; ids: GrowingArray<Uint32Array> }
  >()
  private readonly kept?: NonNullable<IndexData['kept']>
  private readonly nameWordIds = new Map<string, number>()
  private readonly nameTokens = new GrowingArray(Uint32Array)
  private readonly nameStart = new GrowingArray(Uint32Array)

  constructor(keepDocuments = false) {
    if (keepDocuments) this.kept = { names: [], brands: [], documents: [] }
  }

  private wordsOf(field: (typeof fields)[number], text: string): string[] {
    if (field === 'name' || field === 'sku') return searchWords(text)
    let words = this.repeatedWords.get(text)
    if (!words) {
      words = searchWords(text)
      if (this.repeatedWords.size < 10_000) this.repeatedWords.set(text, words)
    }
    return words
  }

  add(record: IndexRecord): SearchIndexBuilder {
    const r = this.count++
    this.objectIDs.push(record.objectID)
    this.popularity.push(record.popularity)
    this.price.push(record.price ?? NaN)
    this.createdAt.push(record.createdAt ? Date.parse(record.createdAt) : NaN)
    fields.forEach((field, f) => {
      const frequencies = new Map<string, number>()
      for (const token of this.wordsOf(field, record.searchable[field] ?? '')) frequencies.set(token, (frequencies.get(token) ?? 0) + 1)
      this.fieldLength.push(Math.min(255, frequencies.size))
      this.fieldLengthSum[f]! += frequencies.size
      for (const [word, tf] of frequencies) {
        let id = this.wordIds.get(word)
        if (id === undefined) this.wordIds.set(word, (id = this.wordIds.size))
        this.postingWord.push(id)
        this.postingRecord.push(r)
        this.postingFieldTf.push(f | (Math.min(tf, maxTermFrequency) << 2))
      }
    })
    for (const [name, raw] of Object.entries(record.attributes)) {
      let attribute = this.attributes.get(name)
      if (!attribute)
        this.attributes.set(
          name,
          (attribute = { values: [], byKey: new Map(), starts: new GrowingArray(Uint32Array), ids: new GrowingArray(Uint32Array) }),
        )
      // Records before this one without the attribute start (and end) where the ids are now.
      while (attribute.starts.length <= r) attribute.starts.push(attribute.ids.length)
      for (const value of Array.isArray(raw) ? raw : [raw]) {
        const key = `${typeof value}:${String(value)}`
        let id = attribute.byKey.get(key)
        if (id === undefined) {
          id = attribute.values.length
          attribute.values.push(value)
          attribute.byKey.set(key, id)
        }
        attribute.ids.push(id)
      }
    }
    if (this.kept) {
      this.kept.names.push(record.searchable.name)
      this.kept.brands.push(record.searchable.brand ?? null)
      this.kept.documents.push(record.document ?? {})
    } else {
      this.nameStart.push(this.nameTokens.length)
      for (const word of record.searchable.name.split(' ')) {
        let id = this.nameWordIds.get(word)
        if (id === undefined) this.nameWordIds.set(word, (id = this.nameWordIds.size))
        this.nameTokens.push(id)
      }
    }
    return this
  }

  data(): IndexData {
    const byFirstUse = [...this.wordIds.keys()]
    const words = [...byFirstUse].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const place = new Uint32Array(words.length)
    words.forEach((word, w) => (place[this.wordIds.get(word)!] = w))
    const total = this.postingWord.length
    const postingWord = this.postingWord.view()
    // A counting sort by word: the postings of each word stay in record order.
    const wordStart = new Uint32Array(words.length + 1)
    for (let p = 0; p < total; p++) wordStart[place[postingWord[p]!]! + 1]!++
    for (let w = 0; w < words.length; w++) wordStart[w + 1] = wordStart[w + 1]! + wordStart[w]!
    const next = wordStart.slice(0, words.length)
    const postingRecord = new Uint32Array(total)
    const postingFieldTf = new Uint8Array(total)
    const wordFieldRecords = new Uint32Array(words.length * fields.length)
    const records = this.postingRecord.view()
    const packed = this.postingFieldTf.view()
    for (let p = 0; p < total; p++) {
      const w = place[postingWord[p]!]!
      const at = next[w]!++
      postingRecord[at] = records[p]!
      postingFieldTf[at] = packed[p]!
      wordFieldRecords[w * fields.length + (packed[p]! & 3)]!++
    }
    const attributes: Attribute[] = [...this.attributes].map(([name, { values, starts, ids }]) => {
      while (starts.length <= this.count) starts.push(ids.length)
      const kept = ids.view()
      return { name, values, offsets: starts.view().slice(), ids: values.length <= 0xffff ? Uint16Array.from(kept) : kept.slice() }
    })
    const byPopularity = Uint32Array.from({ length: this.count }, (_, r) => r).sort((a, b) => this.popularity[b]! - this.popularity[a]! || a - b)
    const numeric = this.objectIDs.every((id) => /^[1-9][0-9]{0,8}$/.test(id))
    return {
      count: this.count,
      objectIDs: numeric ? Uint32Array.from(this.objectIDs, Number) : this.objectIDs,
      popularity: Float64Array.from(this.popularity),
      byPopularity,
      price: Float64Array.from(this.price),
      createdAt: Float64Array.from(this.createdAt),
      words,
      wordStart,
      postingRecord,
      postingFieldTf,
      wordFieldRecords,
      fieldLength: this.fieldLength.view().slice(),
      averageFieldLength: this.fieldLengthSum.map((sum) => (this.count === 0 ? 1 : sum / this.count || 1)),
      attributes,
      ...(this.kept ? { kept: this.kept } : this.names()),
    }
  }

  /** The names as word ids (IndexData.nameWords), the ids in 16 bits while the words are few enough. */
  private names(): Pick<IndexData, 'nameWords' | 'nameTokens' | 'nameStart'> {
    const tokens = this.nameTokens.view()
    const nameStart = new Uint32Array(this.count + 1)
    nameStart.set(this.nameStart.view())
    nameStart[this.count] = tokens.length
    return {
      nameWords: [...this.nameWordIds.keys()],
      nameTokens: this.nameWordIds.size <= 0x10000 ? Uint16Array.from(tokens) : tokens.slice(),
      nameStart,
    }
  }

  build(): SearchIndex {
    return new SearchIndex(this.data())
  }
}

/** A typed array that grows by doubling, for columns of unknown length. */
class GrowingArray<T extends Uint8Array | Uint32Array> {
  private array: T
  length = 0

  constructor(private readonly Type: { new (length: number): T }) {
    this.array = new Type(1024)
  }

  push(value: number) {
    if (this.length === this.array.length) {
      const grown = new this.Type(this.array.length * 2)
      grown.set(this.array)
      this.array = grown
    }
    this.array[this.length++] = value
  }

  view(): T {
    return this.array.subarray(0, this.length) as T
  }
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

function toHit(
  objectID: string,
  document: Record<string, unknown>,
  name: string,
  brand: string | undefined,
  terms: string[],
  q: SearchQuery,
): Record<string, unknown> {
  const retrieve = q.attributesToRetrieve && !q.attributesToRetrieve.includes('*') ? q.attributesToRetrieve : null
  const shown = retrieve ? Object.fromEntries(Object.entries(document).filter(([k]) => retrieve.includes(k))) : { ...document }
  const highlight = (text: string) => highlightText(text, terms, q.highlightPreTag, q.highlightPostTag)
  const highlighted = highlight(name)
  return {
    ...shown,
    objectID,
    _highlightResult: {
      name: {
        value: highlighted.value,
        matchLevel: highlighted.matched === 0 ? 'none' : highlighted.matched === terms.length ? 'full' : 'partial',
        matchedWords: highlighted.words,
      },
      ...(brand !== undefined ? { brand: { value: highlight(brand).value, matchLevel: 'none', matchedWords: [] } } : {}),
    },
  }
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
