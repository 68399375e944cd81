/**
 * A horizontal rail of product cards; scrolls by touch or keyboard (the list takes focus, the arrow keys scroll it) in
 * either direction, and on a desktop by its back and on buttons, a screen at a time (issue 28, "No friction": a mouse
 * had no way along a rail).
 */
import { Link } from '@tanstack/react-router'
import { useRef } from 'react'
import type { ProductSummary } from '../../domain/product'
import { m } from '../../paraglide/messages.js'
import { Icon } from '../ui/Icon'
import { useScroller } from '../ui/use-scroller'
import { ProductCard } from './ProductCard'

export function ProductRail({ title, urlKey, products, now }: { title: string; urlKey: string; products: ProductSummary[]; now: Date }) {
  const headingId = `rail-${urlKey}`
  const list = useRef<HTMLUListElement>(null)
  const { atStart, atEnd, page } = useScroller(list, products.length)
  const arrow =
    'grid size-9 place-items-center rounded-full border border-line bg-white text-ink hover:border-brand hover:text-brand disabled:cursor-default disabled:opacity-40 disabled:hover:border-line disabled:hover:text-ink'
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-content px-4 py-6">
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-xl font-bold lg:text-2xl">
          {title}
        </h2>
        <div className="flex items-center gap-3">
          <Link to="/$urlKey" params={{ urlKey }} className="text-sm font-semibold text-brand hover:underline">
            {m.home_view_all()}
          </Link>
          {/* A phone swipes; from lg up a mouse gets buttons (hidden while everything fits). */}
          {!(atStart && atEnd) && (
            <div className="hidden gap-2 lg:flex">
              <button type="button" aria-label={m.rail_previous({ title })} disabled={atStart} onClick={() => page(-1)} className={arrow}>
                <Icon name="chevron-left" className="size-5 rtl:-scale-x-100" />
              </button>
              <button type="button" aria-label={m.rail_next({ title })} disabled={atEnd} onClick={() => page(1)} className={arrow}>
                <Icon name="chevron-right" className="size-5 rtl:-scale-x-100" />
              </button>
            </div>
          )}
        </div>
      </div>
      <ul
        ref={list}
        className="scrollbar-none -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2"
        tabIndex={0}
        aria-label={title}
      >
        {products.map((product) => (
          <li key={product.sku} className="w-[44vw] max-w-60 shrink-0 snap-start sm:w-56">
            <ProductCard product={product} now={now} />
          </li>
        ))}
      </ul>
    </section>
  )
}
