/**
 * Parts of the page frame whose code stays out of the first page load (docs/architecture.md, "Bars every part clears": first-load
 * JS at most 150 KB). Each loads when it is needed: a dialog when it first opens, the compare bar when
 * something is compared, a link's query-parameter triggers when the URL has them, toasts with the first
 * one. The footer is rendered on the server as usual and only its code arrives after the page's: it
 * sits below the fold. (Banners a shopper taps at once, like the cookie banner, stay in the entry: a
 * part hydrated late ignores taps until its code arrives.)
 */
import { useAtomValue } from 'jotai'
import { useHydrated, useSearch } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import type { MenuNode } from '../../domain/category-tree'
import { anyComparedAtom, openModalAtom } from '../../state/shopper'
import { useAfterNextPaint } from '../../lib/after-next-paint'
import { toastsAtom } from '../../state/toasts'
import type { FooterContent } from '../../domain/content'
import type { SellerIdentity } from '../../domain/seller'
import type { RegionOption } from '../../domain/catalogue'
import type { TriggerSearch } from '../QueryTriggers'

const SideMenu = lazy(() => import('./SideMenu').then((module) => ({ default: module.SideMenu })))
const CityDialog = lazy(() => import('./CityDialog').then((module) => ({ default: module.CityDialog })))
const CompareBar = lazy(() => import('../product/CompareBar').then((module) => ({ default: module.CompareBar })))
const Footer = lazy(() => import('./Footer').then((module) => ({ default: module.Footer })))
const Toaster = lazy(() => import('../ui/Toaster').then((module) => ({ default: module.Toaster })))
const SessionSignals = lazy(() => import('../SessionSignals').then((module) => ({ default: module.SessionSignals })))
const QueryTriggers = lazy(() => import('../QueryTriggers').then((module) => ({ default: module.QueryTriggers })))

export function LazySideMenu({ tree }: { tree: MenuNode | undefined }) {
  if (useAtomValue(openModalAtom) !== 'sideMenu') return null
  return (
    <Suspense fallback={null}>
      <SideMenu tree={tree} />
    </Suspense>
  )
}

export function LazyCityDialog({ regions }: { regions: RegionOption[] }) {
  if (useAtomValue(openModalAtom) !== 'city') return null
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

export function LazyFooter({ footer, year, seller }: { footer: FooterContent | null; year: string; seller: SellerIdentity | null }) {
  return (
    <Suspense fallback={<footer className="mt-12 min-h-96 bg-[#0f172a]" />}>
      <Footer footer={footer} year={year} seller={seller} />
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

/** The session's after-load effects (SessionSignals.tsx) render nothing, so they start once hydrated. */
export function LazySessionSignals() {
  if (!useHydrated()) return null
  return (
    <Suspense fallback={null}>
      <SessionSignals />
    </Suspense>
  )
}
