/**
 * Recently viewed on the device (docs/product.md, "Recently viewed"): recording a view is the product page's own
 * (small) work, so a page left before its lazy parts arrive still counts; the list is drawn by RecentlyViewed.tsx.
 */
import type { useStore } from 'jotai'
import { appConfig } from '../../app.config'
import { parseViewed, rememberViewed, type ViewedProduct } from '../domain/recently-viewed'
import { recentlyViewedKey } from './storage-keys'
import { recentlyViewedAtom } from '../state/shopper'

/** From storage, not the atom: the atom reads storage only once something subscribes to it, and before that it is []. */
export function storedViewed(): ViewedProduct[] {
  try {
    return parseViewed(JSON.parse(localStorage.getItem(recentlyViewedKey) ?? '[]'))
  } catch {
    return []
  }
}

export function recordViewed(store: ReturnType<typeof useStore>, viewed: ViewedProduct): void {
  store.set(recentlyViewedAtom, rememberViewed(storedViewed(), viewed, appConfig.limits.recentlyViewedMax))
}
