/**
 * The owner's numbers (docs/product.md, "The merchant console"): today and the last days' sales with and without VAT,
 * the average order, a bar for each day, the split by payment method and by city, and what is waiting for someone.
 * Every figure comes from the worker (worker/api/ops.ts `/ops/numbers`); this screen only draws it.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import type { RegionId } from '../../app.config'
import { methodText, opsErrorText } from '../components/ops/ops-text'
import { Price } from '../components/Price'
import { formatDisplayDate } from '../domain/dates'
import type { Figures } from '../domain/numbers'
import type { PaymentCode } from '../domain/order'
import { cityName } from '../lib/city-search'
import { currentLocale } from '../lib/i18n'
import { m } from '../paraglide/messages.js'
import { catalogueQueries } from '../queries/catalogue'
import { opsQueries, useRetryDeadMessages } from '../queries/ops'
import { consoleSearch } from '../lib/console-search'

const periods = [7, 30, 90] as const
type Period = (typeof periods)[number]

/** The address's filters, read with the page (src/lib/console-search.ts says why). */
function readSearch(search: Record<string, unknown>): { days?: Period } {
  return {
    days: periods.find((days) => String(days) === String(search.days)),
  }
}

export const Route = createFileRoute('/ops/numbers')({
  validateSearch: consoleSearch<{ days?: Period }>,
  component: NumbersPage,
})

const sar = (halalas: number) => halalas / 100

function NumbersPage() {
  const { days = 30 } = readSearch(Route.useSearch())
  const locale = currentLocale()
  const numbers = useQuery({ ...opsQueries.numbers(days), placeholderData: keepPreviousData })
  const regions = useQuery(catalogueQueries.frame(locale)).data?.regions
  const data = numbers.data
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.ops_numbers()}</h1>
      <nav aria-label={m.ops_numbers_period()} className="flex gap-2">
        {periods.map((period) => (
          <Link
            key={period}
            to="/ops/numbers"
            search={{ days: period }}
            aria-current={days === period ? 'page' : undefined}
            className="rounded-full border border-line bg-white px-3 py-1.5 text-sm font-semibold aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-brand-ink"
          >
            {m.ops_numbers_days({ count: period })}
          </Link>
        ))}
      </nav>
      {numbers.isError && (
        <p role="alert" className="text-sale">
          {opsErrorText(numbers.error)}
        </p>
      )}
      {data && (
        <>
          <div className="grid gap-3 md:grid-cols-2">
            <FiguresCard title={m.ops_numbers_today()} figures={data.today} />
            <FiguresCard title={m.ops_numbers_days({ count: days })} figures={data.period} />
          </div>
          <section aria-labelledby="per-day" className="rounded-2xl bg-white p-4">
            <h2 id="per-day" className="mb-3 font-bold">
              {m.ops_numbers_per_day()}
            </h2>
            <DayBars days={data.days} />
          </section>
          <div className="grid gap-3 md:grid-cols-2">
            <Split
              id="by-method"
              title={m.ops_numbers_by_method()}
              rows={data.byMethod.map((row) => ({ key: row.method, label: methodText[row.method as PaymentCode]?.() ?? row.method, ...row }))}
            />
            <Split
              id="by-city"
              title={m.ops_numbers_by_city()}
              rows={data.byCity.map((row) => ({
                key: String(row.region_id),
                label: cityName(regions, row.region_id as RegionId) ?? String(row.region_id),
                ...row,
              }))}
            />
          </div>
          <section aria-labelledby="waiting" className="rounded-2xl bg-white p-4">
            <h2 id="waiting" className="mb-2 font-bold">
              {m.ops_numbers_waiting()}
            </h2>
            <ul className="grid gap-2 text-sm md:grid-cols-3">
              <Waiting count={data.attention.to_confirm} text={m.ops_numbers_to_confirm} to={{ queue: 'to_confirm' }} />
              <Waiting count={data.attention.returns} text={m.ops_numbers_returns} to={{ queue: 'returns' }} />
              <Waiting count={data.attention.refunds_failed} text={m.ops_numbers_refunds_failed} to={{ queue: 'refunds_failed' }} />
              <Waiting count={data.attention.unreported_invoices} text={m.ops_numbers_unreported} />
              <DeadMessages count={data.attention.dead_messages} />
              <Waiting count={data.attention.low_stock} text={m.ops_numbers_low_stock} stock />
            </ul>
          </section>
        </>
      )}
    </div>
  )
}

