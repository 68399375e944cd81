/** A horizontal rail of product cards; scrolls by touch or keyboard in either direction. */
import { Link } from '@tanstack/react-router'
import type { ProductSummary } from '../../domain/product'
import { m } from '../../paraglide/messages.js'
import { ProductCard } from './ProductCard'

export function ProductRail({ title, urlKey, products, now }: { title: string; urlKey: string; products: ProductSummary[]; now: Date }) {
  const headingId = `rail-${urlKey}`
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-content px-4 py-6">
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-xl font-bold lg:text-2xl">
          {title}
        </h2>
        <Link to="/$urlKey" params={{ urlKey }} className="text-sm font-semibold text-brand hover:underline">
          {m.home_view_all()}
        </Link>
      </div>
      <ul className="scrollbar-none -mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2" tabIndex={0} aria-label={title}>
        {products.map((product) => (
          <li key={product.sku} className="w-[44vw] max-w-60 shrink-0 snap-start sm:w-56">
            <ProductCard product={product} now={now} />
          </li>
        ))}
      </ul>
    </section>
  )
}
