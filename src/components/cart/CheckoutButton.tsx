/**
 * The way into checkout from the cart (docs/product.md, "Cart", availableToCheckoutV2): the cart is checked first, and
 * lines that cannot be delivered to the chosen city or are out of stock there are named, each with a one-tap removal.
 * Checkout opens only once the whole cart can be delivered.
 */
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import type { CartView } from '../../domain/cart'
import { cityName } from '../../lib/city-search'
import { m } from '../../paraglide/messages.js'
import { useAvailabilityCheck } from '../../queries/cart-money'
import { useRemoveCartItem } from '../../queries/cart-lines'
import { failureMessage } from '../../queries/server-action'
import { regionIdAtom } from '../../state/shopper'
import { useFrameData } from '../frame/frame-data'

export function CheckoutButton({ cart, onGo, className = '' }: { cart: CartView; onGo?: () => void; className?: string }) {
  const check = useAvailabilityCheck()
  const remove = useRemoveCartItem()
  const navigate = useNavigate()
  const city = cityName(useFrameData()?.regions, useAtomValue(regionIdAtom)) ?? ''
  const answer = check.data
  // Only what is still in the cart: a line removed since the check is no longer named.
  const blocked = (answer?.data?.items ?? [])
    .filter((item) => !item.available)
    .flatMap((item) => {
      const line = cart.cartItems.find((l) => l.sku === item.sku && l.parent_item_id === null)
      return line ? [{ line, left: item.qty_available ?? 0 }] : []
    })
  const go = async () => {
    const result = await check.mutateAsync()
    if (result.data?.available) {
      onGo?.()
      await navigate({ to: '/checkout' })
    }
  }
  return (
    <div className={className}>
      <button
        type="button"
        onClick={() => void go()}
        disabled={check.isPending}
        className="block w-full rounded-full bg-brand px-4 py-3 text-center font-semibold text-brand-ink disabled:opacity-70"
      >
        {check.isPending ? m.cart_checking() : m.cart_checkout()}
      </button>
      {answer && !answer.data && (
        <p role="alert" className="mt-2 text-sm font-medium text-sale">
          {failureMessage(answer, m.error_internal)}
        </p>
      )}
      {blocked.length > 0 && (
        <div role="alert" className="mt-3 rounded-lg border border-sale p-3 text-sm">
          <p className="font-semibold">{m.cart_unavailable_title({ city })}</p>
          <p className="text-muted">{m.cart_unavailable_text()}</p>
          <ul className="mt-2 space-y-2">
            {blocked.map(({ line, left }) => (
              <li key={line.item_id} className="flex items-center justify-between gap-2">
                <span className="min-w-0">
                  <span className="line-clamp-1 font-medium">{line.name}</span>
                  <span className="text-xs text-sale">{left > 0 ? m.cart_unavailable_only({ count: left }) : m.cart_unavailable_out()}</span>
                </span>
                <button
                  type="button"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ itemId: line.item_id })}
                  aria-label={m.cart_remove({ name: line.name })}
                  className="shrink-0 rounded-full border border-line px-3 py-1 text-xs font-semibold hover:border-sale hover:text-sale"
                >
                  {m.cart_remove_short()}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
