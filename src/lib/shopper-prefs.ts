/**
 * The shopper's choices kept in cookies, read the same way during SSR and in the browser, so the
 * server renders the chosen city, the app banner and the consent banner exactly as the client will.
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import { getCookie } from '@tanstack/react-start/server'
import { effectiveRegionId, isStorableRegionId } from '../domain/region'

export const cookieNames = {
  region: 'region_id',
  mobileApp: 'mobile-app',
  consent: 'cookieConsent',
  locale: 'NEXT_LOCALE',
  /** The amount and method of an order paid on a provider's page, read back on return. */
  amount: 'amount',
  payment: 'payment',
  /** The email or phone typed during a code flow, offered again when the dialog reopens. */
  emailPhone: 'email-phone',
  /** The fast-delivery region ids of the home content, comma-separated. */
  fastDeliveryRegions: 'fdr_ids',
} as const

export interface ShopperPrefs {
  /** The chosen region, or null when none is stored (the default region is used for stock). */
  chosenRegionId: string | null
  regionId: string
  appBannerDismissed: boolean
  consentGiven: boolean
}

function prefsFrom(read: (name: string) => string | undefined): ShopperPrefs {
  const region = read(cookieNames.region)
  return {
    chosenRegionId: isStorableRegionId(region) ? region : null,
    regionId: effectiveRegionId(region),
    appBannerDismissed: read(cookieNames.mobileApp) !== undefined,
    consentGiven: read(cookieNames.consent) !== undefined,
  }
}

export function readBrowserCookie(name: string): string | undefined {
  const prefix = `${name}=`
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length))
  }
  return undefined
}

export function writeBrowserCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`
}

export function deleteBrowserCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`
}

export const readShopperPrefs = createIsomorphicFn()
  .server((): ShopperPrefs => prefsFrom((name) => getCookie(name)))
  .client((): ShopperPrefs => prefsFrom(readBrowserCookie))
