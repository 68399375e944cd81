/**
 * Product fees (docs/product.md, "Calls" and "Limits"): optional services sold with a product (installation, old
 * unit removal), priced per region. A fee not priced in the shopper's region uses the fallback
 * region's price (1101); a fee priced in neither is not offered.
 */
import type { Locale } from '../../app.config'

export interface PricedFeeOption {
  fee_id: number
  fee_option_id: number
  region_id: number
  price: number
  title_ar: string
  title_en: string
}

export interface ProductFee {
  fee_id: number
  fee_option_id: number
  title: string
  price: number
}

export function feesForRegion(rows: readonly PricedFeeOption[], regionId: number, fallbackRegionId: number, locale: Locale): ProductFee[] {
  const chosen = new Map<number, PricedFeeOption>()
  for (const row of rows) {
    if (row.region_id !== regionId && row.region_id !== fallbackRegionId) continue
    const held = chosen.get(row.fee_id)
    // The shopper's own region wins over the fallback.
    if (!held || (row.region_id === regionId && held.region_id !== regionId)) chosen.set(row.fee_id, row)
  }
  return [...chosen.values()]
    .sort((a, b) => a.fee_id - b.fee_id)
    .map((row) => ({ fee_id: row.fee_id, fee_option_id: row.fee_option_id, title: locale === 'ar' ? row.title_ar : row.title_en, price: row.price }))
}
