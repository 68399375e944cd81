/**
 * Sign-out from a shared device (docs/product.md, "Rules"): everything the store kept on this device goes with the
 * session: local and session storage (favourites, compare, recent searches, recently viewed, the install offer's
 * answer) and the pages the service worker kept for reading offline (src/sw/service-worker.ts), which say what was
 * looked at. The offline page and the build's scripts, the same for everyone, stay.
 */
import type { useStore } from 'jotai'
import { RESET } from 'jotai/utils'
import { compareAtom, recentlyViewedAtom, savedSearchWordsAtom, wishlistAtom } from '../state/shopper'

export async function forgetThisDevice(store: ReturnType<typeof useStore>): Promise<void> {
  localStorage.clear()
  sessionStorage.clear()
  // What the page on screen holds of that storage goes too.
  store.set(recentlyViewedAtom, RESET)
  for (const kept of [wishlistAtom, compareAtom, savedSearchWordsAtom]) store.set(kept, RESET)
  if (typeof caches === 'undefined') return
  for (const name of await caches.keys()) if (name.startsWith('matjar-pages-')) await caches.delete(name)
}
