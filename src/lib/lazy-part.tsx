import { Component, lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react'

/**
 * A part of the page whose code stays out of the first page load (docs/architecture.md, "Bars every part clears":
 * first-load JS) and arrives while the page is idle, before the tap that first shows it (docs/architecture.md,
 * "Taps": nothing new to load in a tap's frame).
 *
 * `React.lazy` alone loads the code inside that tap: the render suspends, the bundler's preload helper inserts a
 * `<link rel=modulepreload>` per chunk, and the part shows only once the fetch has come back. Once `preload` has
 * run, the part renders its component directly, with no suspension; before that it falls back to `lazy`, so a part
 * shown before the page was idle still loads (inside a `Suspense`, as before).
 */
export interface Preloadable {
  preload: () => Promise<unknown>
}
export type LazyPart<P> = ((props: P) => ReactNode) & Preloadable

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component
        return { default: component }
      },
      (error: unknown) => {
        // Offline for a moment: the next render or idle period tries again, with a new `lazy` (one keeps its failure).
        loading = undefined
        Lazy = lazy(preload)
        throw new PartCodeMissing(error)
      },
    ))
  let Lazy = lazy(preload)
  function Part(props: P) {
    const Component = loaded ?? Lazy
    return (
      <PartBoundary>
        <Component {...props} />
      </PartBoundary>
    )
  }
  return Object.assign(Part, { preload })
}

/** The code of a part did not arrive (offline, or a deploy removed it): the part is left out, never the page. */
class PartCodeMissing extends Error {
  constructor(cause: unknown) {
    super('A part of the page could not load its code', { cause })
  }
}

/**
 * Leaves a part out while its code cannot arrive, and tries again when the browser is back online (a kept page opened
 * offline, docs/product.md "The app on the home screen"). Any other error is the page's: it goes on up.
 */
class PartBoundary extends Component<{ children: ReactNode }, { caught: { error: unknown } | null }> {
  state: { caught: { error: unknown } | null } = { caught: null }
  static getDerivedStateFromError(error: unknown) {
    return { caught: { error } }
  }
  private retry = () => this.setState({ caught: null })
  componentDidUpdate() {
    if (this.state.caught?.error instanceof PartCodeMissing) window.addEventListener('online', this.retry, { once: true })
  }
  componentWillUnmount() {
    window.removeEventListener('online', this.retry)
  }
  render() {
    const { caught } = this.state
    if (caught === null) return this.props.children
    if (caught.error instanceof PartCodeMissing) return null
    // Not this boundary's to handle: the nearest one above gets the very value thrown (the router's own boundaries
    // tell a redirect or a not-found by what was thrown, not only errors).
    throw caught.error
  }
}

/** Idle time: `requestIdleCallback` where the browser has it (Safari has not), else a task a moment later. */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 5000 })
  else setTimeout(work, 200)
}

/**
 * Loads the parts' code one by one, each in an idle period of its own, after the component using this has mounted
 * (so after hydration) and the page's own load has finished, so no chunk competes with the largest picture
 * (docs/architecture.md, "Bars every part clears": LCP). A part whose code failed to arrive is left to load when shown.
 */
export function usePreloadWhenIdle(...parts: Preloadable[]): void {
  useEffect(() => {
    let live = true
    const queue = [...parts]
    const next = () => {
      const part = queue.shift()
      if (!live || !part) return
      part.preload().then(
        () => whenIdle(next),
        () => whenIdle(next),
      )
    }
    const start = () => whenIdle(next)
    if (document.readyState === 'complete') start()
    else window.addEventListener('load', start, { once: true })
    return () => {
      live = false
      window.removeEventListener('load', start)
    }
    // The parts are module constants: this runs once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}

/**
 * A part drawn on the server whose code arrives later (the footer): until React has hydrated it, React drops a tap on
 * it, because it cannot hydrate a boundary whose code has not arrived and stops the click (React 18 gave up replaying
 * such clicks). Links still work then (the browser follows them as a page load), buttons do nothing: the footer's
 * "Cookie settings" was lost under load that way. So a button tapped inside the part before it has hydrated is held:
 * the tap asks for the part's code, and once the part has hydrated that button is tapped again, as the page's early
 * taps are (src/lib/early-tap.ts). The listener sits on `window` in the capture phase, ahead of React's own on the root.
 */
export function HydratingPart({ part, fallback, children }: { part: Preloadable; fallback: ReactNode; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  const held = useRef<{ hydrated: boolean; tapped: number | null }>({ hydrated: false, tapped: null })
  useEffect(() => {
    const state = held.current
    const listener = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null
      if (state.hydrated || !button || !box.current?.contains(button)) return
      event.preventDefault()
      event.stopPropagation()
      state.tapped = [...box.current.querySelectorAll('button')].indexOf(button)
      part.preload().catch(() => undefined)
    }
    window.addEventListener('click', listener, { capture: true })
    return () => window.removeEventListener('click', listener, { capture: true })
  }, [part])
  const onHydrated = () => {
    const state = held.current
    state.hydrated = true
    const tapped = state.tapped
    state.tapped = null
    // In a task of its own: inside the hydration's effects React does not act on the click yet.
    if (tapped !== null) setTimeout(() => box.current?.querySelectorAll('button')[tapped]?.click())
  }
  return (
    <div ref={box} className="contents">
      <Suspense fallback={fallback}>
        {children}
        <Hydrated then={onHydrated} />
      </Suspense>
    </div>
  )
}

/** Renders nothing; its effect runs once the boundary around it has hydrated, with everything before it. */
function Hydrated({ then }: { then: () => void }) {
  // `then` is read once: the boundary hydrates once.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(then, [])
  return null
}
