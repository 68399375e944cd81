/**
 * The add-to-cart button and its states (spec section 4): idle, Pre-order, Out of stock (disabled),
 * 'Adding product...' while it works. No city yet: the city popup opens and the product is added
 * once one is chosen. A configurable product from a listing goes to its page to pick options.
 */
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { ShoppingCart } from 'lucide-react'
import type { ProductSummary } from '../../lib/product'
import { stockState } from '../../lib/stock'
import { m } from '../../paraglide/messages.js'
import { useAddToCart } from '../../queries/cart'
import { chosenRegionIdAtom, openModalAtom, pendingCartAddAtom } from '../../state/shopper'

interface AddToCartButtonProps {
  product: ProductSummary
  /** On the product page options come from the page; in a listing a configurable product links there. */
  options?: { option_id: string; option_value: number }[]
  onProductPage?: boolean
  className?: string
}

export function AddToCartButton({ product, options, onProductPage = false, className = '' }: AddToCartButtonProps) {
  const region = useAtomValue(chosenRegionIdAtom)
  const setOpenModal = useSetAtom(openModalAtom)
  const setPending = useSetAtom(pendingCartAddAtom)
  const navigate = useNavigate()
  const add = useAddToCart()
  const state = stockState(product)
  if (state === 'not_for_sale') return null

  const base = `inline-flex h-11 w-full items-center justify-center gap-2 rounded-full px-4 text-sm font-bold transition-colors disabled:cursor-not-allowed ${className}`
  if (state === 'out_of_stock') {
    return (
      <button type="button" disabled className={`${base} bg-line text-muted`}>
        {m.product_out_of_stock()}
      </button>
    )
  }

  const onClick = () => {
    if (product.type_id === 'configurable' && !onProductPage) {
      void navigate({ to: '/product/$rewriteUrl', params: { rewriteUrl: product.rewrite_url } })
      return
    }
    if (!region) {
      setPending({ sku: product.sku, qty: 1 })
      setOpenModal('city')
      return
    }
    add.mutate({ sku: product.sku, qty: 1, regionId: region, options })
  }

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={add.isPending}
      aria-label={add.isPending ? undefined : m.product_add_to_cart_label({ name: product.name })}
      className={`${base} bg-accent text-accent-ink hover:brightness-95 disabled:opacity-70`}
    >
      <ShoppingCart aria-hidden="true" className="size-4" />
      {add.isPending ? m.product_adding() : state === 'preorder' ? m.product_preorder() : product.type_id === 'configurable' && !onProductPage ? m.product_choose_options() : m.product_add_to_cart()}
    </button>
  )
}
