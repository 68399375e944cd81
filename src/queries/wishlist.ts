/**
 * The favourites kept with a signed-in customer's account (docs/product.md, "Favourites and compare"), over
 * src/server/wishlist.functions.ts. A guest's list lives in the browser only. Once a customer is signed in, the
 * browser's list mirrors the account's: at the first page that knows who is signed in, a list the browser kept for no
 * account (a guest's) is merged into the account's (their union), and after that the account's list is read as it is,
 * so a favourite removed on another device stays removed. Each heart tapped while signed in is written through, in the
 * order tapped. Loaded with the first signed-in page or heart, never with a guest's first page.
 */
import type { createStore } from 'jotai'
import { appConfig, type Locale } from '../../app.config'
import { skuPattern } from '../domain/product'
import type { Settled } from '../domain/settled'
import { wishlistAccountKey, wishlistKey } from '../lib/storage-keys'
import { m } from '../paraglide/messages.js'
import { addToWishlist, getWishlist, mergeWishlist, removeFromWishlist } from '../server/wishlist.functions'
import { wishlistAtom } from '../state/shopper'
import { pushToastAtom } from '../state/toasts'
import { failureMessage } from './server-action'

type Store = ReturnType<typeof createStore>

/** Settles a call as the mutations do: a call that rejects (network down) is status 0, never a throw. */
const settled = <T>(call: Promise<Settled<T>>): Promise<Settled<T>> => call.catch((): Settled<T> => ({ data: null, error: null, status: 0 }))

/**
 * The list as the browser keeps it, read from storage itself: the atom loads it only once a component that shows it
 * has mounted.
 */
function browserWishlist(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(wishlistKey) ?? '[]')
    return Array.isArray(stored) ? stored.filter((sku): sku is string => typeof sku === 'string') : []
  } catch {
    return []
  }
}

/**
 * The hearts tapped while signed in on this page, in order. The account's list read on the way (a slow answer on a busy
 * phone) predates them, so they are applied again on top of it: a heart removed a moment after sign-in stays removed.
 */
const tapped: { sku: string; outcome: 'added' | 'removed' }[] = []

/** The browser's list follows the signed-in account's (merged the first time, read after). */
export async function followAccountWishlist(store: Store, locale: Locale, customerId: number): Promise<void> {
  const since = tapped.length
  const mirrored = localStorage.getItem(wishlistAccountKey) === String(customerId)
  const result = mirrored
    ? await settled(getWishlist({ data: { locale } }))
    : await settled(
        mergeWishlist({
          data: {
            locale,
            skus: browserWishlist()
              .filter((sku) => skuPattern.test(sku))
              .slice(0, appConfig.limits.wishlistMax),
          },
        }),
      )
  // Not answered: the list stays as it is, and the next page tries again.
  if (!result.data) return
  const later = tapped.slice(since)
  const list = later.reduce(
    (skus, tap) => (tap.outcome === 'removed' ? skus.filter((sku) => sku !== tap.sku) : skus.includes(tap.sku) ? skus : [...skus, tap.sku]),
    result.data.skus,
  )
  store.set(wishlistAtom, list)
  localStorage.setItem(wishlistAccountKey, String(customerId))
}

let writes: Promise<unknown> = Promise.resolve()

/**
 * One heart tapped while signed in, written to the account after the ones before it. A refusal (the list full, the
 * session ended) puts the heart back and says why.
 */
export function writeWishlistChange(store: Store, locale: Locale, sku: string, outcome: 'added' | 'removed'): void {
  tapped.push({ sku, outcome })
  writes = writes.then(async () => {
    const call = outcome === 'added' ? addToWishlist : removeFromWishlist
    const result = await settled(call({ data: { locale, sku } }))
    if (result.data) return
    const list = store.get(wishlistAtom).filter((s) => s !== sku)
    store.set(wishlistAtom, outcome === 'added' ? list : [...list, sku])
    store.set(pushToastAtom, { kind: 'error', message: failureMessage(result, m.error_internal) })
  })
}
