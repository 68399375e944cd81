/**
 * A product card: image, brand, name, price with the discount only inside its window, and the
 * stock state. Add-to-cart, compare, wishlist, badges and messages arrive with the browsing issue.
 */
import { Link } from '@tanstack/react-router'
import type { ProductSummary } from '../../lib/product'
import { pricesWithTax } from '../../lib/pricing'
import { stockState } from '../../lib/stock'
import { m } from '../../paraglide/messages.js'
import { Price } from '../Price'
import { AddToCartButton } from './AddToCartButton'
import { stockLabel } from './stock-label'

export function ProductCard({ product, now, priority = false }: { product: ProductSummary; now: Date; priority?: boolean }) {
  const prices = pricesWithTax(product, now)
  const state = stockState(product)
  return (
    <article className="group relative flex h-full flex-col rounded-xl border border-line bg-white p-3 transition-shadow hover:shadow-lg">
      <div className="relative mb-3 aspect-square overflow-hidden rounded-lg bg-surface">
        <img
          src={product.image[0]}
          alt=""
          width={400}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-contain transition-transform group-hover:scale-105"
        />
        {prices.discounted_percentage > 0 && (
          <span className="absolute top-2 start-2 rounded-md bg-sale px-2 py-0.5 text-xs font-bold text-white">
            {m.product_discount_percent({ percent: prices.discounted_percentage })}
          </span>
        )}
      </div>
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{product.brand}</p>
      <h3 className="mt-1 line-clamp-2 min-h-[2.5rem] text-sm leading-5 font-medium">
        <Link to="/product/$rewriteUrl" params={{ rewriteUrl: product.rewrite_url }} className="after:absolute after:inset-0 hover:text-brand">
          {product.name}
        </Link>
      </h3>
      <div className="mt-auto pt-3">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <Price amount={prices.price} className={`text-lg font-bold ${prices.discounted_price !== null ? 'text-sale' : ''}`} />
          {prices.discounted_price !== null && <Price amount={prices.original_price} was className="text-sm text-muted" />}
        </div>
        <p className="mt-1 h-5 text-xs font-semibold text-muted">{state === 'in_stock' ? '' : stockLabel[state]()}</p>
        {/* Above the card-wide link, so the button stays clickable. */}
        <div className="relative z-10 mt-2">
          <AddToCartButton product={product} />
        </div>
      </div>
    </article>
  )
}
