/**
 * The page's side of the installable app (docs/product.md, "The app on the home screen";
 * docs/decisions/0037-app-on-the-home-screen.md), loaded after hydration (LazyFrame.tsx, LazyAppShell):
 * - links the language's manifest (React puts the link in the head). Not in the server's HTML: the browser fetches a
 *   manifest as soon as it sees the link, and on a phone's first visit that request raced the page's first images
 *   (docs/architecture.md, "Paint first"); installing needs it only once the page is up;
 * - registers the service worker (/sw.js, src/sw/service-worker.ts) and asks it to keep the product or category page
 *   on screen, with the scripts it loaded (the router's own navigations load no page the worker could keep);
 * - offers to add the app at a calm moment (src/domain/app-shell.ts, offerInstallNow), dismissible, quiet for 30 days.
 */
import { useLocation, useRouter, useSearch } from '@tanstack/react-router'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { manifestPathOf } from '../../domain/app-manifest'
import { isKeptOffline, offerInstallNow } from '../../domain/app-shell'
import { currentLocale } from '../../lib/i18n'
import { appInstallDismissedKey, productViewsKey } from '../../lib/storage-keys'
import { m } from '../../paraglide/messages.js'

/** Chromium's install event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
}

let installEvent: InstallPromptEvent | null = null
const installListeners = new Set<() => void>()
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini bar would come at once; the store offers it at a calm moment instead.
    event.preventDefault()
    installEvent = event as InstallPromptEvent
    for (const listener of installListeners) listener()
  })
}
const subscribeInstall = (listener: () => void) => {
  installListeners.add(listener)
  return () => installListeners.delete(listener)
}

function keepForOffline(registration: ServiceWorkerRegistration, page: string) {
  const assets = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url).pathname.startsWith('/assets/'))
  const worker = registration.active ?? navigator.serviceWorker.controller
  worker?.postMessage({ type: 'keep', page: isKeptOffline(new URL(page).pathname) ? page : null, assets })
}

function storedNumber(storage: Storage, key: string): number | null {
  const value = Number(storage.getItem(key) ?? Number.NaN)
  return Number.isFinite(value) ? value : null
}

/** Product pages opened in this visit, counting this one if it is a product page. */
function countView(pathname: string): number {
  const views = (storedNumber(sessionStorage, productViewsKey) ?? 0) + (/^\/(?:en\/)?product\//.test(pathname) ? 1 : 0)
  sessionStorage.setItem(productViewsKey, String(views))
  return views
}

export function AppShell() {
  const pathname = useLocation({ select: (location) => location.pathname })
  const href = useLocation({ select: (location) => location.href })
  const orderConfirmed = Boolean((useSearch({ strict: false }) as { order_id?: unknown }).order_id)
  const canInstall = useSyncExternalStore(
    subscribeInstall,
    () => installEvent !== null,
    () => false,
  )
  const router = useRouter()
  const [productViews, setProductViews] = useState(() => countView(pathname))
  const [dismissedAt, setDismissedAt] = useState(() => storedNumber(localStorage, appInstallDismissedKey))
  const [shownAt] = useState(() => Date.now())

  // The page this loaded on is counted above; each product the router opens after it, here.
  useEffect(() => router.subscribe('onResolved', (event) => event.pathChanged && setProductViews(countView(event.toLocation.pathname))), [router])

  useEffect(() => {
    if (!('serviceWorker' in navigator) || !navigator.onLine) return
    const page = new URL(href, location.origin).href
    void navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => keepForOffline(registration, page))
      .catch(() => undefined)
  }, [href])

  const offer = canInstall && offerInstallNow({ productViews, dismissedAt, pathname, now: shownAt }, orderConfirmed)
  const dismiss = () => {
    const now = Date.now()
    localStorage.setItem(appInstallDismissedKey, String(now))
    setDismissedAt(now)
  }
  const install = async () => {
    const event = installEvent
    installEvent = null
    dismiss()
    await event?.prompt()
  }

  return (
    <>
      <link rel="manifest" href={manifestPathOf(currentLocale())} />
      {offer && (
        <aside
          aria-labelledby="app-install-title"
          className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-md rounded-2xl bg-white p-4 shadow-2xl ring-1 ring-line"
        >
          <p id="app-install-title" className="font-bold">
            {m.app_install_title()}
          </p>
          <p className="mt-1 text-sm text-muted">{m.app_install_text()}</p>
          <div className="mt-3 flex justify-end gap-2">
            <button type="button" onClick={dismiss} className="rounded-full px-4 py-2 text-sm font-semibold text-muted hover:bg-surface">
              {m.app_install_later()}
            </button>
            <button type="button" onClick={() => void install()} className="rounded-full bg-brand px-5 py-2 text-sm font-semibold text-brand-ink">
              {m.app_install_action()}
            </button>
          </div>
        </aside>
      )}
    </>
  )
}
