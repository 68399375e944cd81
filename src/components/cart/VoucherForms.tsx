/**
 * Coupons and vouchers on the cart page (docs/product.md, "Cart"): a coupon code, a gift voucher (number and PIN)
 * and a store credit (ERP) voucher checked against the mobile it was sent to; a form goes once its kind is applied
 * (AppliedSavings.tsx shows it with its way off). A refusal shows under its form in the shopper's language. Loaded
 * only when the section opens.
 */
import { useState } from 'react'
import { appConfig } from '../../../app.config'
import type { CartView } from '../../domain/cart'
import { m } from '../../paraglide/messages.js'
import { useApplyCoupon, useApplyErpVoucher, useCheckErpVoucher, useRedeemGiftVoucher } from '../../queries/cart-money'
import { failureMessage } from '../../queries/server-action'
import { Price } from '../Price'
import { FormField } from '../ui/FormField'
import { submittedFields } from '../../lib/form-fields'

const submitClass = 'h-11 shrink-0 rounded-lg bg-brand px-4 font-semibold text-brand-ink disabled:opacity-50'

function CouponForm({ cart }: { cart: CartView }) {
  const apply = useApplyCoupon()
  if (cart.coupon_code) return null
  return (
    <form
      onSubmit={(event) => apply.mutate({ couponCode: submittedFields(event)('couponCode').trim() })}
      className="flex items-start gap-2"
      noValidate
    >
      <FormField
        name="couponCode"
        label={m.cart_coupon_label()}
        className="flex-1"
        dir="ltr"
        autoComplete="off"
        autoCapitalize="characters"
        required
        maxLength={40}
        error={apply.failure}
      />
      <button type="submit" disabled={apply.isPending} className={`${submitClass} mt-6`}>
        {m.cart_apply()}
      </button>
    </form>
  )
}

function GiftVoucherForm({ cart }: { cart: CartView }) {
  const redeem = useRedeemGiftVoucher()
  if (cart.gift_voucher) return null
  // As much of the voucher as the cart costs: the backend takes no more than its balance, the totals no more than is due.
  const amount = Math.max(0.01, cart.totals.grand_total)
  return (
    <form
      onSubmit={(event) => {
        const field = submittedFields(event)
        redeem.mutate({
          voucher: field('voucher').trim(),
          pin: field('pin').trim(),
          amount,
        })
      }}
      className="grid gap-2 sm:grid-cols-[1fr_8rem_auto] sm:items-start"
      noValidate
    >
      <FormField
        name="voucher"
        label={m.cart_gift_number()}
        dir="ltr"
        autoComplete="off"
        autoCapitalize="characters"
        required
        maxLength={40}
        error={redeem.failure}
      />
      <FormField name="pin" label={m.cart_gift_pin()} dir="ltr" type="password" inputMode="numeric" autoComplete="off" required maxLength={8} />
      <button type="submit" disabled={redeem.isPending} className={`${submitClass} sm:mt-6`}>
        {m.cart_gift_redeem()}
      </button>
    </form>
  )
}

function ErpVoucherForm({ cart }: { cart: CartView }) {
  const check = useCheckErpVoucher()
  const apply = useApplyErpVoucher()
  const [checked, setChecked] = useState<{ phoneno: string; voucher: string; amount: number } | null>(null)
  if (cart.erp_voucher) return null
  // A voucher the backend does not know for that mobile answers valid: false with no error of its own.
  const refused = check.data && !check.data.data?.valid ? failureMessage(check.data, m.cart_erp_invalid) : undefined
  return (
    <div className="space-y-2">
      <form
        onSubmit={async (event) => {
          const field = submittedFields(event)
          const [phoneno, voucher] = [field('phoneno').trim(), field('voucher').trim()]
          setChecked(null)
          const result = await check.mutateAsync({ phoneno, voucher })
          if (result.data?.valid) setChecked({ phoneno, voucher, amount: result.data.amount })
        }}
        className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        noValidate
      >
        <FormField
          name="phoneno"
          label={m.cart_erp_phone()}
          dir="ltr"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={20}
          error={refused}
        />
        <FormField name="voucher" label={m.cart_erp_voucher()} dir="ltr" autoComplete="off" autoCapitalize="characters" required maxLength={40} />
        <button type="submit" disabled={check.isPending} className={`${submitClass} sm:mt-6`}>
          {m.cart_erp_check()}
        </button>
      </form>
      {checked && (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-line px-3 py-2 text-sm" role="status">
          <span>
            {m.cart_erp_worth()} <Price amount={checked.amount} decimals={appConfig.money.totalDecimals} className="font-semibold" />
          </span>
          <button
            type="button"
            disabled={apply.isPending}
            onClick={() =>
              apply.mutate({
                phoneno: checked.phoneno,
                voucher: checked.voucher,
              })
            }
            className={submitClass}
          >
            {m.cart_erp_use()}
          </button>
        </div>
      )}
      {apply.failure && (
        <p role="alert" className="text-xs font-medium text-sale">
          {apply.failure}
        </p>
      )}
    </div>
  )
}

export function VoucherForms({ cart }: { cart: CartView }) {
  return (
    <div className="space-y-5">
      <CouponForm cart={cart} />
      <fieldset className="space-y-2">
        <legend className="mb-1 font-semibold">{m.cart_gift_title()}</legend>
        <GiftVoucherForm cart={cart} />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-1 font-semibold">{m.cart_erp_title()}</legend>
        <ErpVoucherForm cart={cart} />
      </fieldset>
    </div>
  )
}
