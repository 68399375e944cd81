/**
 * The shopper's choices kept in cookies, read the same way during SSR and in the browser, so the
 * server renders the chosen city, the app banner and the consent banner exactly as the client will.
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import { getCookie } from '@tanstack/react-start/server'
import { consentCookie, mobileAppBannerCookie, regionCookie, type CookieSpec } from '../domain/cookies'
import type { RegionId } from '../../app.config'
import { effectiveRegion, regionFrom } from '../domain/region'
import { readBrowserCookie } from './browser-cookies'

export interface ShopperPrefs {
  /** The chosen region, or null when none is stored (the default region is used for stock). */
  chosenRegionId: RegionId | null
  regionId: RegionId
  appBannerDismissed: boolean
  consentGiven: boolean
}

function prefsFrom(read: (cookie: CookieSpec) => string | undefined): ShopperPrefs {
  const region = read(regionCookie)
  return {
    chosenRegionId: regionFrom(region),
    regionId: effectiveRegion(region),
    appBannerDismissed: read(mobileAppBannerCookie) !== undefined,
    consentGiven: read(consentCookie) !== undefined,
  }
}

export const readShopperPrefs = createIsomorphicFn()
  .server((): ShopperPrefs => prefsFrom((cookie) => getCookie(cookie.name)))
  .client((): ShopperPrefs => prefsFrom(readBrowserCookie))
