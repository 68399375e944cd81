/**
 * Client state of the shopper (DESIGN.md section 1): UI state and local persistence only.
 * Server data lives in TanStack Query.
 */
import { atom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'
import { appConfig } from '../../app.config'

/** The chosen city (region id, exactly 4 digits) or null before the shopper chooses. */
export const chosenRegionIdAtom = atom<string | null>(null)

/** Items in the cart, for the header badge; the cart itself arrives with the commerce backend. */
export const cartItemCountAtom = atom(0)

/** Wishlist skus (spec: wishListInLocalStorage). getOnInit stays false so SSR and hydration agree. */
export const wishlistAtom = atomWithStorage<string[]>('wishListInLocalStorage', [])

/** Which one modal is open (spec section 2: modals open one at a time). */
export type ModalName = 'sideMenu' | 'city' | 'consentSettings' | 'popupBanner'
export const openModalAtom = atom<ModalName | null>(null)

/** The region stock and delivery follow: the chosen one, else the default (1101). */
export const regionIdAtom = atom((get) => get(chosenRegionIdAtom) ?? String(appConfig.regions.defaultId))
