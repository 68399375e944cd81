/** The cart's totals: subtotal, discounts, delivery (free above 299 SAR), the VAT included and the total. */
import { m } from '../../paraglide/messages.js'
import { Price } from '../Price'
import type { CartTotals } from '../../domain/cart'

export function CartSummary({ totals }: { totals: CartTotals }) {
  const left = totals.free_delivery_threshold - (totals.subtotal - totals.coupon_discount - totals.replacement_discount)
  return (
    <div className="space-y-2 text-sm">
      <p className={`rounded-lg px-3 py-2 text-xs font-medium ${left >= 0 ? 'bg-brand-soft text-brand' : 'bg-[#e6f4ec] text-[#00683a]'}`}>
        {left >= 0 ? <FreeDeliveryLeft amount={Math.max(1, Math.ceil(left + 0.01))} /> : m.cart_free_delivery_reached()}
      </p>
      <dl className="space-y-1.5">
        <div className="flex justify-between">
          <dt>{m.cart_subtotal()}</dt>
          <dd>
            <Price amount={totals.original_subtotal} decimals={2} />
          </dd>
        </div>
        {totals.discount > 0 && (
          <div className="flex justify-between text-sale">
            <dt>{m.cart_discount()}</dt>
            <dd>
              <Price amount={totals.discount} decimals={2} negative />
            </dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt>{m.cart_delivery()}</dt>
          <dd>{totals.delivery === 0 ? m.cart_delivery_free() : <Price amount={totals.delivery} decimals={2} />}</dd>
        </div>
        <div className="flex justify-between border-t border-line pt-2 text-base font-bold">
          <dt>{m.cart_grand_total()}</dt>
          <dd>
            <Price amount={totals.grand_total} decimals={2} />
          </dd>
        </div>
        <div className="flex justify-between text-xs text-muted">
          <dt>{m.cart_vat()}</dt>
          <dd>
            <Price amount={totals.vat} decimals={2} />
          </dd>
        </div>
      </dl>
    </div>
  )
}

/** "Add {amount} more for free delivery", with the amount drawn as a price (sign and all) inside the sentence. */
function FreeDeliveryLeft({ amount }: { amount: number }) {
  const [before, after] = m.cart_free_delivery_left({ amount: '\u0000' }).split('\u0000')
  return (
    <>
      {before}
      <Price amount={amount} />
      {after}
    </>
  )
}
