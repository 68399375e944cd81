/**
 * What the shopper's session says after each page load (docs/product.md, "Rules"): the anonymous session id
 * exists only while no one is signed in (and consent allows it); after a forced sign-out (out=forced) the browser's storage is cleared and the
 * shopper told why; after a sign-out (out=true) a logout event is sent 3 s
 * later and the stored user summary (usr cookie) is removed. The fast-delivery cities of the home
 * content are kept in fdr_ids (docs/decisions/0006-where-the-spec-is-silent.md). The favourites follow the signed-in
 * account, and leave the browser with it (docs/product.md, "Favourites and compare").
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useSetAtom, useStore } from 'jotai'
import { useEffect } from 'react'
import { appConfig } from '../../app.config'
import { anonymousIdAllowed, anonymousSessionId, forgetAnonymousSessionId, sendPersonalisationEvent } from '../lib/personalisation'
import { fastDeliveryRegionsCookie, signedOutCookie, userCookie } from '../domain/cookies'
import { deleteBrowserCookie, readBrowserCookie, writeBrowserCookie } from '../lib/browser-cookies'
import { currentLocale } from '../lib/i18n'
import { sessionQueries } from '../queries/session'
import { m } from '../paraglide/messages.js'
import { pushToastAtom } from '../state/toasts'
import { wishlistAccountKey } from '../lib/storage-keys'
import { wishlistAtom } from '../state/shopper'
import { useFrameData } from './frame/frame-data'

/**
 * After a sign-out: the logout event 3 s later, then the usr and out cookies go. A sign-in within those 3 s has
 * already removed `out` on the server (worker/storefront/sign-in.ts) and written the new session's usr, which stays.
 */
export function scheduleSignOutSignals(): () => void {
  const timer = setTimeout(() => {
    sendPersonalisationEvent('logout', undefined, undefined)
    if (readBrowserCookie(signedOutCookie) !== 'true') return
    deleteBrowserCookie(userCookie)
    deleteBrowserCookie(signedOutCookie)
  }, appConfig.timing.logoutTrackingDelayMs)
  return () => clearTimeout(timer)
}

export function SessionSignals() {
  const { data: session, isSuccess } = useQuery(sessionQueries.current())
  const queryClient = useQueryClient()
  const pushToast = useSetAtom(pushToastAtom)
  // A forced sign-out (out=forced, src/server/commerce-session.server.ts): local and session storage go too, every
  // answer is asked again, and the shopper is told why. First, so the anonymous id below starts a clean storage.
  useEffect(() => {
    if (!isSuccess || session || readBrowserCookie(signedOutCookie) !== 'forced') return
    localStorage.clear()
    sessionStorage.clear()
    deleteBrowserCookie(signedOutCookie)
    deleteBrowserCookie(userCookie)
    void queryClient.invalidateQueries()
    pushToast({ kind: 'error', message: m.session_ended() })
  }, [isSuccess, session, queryClient, pushToast])
  useEffect(() => {
    if (!isSuccess) return
    // Kept only while no one is signed in and some event that carries it is allowed (docs/architecture.md, "Consent").
    if (session || !anonymousIdAllowed()) forgetAnonymousSessionId()
    else anonymousSessionId()
  }, [isSuccess, session])
  const store = useStore()
  const customerId = session?.user.id
  useEffect(() => {
    if (!isSuccess) return
    if (customerId !== undefined) {
      // Its code loads only for a signed-in shopper (src/queries/wishlist.ts).
      void import('../queries/wishlist').then(({ followAccountWishlist }) => followAccountWishlist(store, currentLocale(), customerId))
    } else if (localStorage.getItem(wishlistAccountKey) !== null) {
      // Signed out (here, in another tab, or the session expired): the account's favourites leave with it.
      localStorage.removeItem(wishlistAccountKey)
      store.set(wishlistAtom, [])
    }
  }, [isSuccess, customerId, store])
  const fastIds = useFrameData()?.fastDeliveryRegionIds
  useEffect(() => {
    if (!fastIds) return
    const value = fastIds.join(',')
    if (readBrowserCookie(fastDeliveryRegionsCookie) !== value) {
      writeBrowserCookie(fastDeliveryRegionsCookie, value)
    }
  }, [fastIds])
  // A sign-out followed by a full page load: the pending signals are sent from here.
  useEffect(() => (readBrowserCookie(signedOutCookie) === 'true' ? scheduleSignOutSignals() : undefined), [])
  return null
}
