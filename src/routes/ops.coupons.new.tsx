/** A new coupon (docs/product.md, "The merchant console"): the form, then the coupon's own page once it is saved. */
import { createFileRoute, Link } from '@tanstack/react-router'
import { CouponEditor } from '../components/ops/CouponEditor'
import { m } from '../paraglide/messages.js'

export const Route = createFileRoute('/ops/coupons/new')({ component: NewCouponPage })

function NewCouponPage() {
  return (
    <div className="space-y-4">
      <Link to="/ops/coupons" className="text-sm font-semibold text-brand">
        {m.ops_coupons_back()}
      </Link>
      <h1 className="text-2xl font-bold">{m.ops_coupons_new()}</h1>
      <CouponEditor />
    </div>
  )
}
