/**
 * The coupon and vouchers a cart holds, each with its way off (docs/product.md, "Cart"). Shown whether or not the
 * forms are open, so what was applied can always be seen and undone without loading the forms' code.
 */
import type { ReactNode } from 'react'
import { appConfig } from '../../../app.config'
import type { CartView } from '../../domain/cart'
import { isolated } from '../../lib/bidi'
import { m } from '../../paraglide/messages.js'
import { useRemoveCoupon, useRemoveErpVoucher, useReverseGiftVoucher } from '../../queries/cart-money'
import { Price } from '../Price'

function Applied({ children, removeLabel, onRemove, busy }: { children: ReactNode; removeLabel: string; onRemove: () => void; busy: boolean }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg bg-brand-soft px-3 py-2 text-sm">
      <span>{children}</span>
      <button type="button" onClick={onRemove} disabled={busy} className="shrink-0 font-semibold text-sale underline disabled:opacity-50">
        {removeLabel}
      </button>
    </li>
  )
}

export function AppliedSavings({ cart }: { cart: CartView }) {
  const removeCoupon = useRemoveCoupon()
  const reverseGift = useReverseGiftVoucher()
  const removeErp = useRemoveErpVoucher()
  if (!cart.coupon_code && !cart.gift_voucher && !cart.erp_voucher) return null
  return (
    <ul className="mt-4 space-y-2">
      {cart.coupon_code && (
        <Applied removeLabel={m.cart_coupon_remove({ code: cart.coupon_code })} onRemove={() => removeCoupon.mutate()} busy={removeCoupon.isPending}>
          {m.cart_coupon_line({ code: isolated(cart.coupon_code) })}
        </Applied>
      )}
      {cart.gift_voucher && (
        <Applied removeLabel={m.cart_gift_remove()} onRemove={() => reverseGift.mutate()} busy={reverseGift.isPending}>
          {m.cart_gift_line({ voucher: isolated(cart.gift_voucher) })}:{' '}
          <Price amount={cart.totals.gift_voucher} decimals={appConfig.money.totalDecimals} negative />
        </Applied>
      )}
      {cart.erp_voucher && (
        <Applied removeLabel={m.cart_erp_remove()} onRemove={() => removeErp.mutate()} busy={removeErp.isPending}>
          {m.cart_erp_line({ voucher: isolated(cart.erp_voucher) })}:{' '}
          <Price amount={cart.totals.erp_voucher} decimals={appConfig.money.totalDecimals} negative />
        </Applied>
      )}
    </ul>
  )
}
