/**
 * The cart's money, every part on its own line so the total adds up on screen (docs/product.md, "Cart"): products,
 * their discounts, services, the coupon with its code, the replacement discount, delivery (free above 299 SAR, with
 * the nudge), the gift voucher with what is left on it, the store credit voucher, the total and the VAT in it.
 */
import type { ReactNode } from 'react'
import { appConfig } from '../../../app.config'
import type { CartTotals, CartView } from '../../domain/cart'
import { bnplRefusal, noBnplOffers, providerPlan, type BnplProvider } from '../../domain/installments'
import { isolated } from '../../lib/bidi'
import { m } from '../../paraglide/messages.js'
import { Price } from '../Price'
import { useFrameData } from '../frame/frame-data'

function Row({ label, children, className = '' }: { label: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={`flex justify-between gap-3 ${className}`}>
      <dt>{label}</dt>
      <dd className="shrink-0">{children}</dd>
    </div>
  )
}

export function CartSummary({ cart, showInstallments = false }: { cart: CartView; showInstallments?: boolean }) {
  const totals = cart.totals
  const left = totals.free_delivery_threshold - (totals.subtotal - totals.coupon_discount - totals.replacement_discount)
  // A pickup is free and delivered nowhere: no free-delivery progress, and its line says pickup.
  const pickup = cart.shipping_method === 'pickup'
  return (
    <div className="space-y-2 text-sm">
      {!pickup && (
        <p className={`rounded-lg px-3 py-2 text-xs font-medium ${left >= 0 ? 'bg-brand-soft text-brand' : 'bg-[#e6f4ec] text-[#00683a]'}`}>
          {left >= 0 ? <FreeDeliveryLeft amount={Math.max(1, Math.ceil(left + 0.01))} /> : m.cart_free_delivery_reached()}
        </p>
      )}
      <MoneyLines totals={totals} codes={cart} giftVoucherLeft={cart.gift_voucher_left} pickup={pickup} />
      {showInstallments && <Installments cart={cart} />}
    </div>
  )
}

/** The money of a cart or an order, one part per line (an order's confirmation shows the same lines). */
export function MoneyLines({
  totals,
  codes,
  giftVoucherLeft = null,
  pickup = false,
}: {
  totals: CartTotals
  codes: { coupon_code: string | null; gift_voucher: string | null; erp_voucher: string | null }
  giftVoucherLeft?: number | null
  /** A pickup's line says collection, not delivery (issue 42, item 4). */
  pickup?: boolean
}) {
  return (
    <dl className="space-y-1.5" aria-label={m.cart_summary_label()}>
      <Row label={m.cart_products()}>
        <Price amount={totals.products_original} decimals={appConfig.money.totalDecimals} />
      </Row>
      {totals.product_discount > 0 && (
        <Row label={m.cart_product_discount()} className="text-sale">
          <Price amount={totals.product_discount} decimals={appConfig.money.totalDecimals} negative />
        </Row>
      )}
      {totals.services > 0 && (
        <Row label={m.cart_services()}>
          <Price amount={totals.services} decimals={appConfig.money.totalDecimals} />
        </Row>
      )}
      {codes.coupon_code && totals.coupon_discount > 0 && (
        <Row label={m.cart_coupon_line({ code: isolated(codes.coupon_code) })} className="text-sale">
          <Price amount={totals.coupon_discount} decimals={appConfig.money.totalDecimals} negative />
        </Row>
      )}
      {totals.replacement_discount > 0 && (
        <Row label={m.cart_replacement_line()} className="text-sale">
          <Price amount={totals.replacement_discount} decimals={appConfig.money.totalDecimals} negative />
        </Row>
      )}
      <Row label={pickup ? m.cart_pickup() : m.cart_delivery()}>
        {totals.delivery === 0 ? m.cart_delivery_free() : <Price amount={totals.delivery} decimals={appConfig.money.totalDecimals} />}
      </Row>
      {codes.gift_voucher && totals.gift_voucher > 0 && (
        <Row label={m.cart_gift_line({ voucher: isolated(codes.gift_voucher) })} className="text-sale">
          <Price amount={totals.gift_voucher} decimals={appConfig.money.totalDecimals} negative />
        </Row>
      )}
      {codes.erp_voucher && totals.erp_voucher > 0 && (
        <Row label={m.cart_erp_line({ voucher: isolated(codes.erp_voucher) })} className="text-sale">
          <Price amount={totals.erp_voucher} decimals={appConfig.money.totalDecimals} negative />
        </Row>
      )}
      <Row label={m.cart_grand_total()} className="border-t border-line pt-2 text-base font-bold">
        <Price amount={totals.grand_total} decimals={appConfig.money.totalDecimals} />
      </Row>
      <Row label={m.cart_vat()} className="text-xs text-muted">
        <Price amount={totals.vat} decimals={appConfig.money.totalDecimals} />
      </Row>
      {giftVoucherLeft !== null && (
        <Row label={m.cart_gift_left()} className="text-xs text-muted">
          <Price amount={giftVoucherLeft} decimals={appConfig.money.totalDecimals} />
        </Row>
      )}
    </dl>
  )
}

/**
 * Each pay-later provider that takes this cart at its total, with its own plan (Tabby in 4, Tamara in 3): the rule
 * checkout's payment methods apply (src/domain/installments.ts), so nothing here is refused there (issue 42, item 2).
 */
function Installments({ cart }: { cart: CartView }) {
  const offers = useFrameData()?.instalments ?? noBnplOffers
  const lines = cart.cartItems
    .filter((item) => item.parent_item_id === null)
    .map((item) => ({
      preorder: item.extension_attributes.is_preorder,
      tabby: item.extension_attributes.eligible_for_tabby,
      tamara: item.extension_attributes.eligible_for_tamara,
    }))
  const total = cart.totals.grand_total
  const providers = (Object.keys(providerNames) as BnplProvider[]).filter(
    (provider) =>
      bnplRefusal(
        offers[provider],
        lines.map((line) => ({ eligible: line[provider], preorder: line.preorder })),
        total,
      ) === null,
  )
  if (providers.length === 0) return null
  return (
    <div className="rounded-lg border border-line p-3 text-xs">
      <p className="font-semibold">{m.cart_installments_title()}</p>
      <ul className="mt-1 space-y-0.5">
        {providers.map((provider) => {
          const plan = providerPlan(provider, total)
          return (
            <li key={provider}>
              {m.cart_installments_provider_plan({ provider: providerNames[provider](), count: plan.count })}{' '}
              <Price amount={plan.later} decimals={appConfig.money.totalDecimals} className="font-semibold" />
            </li>
          )
        })}
      </ul>
    </div>
  )
}

const providerNames: Record<BnplProvider, () => string> = { tabby: m.bnpl_tabby, tamara: m.bnpl_tamara }

/** "Add {amount} more for free delivery", with the amount drawn as a price (sign and all) inside the sentence. */
function FreeDeliveryLeft({ amount }: { amount: number }) {
  const [before, after] = m.cart_free_delivery_left({ amount: '\u0000' }).split('\u0000')
  return (
    <>
      {before}
      <Price amount={amount} decimals={appConfig.money.totalDecimals} />
      {after}
    </>
  )
}
