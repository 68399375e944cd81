/**
 * The phone's add-to-cart bar (issue 28, "No friction"; docs/product.md, "Screens"): while the product page's own buying
 * block is out of view, a bar at the foot of a phone's screen keeps the name, the price and Add to Cart in reach. Its
 * button presses the block's own Add to Cart, so options, services and their checks stay in one place (ProductPurchase):
 * a missing option focuses that option, which scrolls the block back into view. Hidden from lg up (the desktop
 * column keeps the block beside the gallery), under the cookie banner (z-40 over z-30), above the compare bar when
 * that is shown, and gone once the footer is reached so it never covers the page's last lines.
 */
import { useAtomValue } from 'jotai'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { ProductSummary } from '../../domain/product'
import { stockState } from '../../domain/stock'
import { m } from '../../paraglide/messages.js'
import { anyComparedAtom } from '../../state/shopper'
import { Price } from '../Price'
import { Icon } from '../ui/Icon'

interface StickyAddToCartProps {
  product: ProductSummary
  price: number
  /** The page's buying block, whose Add to Cart carries data-purchase-action="add". */
  children: ReactNode
}

export function StickyAddToCart({ product, price, children }: StickyAddToCartProps) {
  const block = useRef<HTMLDivElement>(null)
  const [blockInView, setBlockInView] = useState(true)
  const [footerInView, setFooterInView] = useState(false)
  const comparing = useAtomValue(anyComparedAtom)
  const state = stockState(product)
  const sellable = state === 'in_stock' || state === 'preorder'

  useEffect(() => {
    const element = block.current
    const footer = document.querySelector('footer')
    if (!element || !sellable) return
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.target === element) setBlockInView(entry.isIntersecting)
        else setFooterInView(entry.isIntersecting)
      }
    })
    observer.observe(element)
    if (footer) observer.observe(footer)
    return () => observer.disconnect()
  }, [sellable])

  const shown = sellable && !blockInView && !footerInView
  const label = state === 'preorder' ? m.product_preorder_label({ name: product.name }) : m.product_add_to_cart_label({ name: product.name })
  return (
    <>
      <div ref={block}>{children}</div>
      {shown && (
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
              onClick={() => block.current?.querySelector<HTMLButtonElement>('[data-purchase-action="add"]')?.click()}
              className="inline-flex h-11 shrink-0 items-center justify-center gap-1.5 rounded-full bg-accent px-4 text-sm font-bold whitespace-nowrap text-accent-ink hover:brightness-95"
            >
              <Icon name="shopping-cart" className="size-4" />
              {state === 'preorder' ? m.product_preorder() : m.product_add_to_cart()}
            </button>
          </div>
        </div>
      )}
    </>
  )
}
