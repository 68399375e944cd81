/**
 * Parts of the page frame whose code stays out of the first page load (docs/architecture.md, "Bars every part clears": first-load
 * JS at most 150 KB). Each loads when it is needed: a dialog when it first opens, the compare bar when
 * something is compared, a link's query-parameter triggers when the URL has them, toasts with the first
 * one. The footer is rendered on the server as usual and only its code arrives after the page's: it
 * sits below the fold, and a button tapped in it before then is tapped again once it has (HydratingPart). (Banners a
 * shopper taps at once, like the cookie banner, stay in the entry: they answer the tap in its own frame.)
 */
import { useAtomValue } from 'jotai'
import { useHydrated, useSearch } from '@tanstack/react-router'
import { Suspense } from 'react'
import { HydratingPart, lazyPart, usePreloadWhenIdle } from '../../lib/lazy-part'
import type { MenuNode } from '../../domain/category-tree'
import { anyComparedAtom, openModalAtom } from '../../state/shopper'
import { useAfterNextPaint } from '../../lib/after-next-paint'
import { toastsAtom } from '../../state/toasts'
import type { FooterContent } from '../../domain/content'
import type { SellerIdentity } from '../../domain/seller'
import type { RegionOption } from '../../domain/catalogue'
import type { TriggerSearch } from '../QueryTriggers'
import { CartPanel } from '../cart/LazyCartPanel'

const SideMenu = lazyPart(() => import('./SideMenu').then((module) => module.SideMenu))
const CityDialog = lazyPart(() => import('./CityDialog').then((module) => module.CityDialog))
const CompareBar = lazyPart(() => import('../product/CompareBar').then((module) => module.CompareBar))
const Footer = lazyPart(() => import('./Footer').then((module) => module.Footer))
const Toaster = lazyPart(() => import('../ui/Toaster').then((module) => module.Toaster))
const SessionSignals = lazyPart(() => import('../SessionSignals').then((module) => module.SessionSignals))
const WhatsAppButton = lazyPart(() => import('./WhatsAppButton').then((module) => module.WhatsAppButton))
const AppShell = lazyPart(() => import('./AppShell').then((module) => module.AppShell))
const RecentlyViewed = lazyPart(() => import('../product/RecentlyViewed').then((module) => module.RecentlyViewed))
const QueryTriggers = lazyPart(() => import('../QueryTriggers').then((module) => module.QueryTriggers))

/**
 * A dialog a tap opens is mounted the frame after that tap (`useAfterNextPaint`): opening a modal restyles the whole
 * page, and in the tap's own frame that cost 232-488 ms at 9x (docs/architecture.md, "Taps"). Its code has loaded
 * while the page was idle (FramePartsPreload), so it is drawn in that next frame.
 */
export function LazySideMenu({ tree }: { tree: MenuNode | undefined }) {
  if (!useAfterNextPaint(useAtomValue(openModalAtom) === 'sideMenu')) return null
  return (
    <Suspense fallback={null}>
      <SideMenu tree={tree} />
    </Suspense>
  )
}

export function LazyCityDialog({ regions }: { regions: RegionOption[] }) {
  if (!useAfterNextPaint(useAtomValue(openModalAtom) === 'city')) return null
  return (
    <Suspense fallback={null}>
      <CityDialog regions={regions} />
    </Suspense>
  )
}

/** The bar appears the frame after the tap that compares the first product: that tap's own frame fills its box alone. */
export function LazyCompareBar() {
  if (!useAfterNextPaint(useAtomValue(anyComparedAtom))) return null
  return (
    <Suspense fallback={null}>
      <CompareBar />
    </Suspense>
  )
}

/** docs/product.md, "Screens": a link's event, order_id or success=false (QueryTriggers.tsx says what each does). */
export function LazyQueryTriggers() {
  const search = useSearch({ strict: false }) as TriggerSearch
  if (!search.event && !search.order_id && String(search.success) !== 'false') return null
  return (
    <Suspense fallback={null}>
      <QueryTriggers />
    </Suspense>
  )
}

/** Drawn on the server; a button tapped in it before its code has arrived is tapped again once it has (HydratingPart). */
export function LazyFooter({ footer, year, seller }: { footer: FooterContent | null; year: string; seller: SellerIdentity | null }) {
  return (
    <HydratingPart part={Footer} fallback={<footer className="mt-12 min-h-96 bg-[#0f172a]" />}>
      <Footer footer={footer} year={year} seller={seller} />
    </HydratingPart>
  )
}

/**
 * The floating WhatsApp button, drawn on the server like the footer: it is a plain link, which works before its code
 * arrives, so it hydrates after the page.
 */
export function LazyWhatsAppButton() {
  return (
    <Suspense fallback={null}>
      <WhatsAppButton />
    </Suspense>
  )
}

/** Toasts: their code loads with the first one. */
export function LazyToaster() {
  if (useAtomValue(toastsAtom).length === 0) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}

/**
 * The frame's parts that follow a tap (the first toast, the compare bar, the dialogs): their code loads while the page
 * is idle, so the tap renders them instead of fetching them (src/lib/lazy-part.tsx). Loaded inside the tap, a part's
 * chunk and the `<link rel=modulepreload>` the bundler inserts for it took about 90 ms of a tap at 9x.
 */
export function FramePartsPreload() {
  usePreloadWhenIdle(Toaster, CompareBar, CartPanel, SideMenu, CityDialog)
  return null
}

/** The session's after-load effects (SessionSignals.tsx) render nothing, so they start once hydrated. */
export function LazySessionSignals() {
  if (!useHydrated()) return null
  return (
    <Suspense fallback={null}>
      <SessionSignals />
    </Suspense>
  )
}

/** The installable app's page side (AppShell.tsx): the service worker, the offline notice and the install offer. */
export function LazyAppShell() {
  if (!useHydrated()) return null
  return (
    <Suspense fallback={null}>
      <AppShell />
    </Suspense>
  )
}

/** Recently viewed (RecentlyViewed.tsx): the device's own list, so drawn in the browser only, never in the page's HTML. */
export function LazyRecentlyViewed({ exceptSku }: { exceptSku?: string }) {
  if (!useHydrated()) return null
  return (
    <Suspense fallback={null}>
      <RecentlyViewed exceptSku={exceptSku} />
    </Suspense>
  )
}
