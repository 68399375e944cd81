/**
 * The phone's add-to-cart bar (issue 28, "No friction"; docs/product.md, "Screens"): while the product page's own buying
 * block is out of view, a bar at the foot of a phone's screen keeps the name, the price and Add to Cart in reach. Its
 * button presses the block's own Add to Cart, so options, services and their checks stay in one place (ProductPurchase):
 * a missing option focuses that option, which scrolls the block back into view. Hidden from lg up (the desktop
 * column keeps the block beside the gallery), under the cookie banner (z-40 over z-30), above the compare bar when
 * that is shown, and gone once the footer is reached so it never covers the page's last lines.
 */
import { useAtomValue } from 'jotai'
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { lazyPart, usePreloadWhenIdle } from '../../lib/lazy-part'
import type { ProductSummary } from '../../domain/product'
import { stockState } from '../../domain/stock'
import { anyComparedAtom } from '../../state/shopper'

interface StickyAddToCartProps {
  product: ProductSummary
  price: number
  /** The page's buying block, whose Add to Cart carries data-purchase-action="add". */
  children: ReactNode
}

// The bar itself shows only once the page is scrolled: its code loads while the page is idle (first-load JS).
const StickyBar = lazyPart(() => import('./StickyBar').then((module) => module.StickyBar))

export function StickyAddToCart({ product, price, children }: StickyAddToCartProps) {
  usePreloadWhenIdle(StickyBar)
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
  const add = () => block.current?.querySelector<HTMLButtonElement>('[data-purchase-action="add"]')?.click()
  return (
    <>
      <div ref={block}>{children}</div>
      {shown && (
        <Suspense fallback={null}>
          <StickyBar product={product} price={price} preorder={state === 'preorder'} comparing={comparing} onAdd={add} />
        </Suspense>
      )}
    </>
  )
}
