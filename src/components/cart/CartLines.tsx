/** The cart's lines with quantity steppers and remove buttons; service (fee) lines sit under their product. */
import { Icon } from '../ui/Icon'
import { appConfig } from '../../../app.config'
import { m } from '../../paraglide/messages.js'
import { useRemoveCartItem, useUpdateCartItem } from '../../queries/cart-lines'
import { Price } from '../Price'
import type { CartItemView } from '../../domain/cart'

export function CartLines({ items, compact = false }: { items: CartItemView[]; compact?: boolean }) {
  const update = useUpdateCartItem()
  const remove = useRemoveCartItem()
  const busy = update.isPending || remove.isPending
  const products = items.filter((i) => i.parent_item_id === null)
  return (
    <ul className="divide-y divide-line">
      {products.map((item) => (
        <li key={item.item_id} className="flex gap-3 py-3">
          <img src={item.image} alt="" width={80} height={80} className={`${compact ? 'size-16' : 'size-20'} shrink-0 rounded-lg bg-surface object-contain`} />
          <div className="min-w-0 flex-1">
            <p className="line-clamp-2 text-sm font-medium">{item.name}</p>
            {item.options && <p className="text-xs text-muted">{item.options}</p>}
            {item.extension_attributes.product_fees.map((fee) => (
              <p key={fee.item_id} className="text-xs text-muted">
                {m.cart_service()}: {fee.title} (+<Price amount={fee.price} decimals={appConfig.money.feePriceDecimals} />)
              </p>
            ))}
            <div className="mt-2 flex items-center justify-between gap-2">
              <div className="flex items-center rounded-full border border-line" role="group" aria-label={m.cart_qty_label()}>
                <button
                  type="button"
                  disabled={busy || item.qty <= 1}
                  onClick={() => update.mutate({ itemId: item.item_id, qty: item.qty - 1 })}
                  aria-label={m.cart_qty_decrease()}
                  className="p-1.5 disabled:opacity-40"
                >
                  <Icon name="minus" className="size-4" />
                </button>
                <output className="min-w-8 text-center text-sm font-semibold" aria-live="polite">
                  {item.qty}
                </output>
                <button
                  type="button"
                  disabled={busy || item.qty >= appConfig.cart.maxQtyPerLine}
                  onClick={() => update.mutate({ itemId: item.item_id, qty: item.qty + 1 })}
                  aria-label={m.cart_qty_increase()}
                  className="p-1.5 disabled:opacity-40"
                >
                  <Icon name="plus" className="size-4" />
                </button>
              </div>
              <Price amount={item.row_total} className="font-bold" />
              <button
                type="button"
                disabled={busy}
                onClick={() => remove.mutate({ itemId: item.item_id })}
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
