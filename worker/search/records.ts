/**
 * What the embedded indexes hold: one record per product per language (the product's Product shape
 * as the hit, name/brand/category/sku searched, brand, category and stock as facets and filters),
 * and query suggestions derived from the catalogue (brands, categories, product lines), weighted
 * by the popularity of the products behind them.
 */
import type { Locale } from '../../app.config'
import { normaliseSearchText } from '../../src/domain/search-text'
import { toDocument, type DocumentRow } from '../storage/product-documents'
import type { IndexRecord } from './engine'

/**
 * One record per product. `withDocuments: false` leaves the hit's document out: the embedded service reads the page's
 * documents from D1 (worker/search/indexes.ts) rather than hold every product's in memory.
 */
export function productRecords(rows: readonly DocumentRow[], locale: Locale, now: Date, { withDocuments = true } = {}): IndexRecord[] {
  return rows.map((row) => {
    const document = toDocument(row, locale, now)
    return {
      objectID: document.objectID,
      searchable: {
        name: document.name,
        // Both scripts of the brand, so "samsung" finds Arabic names too.
        brand: `${row.brand_ar} ${row.brand_en}`,
        category: document._category_.main_category.name,
        sku: row.sku,
      },
      attributes: {
        brand: document.brand,
        category: document._category_.main_category.name,
        stock_region_ids: document.stock_region_ids,
        'stock.is_in_stock': document.stock.is_in_stock,
        type_id: row.type_id,
        price: document.prices_with_tax.price,
      },
      popularity: row.popularity,
      price: document.prices_with_tax.price,
      createdAt: row.created_at,
      ...(withDocuments ? { document: document as unknown as Record<string, unknown> } : {}),
    }
  })
}

/** A measure's unit: what makes the number before it a size, a capacity or a power rather than a model's number. */
const unit =
  /^(?:gb|tb|mb|mm|cm|m|kg|g|l|ml|w|kw|v|hz|mah|btu|inch|in|cu|channel|جيجابايت|تيرابايت|ميجابايت|ملم|سم|كجم|كيلوغرام|جرام|لتر|مل|واط|فولت|هرتز|بوصة|قدم|قدمًا|أقدام|قناة|وحدة)$/iu
/** A number joined to its unit (128GB, 55-inch, 49mm). */
const measure = /^\d+(?:[.,]\d+)*-?(?:gb|tb|mb|mm|cm|kg|l|ml|w|kw|v|hz|mah|inch|in|")$/iu
/** Words that lead into a measure or join two phrases: a line never ends on one. */
const leadIn = new Set(['مقاس', 'بسعة', 'سعة', 'ذاكرة', 'بنظام', 'بقدرة', 'ذا', 'و', 'مع', 'the', 'with', 'and', 'for', 'of', 'by'])

/**
 * The product line of a name, as a shopper would type it (issue 42: the first three words cut "شاشة سامسونج ذا
 * فريم" mid-phrase): the name before its colour (after the comma), its first measure (256GB, "مقاس 27 بوصة") and any
 * word that only leads into what was cut.
 */
export function productLine(name: string): string {
  const words = name.split(/[,،]/)[0]!.trim().split(/\s+/)
  let end = words.findIndex((word, i) => measure.test(word) || (/^\d+(?:[.,]\d+)*$/.test(word) && unit.test(words[i + 1] ?? '')))
  if (end === -1) end = words.length
  while (end > 1 && leadIn.has(words[end - 1]!.toLowerCase())) end--
  return words.slice(0, end).join(' ')
}

export function suggestionRecords(rows: readonly DocumentRow[], locale: Locale): IndexRecord[] {
  return new SuggestionWeights(locale).add(rows).records()
}

/** Suggestions summed over the catalogue read in pages: each brand, category and product line, once. */
export class SuggestionWeights {
  private readonly weights = new Map<string, { text: string; popularity: number }>()

  constructor(private readonly locale: Locale) {}

  add(rows: readonly DocumentRow[]): SuggestionWeights {
    const en = this.locale === 'en'
    for (const row of rows) {
      this.weigh(en ? row.brand_en : row.brand_ar, row.popularity)
      this.weigh(en ? row.category_en : row.category_ar, row.popularity)
      this.weigh(productLine(en ? row.name_en : row.name_ar), row.popularity)
    }
    return this
  }

  private weigh(text: string, popularity: number) {
    const key = normaliseSearchText(text)
    const held = this.weights.get(key)
    this.weights.set(key, { text: held?.text ?? text, popularity: (held?.popularity ?? 0) + popularity })
  }

  records(): IndexRecord[] {
    return [...this.weights.values()].map(({ text, popularity }, i) => ({
      objectID: `s${i}`,
      searchable: { name: text },
      attributes: {},
      popularity,
      document: { query: text, nb_words: text.split(/\s+/).length, popularity },
    }))
  }
}
