/**
 * The cart page's coupons and vouchers section: what the cart holds, each with its way off, and the forms, whose code
 * loads only when the shopper opens them (docs/architecture.md, "Bars": first-load JS).
 */
import { Suspense, useId, useState } from 'react'
import { lazyPart } from '../../lib/lazy-part'
import type { CartView } from '../../domain/cart'
import { m } from '../../paraglide/messages.js'
import { Icon } from '../ui/Icon'
import { AppliedSavings } from './AppliedSavings'

const VoucherForms = lazyPart(() => import('./VoucherForms').then((module) => module.VoucherForms))

/** The panel links here (/cart#vouchers) to open the section. */
export const savingsAnchor = 'vouchers'

export function CartSavings({ cart }: { cart: CartView }) {
  // Open when the panel's link asked for it; what is applied shows either way (AppliedSavings).
  const [shown, setShown] = useState(() => typeof location !== 'undefined' && location.hash === `#${savingsAnchor}`)
  const panelId = useId()
  return (
    <section id={savingsAnchor} className="rounded-2xl bg-white p-5" aria-labelledby={`${panelId}-title`}>
      <h2 id={`${panelId}-title`} className="text-lg font-bold">
        <button
          type="button"
          aria-expanded={shown}
          aria-controls={panelId}
          onClick={() => setShown(!shown)}
          className="flex w-full items-center justify-between gap-2 text-start"
        >
          {m.cart_savings_title()}
          <Icon name="chevron-down" className={`size-5 transition-transform ${shown ? 'rotate-180' : ''}`} />
        </button>
      </h2>
      <AppliedSavings cart={cart} />
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
