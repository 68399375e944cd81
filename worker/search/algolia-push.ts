/**
 * What `npm run search:push` sends to Algolia, so the hosted service answers the storefront's
 * queries as the embedded one does: per language, a product index (the same records, searchable
 * attributes in the same order of weight, facets, popularity as the tie-breaker, the language's
 * plural and stop-word rules, typo tolerance from the same word lengths, words dropped from the end of a query that
 * finds nothing), its sort replicas, the transliteration synonyms and broken plurals, and a query-suggestion index of
 * the same catalogue-derived suggestions (docs/architecture.md, "Search relevance").
 */
import type { Algoliasearch, IndexSettings, SynonymHit } from 'algoliasearch'
import { appConfig, type Locale } from '../../app.config'
import type { DocumentRow } from '../storage/product-documents'
import { replicaSorts, type IndexRecord } from './engine'
import { productRecords, suggestionRecords } from './records'
import { brokenPlurals } from './plurals'
import { oneWaySynonyms, phraseSynonymGroups, synonymGroups } from './synonyms'
import { typoRules } from './typos'

type PushClient = Pick<Algoliasearch, 'setSettings' | 'saveSynonyms' | 'replaceAllObjects' | 'waitForTask'>

/** The replica's ranking: the order first, then Algolia's relevance criteria. */
const replicaRanking: Record<(typeof replicaSorts)[number], string> = {
  price_asc: 'asc(price)',
  price_desc: 'desc(price)',
  newest: 'desc(created_at_timestamp)',
}

const relevance = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom']

export function productIndexSettings(locale: Locale): IndexSettings {
  const name = appConfig.search.indexNames.products[locale]
  return {
    // The embedded engine's weights: name, then brand (both scripts), then category and sku.
    searchableAttributes: ['name', 'search_brand', 'category', 'unordered(sku)'],
    attributesForFaceting: [
      'searchable(brand)',
      'category',
      'filterOnly(stock_region_ids)',
      'filterOnly(stock.is_in_stock)',
      'filterOnly(type_id)',
      'filterOnly(price)',
    ],
    customRanking: ['desc(popularity)'],
    queryLanguages: [locale],
    indexLanguages: [locale],
    ignorePlurals: [locale],
    removeStopWords: [locale],
    // worker/search/typos.ts: the same word lengths (Algolia counts a swap of neighbours as one typo, as we do).
    minWordSizefor1Typo: typoRules.oneTypoFrom,
    minWordSizefor2Typos: typoRules.twoTyposFrom,
    // A query that finds nothing drops words from its end; the answer's queryAfterRemoval says which.
    removeWordsIfNoResults: 'lastWords',
    attributesToHighlight: ['name', 'brand'],
    replicas: replicaSorts.map((sort) => `${name}_${sort}`),
  }
}

export function suggestionIndexSettings(locale: Locale): IndexSettings {
  return {
    searchableAttributes: ['query'],
    customRanking: ['desc(popularity)'],
    queryLanguages: [locale],
    indexLanguages: [locale],
    attributesToHighlight: ['query'],
  }
}

/**
 * The embedded engine's synonyms (worker/search/synonyms.ts) as Algolia's: word and phrase groups as multi-way
 * synonyms (Algolia matches multi-word synonyms as phrases), one-way synonyms as such; and the broken plurals of
 * worker/search/plurals.ts, which Algolia's ignorePlurals dictionary may not hold for the catalogue's words.
 */
export function synonymHits(): SynonymHit[] {
  return [
    ...synonymGroups.map((group, i): SynonymHit => ({ objectID: `transliteration-${i}`, type: 'synonym', synonyms: [...group] })),
    ...phraseSynonymGroups.map((group, i): SynonymHit => ({ objectID: `phrase-${i}`, type: 'synonym', synonyms: [...group] })),
    ...Object.entries(oneWaySynonyms).map(([input, synonyms], i): SynonymHit => ({
      objectID: `one-way-${i}`,
      type: 'oneWaySynonym',
      input,
      synonyms: [...synonyms],
    })),
    ...brokenPlurals.map(([singular, plural], i): SynonymHit => ({ objectID: `plural-${i}`, type: 'synonym', synonyms: [singular, plural] })),
  ]
}

/** An embedded record as Algolia stores it: the hit's document plus what is searched, faceted and sorted on. */
export function algoliaObject(record: IndexRecord): Record<string, unknown> {
  return {
    ...record.document,
    objectID: record.objectID,
    ...(record.searchable.brand !== undefined ? { search_brand: record.searchable.brand } : {}),
    ...(typeof record.attributes.category === 'string' ? { category: record.attributes.category } : {}),
    ...(record.price !== undefined ? { price: record.price } : {}),
    ...(record.createdAt ? { created_at_timestamp: Math.floor(Date.parse(record.createdAt) / 1000) } : {}),
  }
}

/** Settings first (the replicas are created by the primary's), then synonyms, then the records, swapped in at once. */
export async function pushCatalogue(client: PushClient, rows: readonly DocumentRow[], now: Date, log: (line: string) => void) {
  for (const locale of appConfig.locales.all) {
    const products = appConfig.search.indexNames.products[locale]
    await settle(client, products, client.setSettings({ indexName: products, indexSettings: productIndexSettings(locale) }))
    for (const sort of replicaSorts) {
      const replica = `${products}_${sort}`
      await settle(client, replica, client.setSettings({ indexName: replica, indexSettings: { ranking: [replicaRanking[sort], ...relevance] } }))
    }
    await settle(
      client,
      products,
      client.saveSynonyms({ indexName: products, synonymHit: synonymHits(), forwardToReplicas: true, replaceExistingSynonyms: true }),
    )
    const productObjects = productRecords(rows, locale, now).map(algoliaObject)
    await client.replaceAllObjects({ indexName: products, objects: productObjects })
    log(`${products}: ${productObjects.length} products, replicas ${replicaSorts.map((s) => `${products}_${s}`).join(', ')}`)

    const suggestions = appConfig.search.indexNames.suggestions[locale]
    await settle(client, suggestions, client.setSettings({ indexName: suggestions, indexSettings: suggestionIndexSettings(locale) }))
    const suggestionObjects = suggestionRecords(rows, locale).map(algoliaObject)
    await client.replaceAllObjects({ indexName: suggestions, objects: suggestionObjects })
    log(`${suggestions}: ${suggestionObjects.length} suggestions`)
  }
}

/** Algolia applies writes asynchronously: each step waits for its task before the next relies on it. */
async function settle(client: PushClient, indexName: string, write: Promise<{ taskID?: number }>) {
  const { taskID } = await write
  if (taskID !== undefined) await client.waitForTask({ indexName, taskID })
}
