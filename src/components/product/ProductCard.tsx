/**
 * A product card (docs/product.md, "Screens" and "Rules"): picture with labels, wishlist heart, brand, name, delivery
 * badge, pre-order note, price with the discount only inside its window, rotating messages, and the
 * add-to-cart button with compare; a not-for-sale product shows 'Available on stores' and 'Show more'.
 * Every line keeps its height whatever it holds, so cards in a row line up and nothing shifts.
 */
import { Link } from '@tanstack/react-router'
import type { ProductSummary } from '../../domain/product'
import { pricesWithTax } from '../../domain/pricing'
import { stockState } from '../../domain/stock'
import { m } from '../../paraglide/messages.js'
import { Stars } from '../reviews/Stars'
import { Price } from '../Price'
import { AddToCartButton } from './AddToCartButton'
import { CompareButton } from './CompareButton'
import { DeliveryBadge } from './DeliveryBadge'
import { ProductLabels } from './ProductLabels'
import { ProductPicture } from './ProductPicture'
import { RotatingMessages } from './RotatingMessages'
import { stockLabel } from './stock-label'
import { WishlistButton } from './WishlistButton'

interface ProductCardProps {
  product: ProductSummary
  now: Date
  /**
   * The listing's first card: its picture is the page's largest on a phone's first screen (the second beside it is
   * the same size, and a tie keeps the first painted), so it alone is fetched at once and ahead of everything else
   * (eager, fetchpriority high, preloaded from the head). The others, the second included, load once laid out near the
   * screen: two pictures fetched ahead split a phone's bandwidth, and the largest then waited for the other
   * (docs/architecture.md, "Paint first").
   */
  largestPicture?: boolean
  /** The search that listed the product: its page reports clicks and adds against it. */
  queryID?: string
}

export function ProductCard({ product, now, largestPicture = false, queryID }: ProductCardProps) {
  const prices = pricesWithTax(product, now)
  const state = stockState(product)
  return (
    // Off-screen cards skip style, layout and paint until they near the viewport (content-visibility): the
    // first frame of a home page laid out all ~30 cards of its rails. Placeholder heights are measured cards (442-521 px); `auto` keeps the real one once known.
    <article className="group relative flex h-full flex-col rounded-xl border border-line bg-white p-3 transition-shadow [contain-intrinsic-block-size:auto_27.25rem] [content-visibility:auto] md:[contain-intrinsic-block-size:auto_30.25rem] hover:shadow-lg">
      <div className="relative mb-3 aspect-square overflow-hidden rounded-lg bg-surface">
        <ProductPicture
          src={product.image[0]}
          drawing={product.drawing}
          sizes="(min-width: 75rem) 20vw, (min-width: 48rem) 33vw, 50vw"
          alt=""
          width={400}
          height={400}
          loading={largestPicture ? 'eager' : 'lazy'}
          fetchPriority={largestPicture ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-contain transition-transform group-hover:scale-105"
        />
        <ProductLabels labels={product.labels} now={now} view="category" />
        {prices.discounted_percentage > 0 && (
          <span className="absolute bottom-2 end-2 rounded-md bg-sale px-2 py-0.5 text-xs font-bold text-white">
            {m.product_discount_percent({ percent: prices.discounted_percentage })}
          </span>
        )}
      </div>
      {/* Above the card-wide link, so the heart stays clickable. */}
      <WishlistButton sku={product.sku} name={product.name} className="absolute top-4 end-4 z-10" />
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{product.brand}</p>
      <h3 className="mt-1 line-clamp-2 min-h-[2.5rem] text-sm leading-5 font-medium">
        <Link
          to="/product/$rewriteUrl"
          params={{ rewriteUrl: product.rewrite_url }}
          search={queryID ? { queryID } : {}}
          className="after:absolute after:inset-0 hover:text-brand"
        >
          {product.name}
        </Link>
      </h3>
      {product.rating && (
        // Markup only (docs/product.md, "Reviews"): the numbers come with the listing's products, no script.
        <p className="mt-1 flex items-center gap-1 text-xs">
          <Stars average={product.rating.average} />
          <span className="text-muted">{m.reviews_count({ count: product.rating.count })}</span>
        </p>
      )}
      <div className="mt-1">
        <DeliveryBadge product={product} dated={state === 'in_stock'} />
      </div>
      <div className="mt-auto pt-2">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <Price amount={prices.price} className={`text-lg font-bold ${prices.discounted_price !== null ? 'text-sale' : ''}`} />
          {prices.discounted_price !== null && <Price amount={prices.original_price} was className="text-sm text-muted" />}
        </div>
        <p className="mt-1 h-5 truncate text-xs font-semibold text-muted">
          {state === 'not_for_sale' ? (
            // Above the card-wide link: "Available on stores" says which stores (docs/product.md, "Showrooms").
            <Link to="/showrooms" className="relative z-10 text-brand underline underline-offset-2 hover:no-underline">
              {stockLabel[state]()}
            </Link>
          ) : state === 'preorder' && product.preorder_note ? (
            product.preorder_note
          ) : state === 'in_stock' ? (
            ''
          ) : (
            stockLabel[state]()
          )}
        </p>
        <RotatingMessages messages={product.messages} />
        <div className="@container relative z-10 mt-2 flex flex-col gap-1">
          {state === 'not_for_sale' ? (
            <Link
              to="/product/$rewriteUrl"
              params={{ rewriteUrl: product.rewrite_url }}
              className="inline-flex h-11 w-full items-center justify-center rounded-full border border-brand px-2 text-sm font-bold whitespace-nowrap text-brand hover:bg-brand-soft"
            >
              {m.product_show_more()}
            </Link>
          ) : (
            <AddToCartButton product={product} />
          )}
          <div className="flex justify-center">
            <CompareButton sku={product.sku} name={product.name} />
          </div>
        </div>
      </div>
    </article>
  )
}
