/**
 * The cart's lines (docs/product.md, "Cart"): quantity steppers, removal, the services under their product (those
 * not taken yet offered on the cart page) and, on an air conditioner, the replacement discount. Quick taps show at once and settle to the server's answer: taps are
 * gathered for appConfig.timing.cartQtySettleMs and sent as one change with the quantity reached; a refused change
 * falls back to the server's quantity with its message. A removed line leaves the screen at once and only comes
 * back if the server refuses the removal.
 */
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { appConfig } from '../../../app.config'
import type { CartItemView } from '../../domain/cart'
import type { ProductFee } from '../../domain/product-fees'
import { regionFrom } from '../../domain/region'
import { currentLocale } from '../../lib/i18n'
import { regionIdAtom } from '../../state/shopper'
import { m } from '../../paraglide/messages.js'
import { serviceOffersQuery, useReplacementDiscount, useService } from '../../queries/cart-money'
import { useRemoveCartItem, useUpdateCartItem } from '../../queries/cart-lines'
import { Price } from '../Price'
import { ProductPicture } from '../product/ProductPicture'
import { Icon } from '../ui/Icon'

function QuantityStepper({ item }: { item: CartItemView }) {
  const update = useUpdateCartItem()
  const [draft, setDraft] = useState<number | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pending = useRef<(() => void) | null>(null)
  const taps = useRef(0)
  // Leaving with taps still gathered (the panel closed by Checkout a moment after a +) sends them now: the shopper
  // saw that quantity, and the order must be placed with it.
  useEffect(
    () => () => {
      clearTimeout(timer.current)
      pending.current?.()
    },
    [],
  )
  const shown = draft ?? item.qty
  const change = (next: number) => {
    setDraft(next)
    taps.current += 1
    const tap = taps.current
    clearTimeout(timer.current)
    const send = () => {
      pending.current = null
      if (next === item.qty) return setDraft(null)
      // The screen keeps the draft until the answer lands, unless the shopper tapped again meanwhile.
      update.mutate({ itemId: item.item_id, qty: next }, { onSettled: () => tap === taps.current && setDraft(null) })
    }
    pending.current = send
    timer.current = setTimeout(send, appConfig.timing.cartQtySettleMs)
  }
  return (
    <div className="flex items-center rounded-full border border-line" role="group" aria-label={m.cart_qty_label()}>
      <button
        type="button"
        disabled={shown <= 1}
        onClick={() => change(shown - 1)}
        aria-label={m.cart_qty_decrease()}
        className="p-1.5 disabled:opacity-40"
      >
        <Icon name="minus" className="size-4" />
      </button>
      <output className="min-w-8 text-center text-sm font-semibold" aria-live="polite">
        {shown}
      </output>
      <button
        type="button"
        disabled={shown >= appConfig.cart.maxQtyPerLine}
        onClick={() => change(shown + 1)}
        aria-label={m.cart_qty_increase()}
        className="p-1.5 disabled:opacity-40"
      >
        <Icon name="plus" className="size-4" />
      </button>
    </div>
  )
}

function ReplacementOffer({ item }: { item: CartItemView }) {
  const replacement = useReplacementDiscount()
  // The box shows the shopper's choice at once, as React state set in the same event (the mutation's own pending
  // state arrives a tick later, and a controlled box would spring back meanwhile), then the server's answer.
  const [wanted, setWanted] = useState<boolean | null>(null)
  return (
    <label className="mt-2 flex items-start gap-2 rounded-lg bg-brand-soft px-2 py-1.5 text-xs">
      <input
        type="checkbox"
        checked={wanted ?? item.extension_attributes.replacement_discount}
        disabled={wanted !== null}
        onChange={(event) => {
          setWanted(event.target.checked)
          replacement.mutate({ itemId: item.item_id, on: event.target.checked }, { onSettled: () => setWanted(null) })
        }}
        className="mt-0.5 size-4 accent-brand"
      />
      <span>
        {m.cart_replacement_offer({
          percent: Math.round(appConfig.money.replacementDiscountShare * 100),
          cap: appConfig.money.replacementDiscountCapSar,
        })}
      </span>
    </label>
  )
}

