/**
 * One coupon (docs/product.md, "The merchant console"): its terms and state, pause or resume it, end it now, edit it
 * (from the version read here: a colleague's save in between is not overwritten), and the orders that used it with
 * their revenue. Who placed each order is shown only to a role that may read orders.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { CouponStateBadge, CouponValue, CouponWindow } from '../components/ops/CouponBits'
import { CouponEditor } from '../components/ops/CouponEditor'
import { opsErrorText, statusText } from '../components/ops/ops-text'
import { Price } from '../components/Price'
import { couponForm } from '../domain/coupons'
import { formatRiyadhTime } from '../domain/dates'
import { currentLocale } from '../lib/i18n'
import { m } from '../paraglide/messages.js'
import { couponQueries, useCouponChange } from '../queries/ops-coupons'

export const Route = createFileRoute('/ops/coupons/$code')({ component: CouponPage })

function CouponPage() {
  const { code } = Route.useParams()
  const locale = currentLocale()
  const detail = useQuery(couponQueries.one(code))
  const change = useCouponChange()
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null)
  const data = detail.data
  const act = (what: 'pause' | 'resume' | 'expire') =>
    change.mutate(
      { code, change: what },
      {
        onSuccess: (answer) => setSaid({ text: answer.already ? m.ops_coupon_already() : m.ops_saved(), problem: false }),
        onError: (error) => setSaid({ text: opsErrorText(error), problem: true }),
      },
    )
  return (
    <div className="space-y-4">
      <Link to="/ops/coupons" className="text-sm font-semibold text-brand">
        {m.ops_coupons_back()}
      </Link>
      {detail.isError && (
        <p role="alert" className="text-sale">
          {opsErrorText(detail.error)}
        </p>
      )}
      {data && (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold">
              <bdi dir="ltr" className="font-mono">
                {data.coupon.code}
              </bdi>
            </h1>
            <CouponStateBadge state={data.coupon.state} />
          </div>
          <section aria-label={m.ops_coupon_state()} className="space-y-3 rounded-2xl bg-white p-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted">{m.ops_coupon_value()}</dt>
              <dd className="font-semibold">
                <CouponValue coupon={data.coupon} />
                {data.coupon.min_subtotal > 0 && (
                  <span className="font-normal text-muted"> · {m.ops_coupon_min({ amount: data.coupon.min_subtotal })}</span>
                )}
              </dd>
              <dt className="text-muted">{m.ops_coupon_window()}</dt>
              <dd>
                <CouponWindow coupon={data.coupon} />
              </dd>
              <dt className="text-muted">{m.ops_coupon_uses()}</dt>
              <dd className="tabular-nums">
                {data.coupon.uses} / {data.coupon.max_uses ?? m.ops_coupon_unlimited()}
                {data.coupon.max_uses_per_customer !== null && (
                  <span className="text-muted"> · {m.ops_coupon_per_customer({ count: data.coupon.max_uses_per_customer })}</span>
                )}
              </dd>
              <dt className="text-muted">{m.ops_coupon_revenue()}</dt>
              <dd>
                <Price amount={data.revenue / 100} decimals={2} />{' '}
                <span className="text-muted">· {m.ops_coupon_orders_used({ count: data.orders })}</span>
              </dd>
            </dl>
            <div className="flex flex-wrap gap-2">
              {data.coupon.paused ? (
                <ActionButton label={m.ops_coupon_resume()} onClick={() => act('resume')} disabled={change.isPending} />
              ) : (
                <ActionButton label={m.ops_coupon_pause()} onClick={() => act('pause')} disabled={change.isPending} />
              )}
              {data.coupon.state !== 'expired' && (
                <ActionButton label={m.ops_coupon_expire()} onClick={() => act('expire')} disabled={change.isPending} danger />
              )}
            </div>
            {said && (
              <p role={said.problem ? 'alert' : 'status'} className={said.problem ? 'text-sale' : 'text-brand'}>
                {said.text}
              </p>
            )}
          </section>
          <h2 className="text-lg font-bold">{m.ops_coupon_edit()}</h2>
          <CouponEditor key={data.coupon.updated_at ?? ''} initial={couponForm(data.coupon)} version={data.coupon.updated_at} />
          <section aria-labelledby="coupon-uses" className="rounded-2xl bg-white p-4">
            <h2 id="coupon-uses" className="mb-2 font-bold">
              {m.ops_coupon_orders_used({ count: data.orders })}
            </h2>
            {data.uses.length === 0 ? (
              <p className="text-sm text-muted">{m.ops_coupon_no_uses()}</p>
            ) : (
              <ul className="divide-y divide-line text-sm">
                {data.uses.map((use) => (
                  <li key={use.order} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                    <Link to="/ops/orders/$number" params={{ number: use.order }} className="font-mono font-semibold text-brand">
                      <bdi dir="ltr">{use.order}</bdi>
                    </Link>
                    {use.customer_name && <bdi className="min-w-0 flex-1 truncate">{use.customer_name}</bdi>}
                    <span className="text-muted">{formatRiyadhTime(use.placed_at, locale)}</span>
                    <span className="text-muted">{statusText(use.status)}</span>
                    <span className="ms-auto">
                      <Price amount={use.grand_total / 100} decimals={2} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  )
}

function ActionButton({ label, onClick, disabled, danger = false }: { label: string; onClick: () => void; disabled: boolean; danger?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={`h-11 rounded-full border px-5 font-semibold ${danger ? 'border-sale text-sale' : 'border-brand text-brand'}`}
    >
      {label}
    </button>
  )
}
