/**
 * The console's coupons (docs/product.md, "The merchant console"): every coupon staff made or the store was seeded
 * with, its discount, window in Riyadh time, uses against its limit and its state; a new one from here. Coupons minted
 * for one shopper (abandoned-cart reminders) are not listed.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { CouponStateBadge, CouponValue, CouponWindow } from '../components/ops/CouponBits'
import { opsErrorText } from '../components/ops/ops-text'
import { m } from '../paraglide/messages.js'
import { couponQueries, type OpsCoupon } from '../queries/ops-coupons'

export const Route = createFileRoute('/ops/coupons/')({ component: CouponsPage })

function CouponsPage() {
  const coupons = useQuery(couponQueries.list())
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="me-auto text-2xl font-bold">{m.ops_coupons()}</h1>
        <Link to="/ops/coupons/new" className="rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-ink">
          {m.ops_coupons_new()}
        </Link>
      </div>
      {coupons.isError && (
        <p role="alert" className="text-sale">
          {opsErrorText(coupons.error)}
        </p>
      )}
      {coupons.data?.coupons.length === 0 && <p className="text-muted">{m.ops_coupons_none()}</p>}
      <ul aria-label={m.ops_coupons()} className="grid gap-2 md:grid-cols-2">
        {coupons.data?.coupons.map((coupon) => (
          <li key={coupon.code}>
            <CouponCard coupon={coupon} />
          </li>
        ))}
      </ul>
    </div>
  )
}

function CouponCard({ coupon }: { coupon: OpsCoupon }) {
  return (
    <Link
      to="/ops/coupons/$code"
      params={{ code: coupon.code }}
      className="block space-y-1 rounded-2xl bg-white p-4 hover:outline hover:outline-2 hover:outline-brand/40"
    >
      <span className="flex flex-wrap items-center gap-2">
        <bdi dir="ltr" className="me-auto font-mono text-lg font-bold">
          {coupon.code}
        </bdi>
        <CouponStateBadge state={coupon.state} />
      </span>
      <span className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold">
          <CouponValue coupon={coupon} />
        </span>
        {coupon.min_subtotal > 0 && <span className="text-muted">{m.ops_coupon_min({ amount: coupon.min_subtotal })}</span>}
        {(coupon.product_skus || coupon.category_keys) && <span className="text-muted">{m.ops_coupon_restricted()}</span>}
      </span>
      <span className="block text-sm text-muted">
        <CouponWindow coupon={coupon} />
      </span>
      <span className="block text-sm">
        {m.ops_coupon_uses()}:{' '}
        <span className="tabular-nums">
          {coupon.uses} / {coupon.max_uses ?? m.ops_coupon_unlimited()}
        </span>
        {coupon.max_uses_per_customer !== null && (
          <span className="text-muted"> · {m.ops_coupon_per_customer({ count: coupon.max_uses_per_customer })}</span>
        )}
      </span>
    </Link>
  )
}