/** The services a line may still take in the city, each added with one tap (the cart page only). */
function ServiceOffers({ item, offers }: { item: CartItemView; offers: readonly ProductFee[] }) {
  const service = useService()
  const taken = new Set(item.extension_attributes.product_fees.map((fee) => fee.fee_id))
  const open = offers.filter((offer) => !taken.has(offer.fee_id))
  if (open.length === 0) return null
  return (
    <div className="mt-1 flex flex-wrap gap-1.5">
      {open.map((offer) => (
        <button
          key={offer.fee_id}
          type="button"
          disabled={service.isPending}
          onClick={() => service.mutate({ item_id: item.item_id, fee_id: offer.fee_id, on: true })}
          className="rounded-full border border-line px-2.5 py-1 text-xs hover:border-brand disabled:opacity-50"
        >
          <Icon name="plus" className="me-1 inline size-3" />
          {m.cart_service_add({ title: offer.title })} (+
          <Price amount={offer.price} decimals={appConfig.money.totalDecimals} />)
        </button>
      ))}
    </div>
  )
}

function Services({ item }: { item: CartItemView }) {
  const service = useService()
  return item.extension_attributes.product_fees.map((fee) => (
    <p key={fee.item_id} className="flex items-center gap-2 text-xs text-muted">
      <span>
        {m.cart_service()}: {fee.title} (+
        <Price amount={fee.price} decimals={appConfig.money.totalDecimals} />)
      </span>
      <button
        type="button"
        disabled={service.isPending}
        onClick={() =>
          service.mutate({
            item_id: item.item_id,
            fee_id: fee.fee_id,
            on: false,
          })
        }
        aria-label={m.cart_service_remove({ title: fee.title })}
        className="rounded-full p-1 hover:bg-surface hover:text-sale"
      >
        <Icon name="x" className="size-3.5" />
      </button>
    </p>
  ))
}

/** `regionId`: the cart's own region (the services are priced there, as the backend prices them when added). */
export function CartLines({ items, regionId, compact = false }: { items: CartItemView[]; regionId?: number; compact?: boolean }) {
  const remove = useRemoveCartItem()
  const locale = currentLocale()
  const chosenRegion = useAtomValue(regionIdAtom)
  const region = regionFrom(regionId) ?? chosenRegion
  const skus = compact ? [] : items.filter((i) => i.parent_item_id === null).map((i) => i.sku)
  const offers = useQuery(serviceOffersQuery(locale, region, skus)).data
  const [removing, setRemoving] = useState<ReadonlySet<number>>(() => new Set())
  const products = items.filter((i) => i.parent_item_id === null && !removing.has(i.item_id))
  const removeLine = (item: CartItemView) => {
    setRemoving((now) => new Set(now).add(item.item_id))
    remove.mutate(
      { itemId: item.item_id },
      {
        // Gone from the answer's cart, or refused: either way the server's cart decides what shows.
        onSettled: () =>
          setRemoving((now) => {
            const next = new Set(now)
            next.delete(item.item_id)
            return next
          }),
      },
    )
  }
  return (
    <ul className="divide-y divide-line">
      {products.map((item) => (
        <li key={item.item_id} className="flex gap-3 py-3">
          <ProductPicture
            src={item.image}
            widths={[80, 160]}
            sizes="80px"
            alt=""
            width={80}
            height={80}
            className={`${compact ? 'size-16' : 'size-20'} shrink-0 rounded-lg bg-surface object-contain`}
          />
          <div className="min-w-0 flex-1">
            <p className="line-clamp-2 text-sm font-medium">{item.name}</p>
            {item.options && <p className="text-xs text-muted">{item.options}</p>}
            <Services item={item} />
            {offers?.[item.sku] && <ServiceOffers item={item} offers={offers[item.sku]!} />}
            {item.extension_attributes.replacement_eligible && <ReplacementOffer item={item} />}
            <div className="mt-2 flex items-center justify-between gap-2">
              <QuantityStepper item={item} />
              <Price amount={item.row_total} decimals={appConfig.money.totalDecimals} className="font-bold" />
              <button
                type="button"
                onClick={() => removeLine(item)}
                aria-label={m.cart_remove({ name: item.name })}
                className="rounded-full p-1.5 text-muted hover:bg-surface hover:text-sale"
              >
                <Icon name="trash" className="size-4" />
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  )
}
