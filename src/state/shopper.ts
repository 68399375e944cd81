/**
 * Client state of the shopper (docs/architecture.md, "Layers"): UI state and local persistence only.
 * Server data lives in TanStack Query.
 */
import { atom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'
import { appConfig, type RegionId } from '../../app.config'
import type { CartLine } from '../domain/schemas'
import { savedSearchStorage } from '../lib/recent-searches'
import { compareKey, pendingCartAddKey, recentlyViewedKey, savedSearchWordsKey, wishlistKey } from '../lib/storage-keys'
import type { ViewedProduct } from '../domain/recently-viewed'

/** The chosen city, or null before the shopper chooses. */
export const chosenRegionIdAtom = atom<RegionId | null>(null)

/** Wishlist skus (docs/product.md: wishListInLocalStorage). getOnInit stays false so SSR and hydration agree. */
export const wishlistAtom = atomWithStorage<string[]>(wishlistKey, [])

/** Compared skus, at most 4 (docs/product.md: compare_products). */
export const compareAtom = atomWithStorage<string[]>(compareKey, [])

/** Whether anything is compared: what the compare bar and the phone's add-to-cart bar need, not the list. */
export const anyComparedAtom = atom((get) => get(compareAtom).length > 0)

/** The cookie banner has been answered in this page (the cookie says so for earlier pages). */
export const consentAnsweredAtom = atom(false)

/** Which one modal is open (docs/product.md, "Screens": modals open one at a time). */
type ModalName = 'sideMenu' | 'city' | 'consentSettings' | 'popupBanner' | 'cart' | 'auth' | 'otp' | 'forgot' | 'tabby' | 'tamara'
export const openModalAtom = atom<ModalName | null>(null)

/** The region stock and delivery follow: the chosen one, else the default (1101). */
export const regionIdAtom = atom<RegionId>((get) => get(chosenRegionIdAtom) ?? appConfig.regions.defaultId)

/**
 * The product to add once the shopper has chosen a city (docs/product.md, "Validation": adding with no valid region
 * opens the city popup and remembers the product). Kept as docs/architecture.md names it, targetProductDate.
 */
type PendingCartAdd = Omit<CartLine, 'regionId'> & { buyNow?: boolean }
export const pendingCartAddAtom = atomWithStorage<PendingCartAdd | null>(pendingCartAddKey, null)

/** Products recently viewed, newest first (docs/product.md, "Recently viewed"); read after hydration only (getOnInit false). */
export const recentlyViewedAtom = atomWithStorage<ViewedProduct[]>(recentlyViewedKey, [])

/** Recent searches, newest first (docs/product.md: savedSearchWords, at most 6). */
export const savedSearchWordsAtom = atomWithStorage<string[]>(savedSearchWordsKey, [], savedSearchStorage)
