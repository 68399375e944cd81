/**
 * Related products (docs/product.md: limit 10) below the product: the data comes with the page, the rail's code
 * and pictures only when the shopper scrolls near it, so the product page's first load carries no
 * card code. The space is kept from the start: nothing shifts when it appears.
 */
import { Suspense, useEffect, useRef, useState } from 'react'
import { lazyPart } from '../../lib/lazy-part'
import type { ProductSummary } from '../../domain/product'
import { m } from '../../paraglide/messages.js'

const ProductRail = lazyPart(() => import('../product/ProductRail').then((module) => module.ProductRail))

export function RelatedProducts({ products, urlKey, now }: { products: ProductSummary[]; urlKey: string; now: Date }) {
  const holder = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = holder.current
    if (!element || near) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '600px 0px' })
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])
  if (products.length === 0) return null
  return (
    <div ref={holder} className="min-h-[30rem]">
      {near && (
        <Suspense fallback={null}>
          <ProductRail title={m.product_related_title()} urlKey={urlKey} products={products} now={now} />
        </Suspense>
      )}
    </div>
  )
}
