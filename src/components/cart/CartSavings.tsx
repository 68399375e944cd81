/**
 * The cart page's coupons and vouchers section. Its forms' code loads only when the shopper opens it, or at once
 * when the cart already holds one, so it can be seen and taken off (docs/architecture.md, "Bars": first-load JS).
 */
import { lazy, Suspense, useId, useState } from 'react'
import type { CartView } from '../../domain/cart'
import { m } from '../../paraglide/messages.js'
import { Icon } from '../ui/Icon'

const VoucherForms = lazy(() => import('./VoucherForms').then((module) => ({ default: module.VoucherForms })))

/** The panel links here (/cart#vouchers) to open the section. */
export const savingsAnchor = 'vouchers'

export function CartSavings({ cart }: { cart: CartView }) {
  const hasSome = Boolean(cart.coupon_code || cart.gift_voucher || cart.erp_voucher)
  // Open when the panel's link asked for it or something is applied, until the shopper says otherwise.
  const [open, setOpen] = useState<boolean | null>(() => (typeof location !== 'undefined' && location.hash === `#${savingsAnchor}` ? true : null))
  const panelId = useId()
  const shown = open ?? hasSome
  return (
    <section id={savingsAnchor} className="rounded-2xl bg-white p-5" aria-labelledby={`${panelId}-title`}>
      <h2 id={`${panelId}-title`} className="text-lg font-bold">
        <button
          type="button"
          aria-expanded={shown}
          aria-controls={panelId}
          onClick={() => setOpen(!shown)}
          className="flex w-full items-center justify-between gap-2 text-start"
        >
          {m.cart_savings_title()}
          <Icon name="chevron-down" className={`size-5 transition-transform ${shown ? 'rotate-180' : ''}`} />
        </button>
      </h2>
      <div id={panelId} hidden={!shown} className="mt-4">
        {shown && (
          <Suspense fallback={<p className="text-sm text-muted">{m.cart_loading()}</p>}>
            <VoucherForms cart={cart} />
          </Suspense>
        )}
      </div>
    </section>
  )
}