function FiguresCard({ title, figures }: { title: string; figures: Figures }) {
  return (
    <section className="rounded-2xl bg-white p-4" aria-label={title}>
      <h2 className="mb-2 font-bold">{title}</h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">{m.ops_numbers_orders()}</dt>
        <dd className="text-lg font-bold tabular-nums">{figures.orders}</dd>
        <dt className="text-muted">{m.ops_numbers_revenue()}</dt>
        <dd className="text-lg font-bold">
          <Price amount={sar(figures.revenue)} decimals={2} />
        </dd>
        <dt className="text-muted">{m.ops_numbers_revenue_ex_vat()}</dt>
        <dd>
          <Price amount={sar(figures.revenueExVat)} decimals={2} />
        </dd>
        <dt className="text-muted">{m.ops_numbers_average()}</dt>
        <dd>
          <Price amount={sar(figures.average)} decimals={2} />
        </dd>
      </dl>
    </section>
  )
}

/**
 * A bar per day, as plain SVG: the height is the day's revenue against the period's best day. Days run with the page's
 * reading direction (mirrored in Arabic), as the dates under the chart do.
 */
function DayBars({ days }: { days: { day: string; orders: number; revenue: number }[] }) {
  const locale = currentLocale()
  const best = Math.max(1, ...days.map((day) => day.revenue))
  const width = 100 / days.length
  return (
    <figure>
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="h-40 w-full rtl:-scale-x-100" role="img" aria-label={m.ops_numbers_per_day()}>
        {days.map((day, i) => {
          const height = (day.revenue / best) * 38
          return (
            <rect key={day.day} x={i * width + width * 0.15} y={40 - height} width={width * 0.7} height={height} className="fill-brand">
              <title>
                {formatDisplayDate(day.day, locale)}: {m.ops_numbers_day_bar({ count: day.orders, amount: sar(day.revenue).toFixed(2) })}
              </title>
            </rect>
          )
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-muted">
        <span>{formatDisplayDate(days[0]!.day, locale)}</span>
        <span>{formatDisplayDate(days.at(-1)!.day, locale)}</span>
      </figcaption>
    </figure>
  )
}

function Split({ id, title, rows }: { id: string; title: string; rows: { key: string; label: string; orders: number; revenue: number }[] }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4">
      <h2 id={id} className="mb-2 font-bold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{m.ops_numbers_none()}</p>
      ) : (
        <table className="w-full text-sm">
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-line first:border-0">
                <th scope="row" className="py-1.5 text-start font-normal">
                  {row.label}
                </th>
                <td className="py-1.5 text-end tabular-nums">{m.ops_numbers_order_count({ count: row.orders })}</td>
                <td className="py-1.5 text-end">
                  <Price amount={sar(row.revenue)} decimals={2} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

function Waiting({
  count,
  text,
  to,
  stock,
}: {
  count: number
  text: () => string
  /** The order list's queue, or (`stock`) the stock screen, that lists what is counted. */
  to?: { queue: 'to_confirm' | 'returns' | 'refunds_failed' }
  stock?: boolean
}) {
  const body = (
    <>
      <span className={count > 0 ? 'text-lg font-bold text-sale tabular-nums' : 'text-lg font-bold tabular-nums'}>{count}</span> {text()}
    </>
  )
  return (
    <li className="rounded-xl border border-line p-3">
      {to ? (
        <Link to="/ops" search={to} className="block hover:text-brand">
          {body}
        </Link>
      ) : stock ? (
        <Link to="/ops/stock" className="block hover:text-brand">
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  )
}

/** An order's messages that failed for good: the owner (who may resend) sends them all again in one press. */
function DeadMessages({ count }: { count: number }) {
  const me = useQuery(opsQueries.me()).data
  const retry = useRetryDeadMessages()
  return (
    <li className="rounded-xl border border-line p-3">
      <span className={count > 0 ? 'text-lg font-bold text-sale tabular-nums' : 'text-lg font-bold tabular-nums'}>{count}</span>{' '}
      {m.ops_numbers_dead_messages()}
      {count > 0 && me?.permissions.includes('orders.resend') && (
        <button
          type="button"
          disabled={retry.isPending}
          onClick={() => retry.mutate(undefined)}
          className="ms-2 rounded-full border border-brand px-3 py-1 text-sm font-semibold text-brand"
        >
          {m.ops_numbers_send_again()}
        </button>
      )}
      {retry.data && (
        <p role="status" className="mt-1 text-muted">
          {m.ops_numbers_sent_again({ count: retry.data.sent })}
        </p>
      )}
      {retry.isError && (
        <p role="alert" className="mt-1 text-sale">
          {opsErrorText(retry.error)}
        </p>
      )}
    </li>
  )
}
