/**
 * The installable app's rules (docs/product.md, "The app on the home screen"; docs/decisions/0037-app-on-the-home-screen.md),
 * pure and shared by the service worker (src/sw/service-worker.ts) and the page's side of it.
 */
import { localeOfPath } from './locale'

/** Paths that are never kept on the device: per-shopper pages, the console, the API and payments' returns. */
const neverKept = /^\/(?:en\/)?(?:api|commerce|media|1|ops|cart|checkout|user|invoice|compare|search|dev|_serverFn|offline)(?:[/.?]|$)/

/**
 * A page the service worker keeps for reading offline: a product page or a category (one path segment), in either
 * language, and nothing per-shopper. Home, search and the rest are read online only.
 */
export function isKeptOffline(pathname: string): boolean {
  // /en is the English home, not a category.
  if (neverKept.test(pathname) || pathname === '/en') return false
  return /^(?:\/en)?\/product\/[A-Za-z0-9_.-]+$/.test(pathname) || /^(?:\/en)?\/[a-z0-9][a-z0-9-]*$/.test(pathname)
}

/** The offline page the service worker answers a page it cannot reach with, in the page's language. */
export function offlinePageOf(pathname: string): string {
  return localeOfPath(pathname) === 'en' ? '/en/offline.html' : '/offline.html'
}

export interface InstallOfferState {
  /** Product pages opened in this visit. */
  productViews: number
  /** When the shopper last said "not now" (ms), or null. */
  dismissedAt: number | null
  pathname: string
  now: number
}

/** Days the install offer stays away after "not now". */
export const installOfferQuietDays = 30

/**
 * The install offer comes at a calm moment: from the second product viewed in a visit, or on an order's confirmation
 * (the home page with an order_id after paying, src/components/QueryTriggers.tsx), never over the cart or checkout,
 * and not for 30 days after the shopper said "not now".
 */
export function offerInstallNow(state: InstallOfferState, orderConfirmed = false): boolean {
  if (/^\/(?:en\/)?(?:cart|checkout)(?:\/|$)/.test(state.pathname)) return false
  if (state.dismissedAt !== null && state.now - state.dismissedAt < installOfferQuietDays * 86_400_000) return false
  return orderConfirmed || state.productViews >= 2
}
