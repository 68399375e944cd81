/**
 * Recently viewed products (docs/product.md, "Recently viewed"): the last products the shopper opened, newest first,
 * kept on the device only. Each entry is what a small card needs, as it was when viewed: the name in each language
 * the product was seen in, the price at that view (a hint, never a price to pay: the product page says the price).
 */
import type { Locale } from '../../app.config'

export interface ViewedProduct {
  sku: string
  /** The product page's address part (/product/{rewriteUrl}). */
  rewriteUrl: string
  /** By language: a product seen only in Arabic has no English name yet, and shows its Arabic one. */
  names: Partial<Record<Locale, string>>
  /** Riyals with VAT, at the last view. */
  price: number
  image: string | null
}

/** The list after a view: the product first, its other language's name kept, at most `max` entries. */
export function rememberViewed(list: readonly ViewedProduct[], viewed: ViewedProduct, max: number): ViewedProduct[] {
  const earlier = list.find((item) => item.sku === viewed.sku)
  const merged = { ...viewed, names: { ...earlier?.names, ...viewed.names } }
  return [merged, ...list.filter((item) => item.sku !== viewed.sku)].slice(0, max)
}

/** What to show: every entry but the product on screen (if any), with a name in the page's language or the other one. */
export function viewedToShow(list: readonly ViewedProduct[], locale: Locale, exceptSku?: string): { item: ViewedProduct; name: string }[] {
  return list.flatMap((item) => {
    const name = item.names[locale] ?? Object.values(item.names).find(Boolean)
    return item.sku === exceptSku || !name ? [] : [{ item, name }]
  })
}

/** Anything read back from storage that is not a list of entries counts as none (another version, a hand edit). */
export function parseViewed(value: unknown): ViewedProduct[] {
  if (!Array.isArray(value)) return []
  return value.filter((entry: unknown): entry is ViewedProduct => {
    if (typeof entry !== 'object' || entry === null) return false
    const item = entry as Record<string, unknown>
    return (
      typeof item.sku === 'string' &&
      typeof item.rewriteUrl === 'string' &&
      typeof item.price === 'number' &&
      typeof item.names === 'object' &&
      item.names !== null &&
      (typeof item.image === 'string' || item.image === null)
    )
  })
}
