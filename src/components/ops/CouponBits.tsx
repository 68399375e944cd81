/** A coupon's discount, window and state as the console's coupon screens show them. */
import { formatRiyadhTime } from '../../domain/dates'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import type { OpsCoupon } from '../../queries/ops-coupons'
import { Price } from '../Price'
import { couponStateText } from './coupon-text'

/** The discount as staff read it: "15%" or the amount in SAR. */
export function CouponValue({ coupon }: { coupon: Pick<OpsCoupon, 'kind' | 'amount'> }) {
  return coupon.kind === 'percent' ? <bdi dir="ltr">{coupon.amount}%</bdi> : <Price amount={coupon.amount} decimals={2} />
}

export function CouponWindow({ coupon }: { coupon: Pick<OpsCoupon, 'active_from' | 'active_to'> }) {
  const locale = currentLocale()
  return (
    <span>
      {coupon.active_from ? formatRiyadhTime(coupon.active_from, locale) : m.ops_coupon_open_start()} –{' '}
      {coupon.active_to ? formatRiyadhTime(coupon.active_to, locale) : m.ops_coupon_open_end()}
    </span>
  )
}

const stateClass = {
  active: 'bg-brand/10 text-brand',
  paused: 'bg-amber-100 text-amber-900',
  scheduled: 'bg-sky-100 text-sky-900',
  expired: 'bg-line text-muted',
} as const

export function CouponStateBadge({ state }: { state: OpsCoupon['state'] }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateClass[state]}`}>{couponStateText[state]()}</span>
}
