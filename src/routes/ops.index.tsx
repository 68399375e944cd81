/**
 * The console's orders (docs/product.md, "The merchant console"): the work queues with their counts, and a search by
 * order number, mobile or email, status, payment method and dates. The filters live in the address, so a list can be
 * shared and the back button returns to it.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { appConfig } from '../../app.config'
import { createFileRoute, Link, Navigate, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { methodText, opsErrorText, queueText, statusText, stepText } from '../components/ops/ops-text'
import { Pager } from '../components/ops/Pager'
import { Price } from '../components/Price'
import { formatRiyadhTime } from '../domain/dates'
import { orderQueues, paymentCodes, type PaymentCode } from '../domain/order'
import { pageStart } from '../domain/paging'
import { currentLocale } from '../lib/i18n'
import { submittedFields } from '../lib/form-fields'
import { m } from '../paraglide/messages.js'
import { consoleSections } from '../components/ops/ConsoleFrame'
import { opsQueries, type OrderFilter } from '../queries/ops'
import { consoleSearch } from '../lib/console-search'

const statusValues: readonly string[] = ['pending_payment', 'processing', 'complete', 'canceled']
const isDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as T) : undefined

/** The address's filters, read with the page (src/lib/console-search.ts says why). */
function readSearch(search: Record<string, unknown>): OrderFilter {
  return {
    queue: oneOf(orderQueues, search.queue),
    q: typeof search.q === 'string' && search.q.length <= 254 ? search.q : undefined,
    status: oneOf(statusValues, search.status),
    method: oneOf(paymentCodes, search.method),
    from: isDate(search.from) ? search.from : undefined,
    to: isDate(search.to) ? search.to : undefined,
    before: pageStart(search.before),
  }
}

export const Route = createFileRoute('/ops/')({
  // An address with a filter the console does not know is read without it, never an error page.
  validateSearch: consoleSearch<OrderFilter>,
  component: ConsoleHome,
})

const statuses = ['pending_payment', 'processing', 'complete', 'canceled'] as const

/** The console's first page is the orders'; a member who may not read them (the catalogue role) starts at their own first section. */
function ConsoleHome() {
  const me = useQuery(opsQueries.me()).data
  if (me && !me.permissions.includes('orders.read')) {
    const first = consoleSections.find((section) => me.permissions.includes(section.permission))
    return first ? <Navigate to={first.to} replace /> : null
  }
  return <OrdersPage />
}

function OrdersPage() {
  const filter = readSearch(Route.useSearch())
  const navigate = useNavigate({ from: '/ops/' })
  const locale = currentLocale()
  const orders = useQuery({ ...opsQueries.orders(filter), placeholderData: keepPreviousData })
  const search = (event: FormEvent<HTMLFormElement>) => {
    const field = submittedFields(event)
    const value = (name: string) => field(name).trim() || undefined
    void navigate({
      search: { q: value('q'), status: value('status') as OrderFilter['status'], method: value('method'), from: value('from'), to: value('to') },
    })
  }
  const counts = orders.data?.queues
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.ops_orders()}</h1>
      <nav aria-label={m.ops_queues()} className="flex gap-2 overflow-x-auto pb-1">
        {orderQueues.map((queue) => (
          <Link
            key={queue}
            to="/ops"
            search={{ queue }}
            aria-current={filter.queue === queue ? 'page' : undefined}
            className="shrink-0 rounded-full border border-line bg-white px-3 py-1.5 text-sm font-semibold aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-brand-ink"
          >
            {queueText[queue]()} <span className="ms-1 tabular-nums">{counts?.[queue] ?? ''}</span>
          </Link>
        ))}
      </nav>
      <form
        role="search"
        aria-label={m.ops_search()}
        onSubmit={search}
        className="grid grid-cols-2 gap-3 rounded-2xl bg-white p-4 md:grid-cols-6"
        key={JSON.stringify(filter)}
      >
        <label className="col-span-2">
          <span className="mb-1 block text-sm font-medium">{m.ops_search_label()}</span>
          <input name="q" type="search" defaultValue={filter.q} dir="auto" className="h-11 w-full rounded-lg border border-line px-3" />
        </label>
        <label>
          <span className="mb-1 block text-sm font-medium">{m.ops_status()}</span>
          <select name="status" defaultValue={filter.status ?? ''} className="h-11 w-full rounded-lg border border-line bg-white px-2">
            <option value="">{m.ops_any()}</option>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {statusText(status)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="mb-1 block text-sm font-medium">{m.ops_payment()}</span>
          <select name="method" defaultValue={filter.method ?? ''} className="h-11 w-full rounded-lg border border-line bg-white px-2">
            <option value="">{m.ops_any()}</option>
            {paymentCodes.map((code) => (
              <option key={code} value={code}>
                {methodText[code]()}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="mb-1 block text-sm font-medium">{m.ops_from()}</span>
          <input name="from" type="date" defaultValue={filter.from} className="h-11 w-full rounded-lg border border-line px-2" />
        </label>
        <label>
          <span className="mb-1 block text-sm font-medium">{m.ops_to()}</span>
          <input name="to" type="date" defaultValue={filter.to} className="h-11 w-full rounded-lg border border-line px-2" />
        </label>
        <div className="col-span-2 flex gap-2 md:col-span-6">
          <button type="submit" className="h-11 rounded-full bg-brand px-6 font-semibold text-brand-ink">
            {m.ops_search()}
          </button>
          <Link to="/ops" className="flex h-11 items-center rounded-full px-4 font-semibold text-brand">
            {m.ops_clear()}
          </Link>
        </div>
      </form>
      {orders.isError ? (
        <p role="alert" className="text-sale">
          {opsErrorText(orders.error)}
        </p>
      ) : orders.data && orders.data.orders.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-muted">{m.ops_no_orders()}</p>
      ) : (
        <ul aria-label={m.ops_orders()} aria-busy={orders.isFetching} className="space-y-2">
          {orders.data?.orders.map((order) => (
            <li key={order.order}>
              <Link
                to="/ops/orders/$number"
                params={{ number: order.order }}
                className="grid gap-1 rounded-2xl bg-white p-4 hover:outline-2 hover:outline-brand md:grid-cols-[10rem_1fr_10rem_8rem_9rem] md:items-center"
              >
                <span className="font-bold" dir="ltr">
                  {order.order}
                </span>
                <span>
                  {order.phone === null ? (
                    <span className="text-muted">{m.ops_contacts_removed_short()}</span>
                  ) : (
                    <>
                      {order.customer} · <bdi dir="ltr">{order.phone}</bdi>
                    </>
                  )}
                  <span className="block text-xs text-muted">{formatRiyadhTime(order.placed_at, locale)}</span>
                </span>
                <span className="text-sm">{methodText[order.payment_method as PaymentCode]?.() ?? order.payment_method}</span>
                <Price amount={order.grand_total} decimals={appConfig.money.totalDecimals} />
                <span className="text-sm font-semibold">
                  {order.next ? m.ops_next_step({ step: stepText[order.next]() }) : statusText(order.status)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager to="/ops" search={filter} older={orders.data?.older} />
    </div>
  )
}
