/** The phone's add-to-cart bar drawn while the buying block is out of view (StickyAddToCart.tsx says when and why). */
import { m } from '../../paraglide/messages.js'
import type { ProductSummary } from '../../domain/product'
import { Price } from '../Price'
import { Icon } from '../ui/Icon'

interface StickyBarProps {
  product: ProductSummary
  price: number
  preorder: boolean
  comparing: boolean
  /** Presses the buying block's own Add to Cart. */
  onAdd: () => void
}

export function StickyBar({ product, price, preorder, comparing, onAdd }: StickyBarProps) {
  const label = preorder ? m.product_preorder_label({ name: product.name }) : m.product_add_to_cart_label({ name: product.name })
  return (
    <div
      data-testid="sticky-add-to-cart"
      // The compare bar (src/components/product/CompareBar.tsx) is 3.5625 rem tall at the same foot of the screen.
      className={`fixed inset-x-0 z-30 border-t border-line bg-white/95 px-4 py-2 shadow-[0_-8px_24px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden ${comparing ? 'bottom-[3.5625rem]' : 'bottom-0'}`}
    >
      <div className="mx-auto flex max-w-content items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{product.name}</p>
          <Price amount={price} className="font-bold" />
        </div>
        <button
          type="button"
          aria-label={label}
          onClick={onAdd}
          className="inline-flex h-11 shrink-0 items-center justify-center gap-1.5 rounded-full bg-accent px-4 text-sm font-bold whitespace-nowrap text-accent-ink hover:brightness-95"
        >
          <Icon name="shopping-cart" className="size-4" />
          {preorder ? m.product_preorder() : m.product_add_to_cart()}
        </button>
      </div>
    </div>
  )
}
