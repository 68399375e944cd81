/**
 * The add-to-cart button and its states (docs/product.md, "Rules"): idle, Pre-order, Out of stock (disabled),
 * 'Adding product...' while it works. No city yet: the city popup opens and the product is added
 * once one is chosen. A configurable product from a listing goes to its page to pick options.
 */
import { useNavigate } from '@tanstack/react-router'
import { Icon } from '../ui/Icon'
import type { ProductSummary } from '../../domain/product'
import { stockState } from '../../domain/stock'
import { m } from '../../paraglide/messages.js'
import { useAddProduct } from './use-add-product'

interface AddToCartButtonProps {
  product: ProductSummary
  className?: string
}

/** The listing's button; the product page has its own (ProductPurchase) with options and services. */
export function AddToCartButton({ product, className = '' }: AddToCartButtonProps) {
  const navigate = useNavigate()
  const add = useAddProduct()
  const state = stockState(product)
  if (state === 'not_for_sale') return null

  // One line at any card width (issue 28: a 360 px phone's two columns are ~130 px inside): the words never wrap, and
  // the icon gives way and the words are a size smaller where the card's @container is narrower than the words and the icon together.
  const base = `inline-flex h-11 w-full items-center justify-center gap-1.5 overflow-hidden rounded-full px-2 text-sm font-bold whitespace-nowrap transition-colors disabled:cursor-not-allowed @max-[10rem]:text-[0.8125rem] ${className}`
  if (state === 'out_of_stock') {
    return (
      <button type="button" disabled className={`${base} bg-line text-muted`}>
        {m.product_out_of_stock()}
      </button>
    )
  }

  // The accessible name starts with the words on the button (WCAG 2.5.3), then names the product.
  const actionLabel =
    product.type_id === 'configurable'
      ? m.product_choose_options_label
      : state === 'preorder'
        ? m.product_preorder_label
        : m.product_add_to_cart_label

  const onClick = () => {
    // docs/product.md, "Validation": a configurable product added from a listing goes to its page for the options.
    if (product.type_id === 'configurable') {
      void navigate({ to: '/product/$rewriteUrl', params: { rewriteUrl: product.rewrite_url } })
      return
    }
    add.add({ sku: product.sku, qty: 1 })
  }

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={add.isPending}
      aria-label={add.isPending ? undefined : actionLabel({ name: product.name })}
      className={`${base} bg-accent text-accent-ink hover:brightness-95 disabled:opacity-70`}
    >
      <Icon name="shopping-cart" className="size-4 shrink-0 @max-[10rem]:hidden" />
      {add.isPending
        ? m.product_adding()
        : product.type_id === 'configurable'
          ? m.product_choose_options()
          : state === 'preorder'
            ? m.product_preorder()
            : m.product_add_to_cart()}
    </button>
  )
}
