/**
 * The product page's buying block (docs/product.md, "Screens", "Rules" and "Validation"): the options a configurable product
 * needs (all required, the product's message when one is missing), the services to add with it, and
 * Add to Cart (opens the cart panel) beside Buy now (goes to checkout).
 */
import { Link } from '@tanstack/react-router'
import { Suspense, useLayoutEffect, useRef, useState } from 'react'
import { lazyPart } from '../../lib/lazy-part'
import type { ProductFee } from '../../domain/product-fees'
import { Icon } from '../ui/Icon'
import type { ProductOption, ProductSummary, ProductVariant } from '../../domain/product'
import { variantAfterChoice } from '../../domain/variants'
import { stockState } from '../../domain/stock'
import { m } from '../../paraglide/messages.js'
import { afterNextPaint } from '../../lib/after-next-paint'
import { useAddProduct } from '../product/use-add-product'
import { ProductOptions } from './ProductOptions'
import { ProductServices } from './ProductServices'

// Loaded when a shopper opens it: the page's first load has no room (docs/decisions/0035-stock-alerts.md).
const StockAlertForm = lazyPart(() => import('./StockAlertForm').then((module) => module.StockAlertForm))

interface ProductPurchaseProps {
  /** `chosen` and `variants`: a product with variants shows one, its options chosen (docs/decisions/0020-variants-are-products.md). */
  product: ProductSummary & { options: ProductOption[]; fees: ProductFee[]; variants: ProductVariant[]; chosen?: Record<string, number> }
  /** Told the variant a choice leads to; the page shows it and puts it in the address. */
  onChooseVariant: (sku: string) => void
  /** Told the cart line's id after an add (the page reports adds after a search). */
  onAdded?: (itemId: number) => void
}

export function ProductPurchase({ product, onChooseVariant, onAdded }: ProductPurchaseProps) {
  const [ownChoice, setOwnChoice] = useState<Record<string, number>>({})
  // A choice that leads to another variant ticks its chip at once; the page shows that variant (a new address, a full
  // render of the page) after the chip's frame is painted (docs/architecture.md, "Taps"). The page's own choice wins
  // again as soon as it arrives.
  const [choosing, setChoosing] = useState<Record<string, number> | null>(null)
  const [shownChoice, setShownChoice] = useState(product.chosen)
  if (product.chosen !== shownChoice) {
    setShownChoice(product.chosen)
    setChoosing(null)
  }
  const chosen = choosing ?? product.chosen ?? ownChoice
  const [services, setServices] = useState<number[]>([])
  const [missing, setMissing] = useState<string[]>([])
  const [action, setAction] = useState<'add' | 'buy'>('add')
  const add = useAddProduct()
  const [alerting, setAlerting] = useState(false)
  // The choices the radios show: the rendered ones, and a tap's ahead of them until the frame after it.
  const shown = useRef(chosen)
  useLayoutEffect(() => {
    shown.current = chosen
  })
  const state = stockState(product)
  // Sold in the showrooms only: the page says where they are (docs/product.md, "Showrooms").
  if (state === 'not_for_sale')
    return (
      <Link
        to="/showrooms"
        className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-full border border-brand px-4 font-bold text-brand hover:bg-brand-soft"
      >
        <Icon name="map-pin" className="size-5" />
        {m.product_find_showroom()}
      </Link>
    )

  // The browser checks the tapped chip itself (the radios are uncontrolled, ProductOptions.tsx), so the tap's frame
  // renders nothing of ours: this block's render and React's pass over the other radios of the group took about 45 ms
  // of the tap at 9x (docs/architecture.md, "Taps"). The block follows once that frame is painted.
  const choose = (code: string, value: number) => {
    const from = shown.current
    shown.current = { ...from, [code]: value }
    afterNextPaint(() => {
      const variant = variantAfterChoice(product.variants, from, code, value)
      if (variant) {
        setChoosing(variant.values)
        onChooseVariant(variant.sku)
      } else setOwnChoice((current) => ({ ...current, [code]: value }))
      setMissing((current) => current.filter((c) => c !== code))
    })
  }
  const toggleService = (feeId: number) =>
    setServices((current) => (current.includes(feeId) ? current.filter((id) => id !== feeId) : [...current, feeId]))

  const submit = (buyNow: boolean) => {
    const unchosen = product.options.filter((option) => chosen[option.code] === undefined).map((option) => option.code)
    setMissing(unchosen)
    if (unchosen.length > 0) {
      document.querySelector<HTMLInputElement>(`[data-option="${unchosen[0]}"] input`)?.focus()
      return
    }
    setAction(buyNow ? 'buy' : 'add')
    add.add({
      sku: product.sku,
      qty: 1,
      ...(product.options.length > 0 ? { options: product.options.map((o) => ({ option_id: o.code, option_value: chosen[o.code]! })) } : {}),
      ...(services.length > 0 ? { feeIds: services } : {}),
      buyNow,
      onAdded,
    })
  }

  const soldOut = state === 'out_of_stock'
  // One line at 360 px in both languages ("أضف إلى السلة" wrapped at 390 px): narrower padding and gap, a step smaller
  // text on the narrowest phones, and no wrapping (issue 28, "No friction").
  const button =
    'inline-flex h-12 min-w-0 items-center justify-center gap-1.5 rounded-full px-3 text-[0.9375rem] font-bold whitespace-nowrap transition-colors disabled:cursor-not-allowed sm:gap-2 sm:px-5 sm:text-base'
  return (
    <div className="grid gap-4">
      {product.options.length > 0 && (
        <ProductOptions
          options={product.options}
          chosen={chosen}
          onChoose={choose}
          missing={missing}
          soldOut={
            product.variants.length > 0 ? (code, value) => variantAfterChoice(product.variants, chosen, code, value)?.in_stock === false : undefined
          }
        />
      )}
      {missing.length > 0 && (
        <p role="alert" className="text-sm font-semibold text-sale">
          {m.commerce_options_required()}
        </p>
      )}
      {!soldOut && <ProductServices fees={product.fees} chosen={services} onToggle={toggleService} />}
      <div className="grid grid-cols-2 gap-3">
        {soldOut ? (
          <button type="button" disabled className={`${button} col-span-2 bg-line text-muted`}>
            {m.product_out_of_stock()}
          </button>
        ) : (
          <>
            <button
              type="button"
              data-purchase-action="add"
              onClick={() => submit(false)}
              disabled={add.isPending}
              className={`${button} bg-accent text-accent-ink hover:brightness-95 disabled:opacity-70`}
            >
              <Icon name="shopping-cart" className="size-5 shrink-0" />
              {add.isPending && action === 'add' ? m.product_adding() : state === 'preorder' ? m.product_preorder() : m.product_add_to_cart()}
            </button>
            <button
              type="button"
              onClick={() => submit(true)}
              disabled={add.isPending}
              className={`${button} bg-brand text-brand-ink hover:brightness-110 disabled:opacity-70`}
            >
              {add.isPending && action === 'buy' ? m.product_adding() : m.product_buy_now()}
            </button>
          </>
        )}
      </div>
      {soldOut &&
        (alerting ? (
          <Suspense fallback={null}>
            <StockAlertForm sku={product.sku} />
          </Suspense>
        ) : (
          <button type="button" onClick={() => setAlerting(true)} className={`${button} border border-brand text-brand hover:bg-brand-soft`}>
            <Icon name="bell" className="size-5 shrink-0" />
            {m.stock_alert_open()}
          </button>
        ))}
    </div>
  )
}
