/**
 * Abandoned carts in the console (docs/product.md, "The merchant console"; docs/decisions/0032-abandoned-carts.md):
 * known shoppers' carts left past the set time, most recently left first, with who, value, age and reminders sent.
 * Staff with orders.resend send a reminder (the owner optionally with a one-use coupon) or a payment link.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { appConfig } from '../../app.config'
import { opsErrorText } from '../components/ops/ops-text'
import { Price } from '../components/Price'
import { formatRiyadhTime } from '../domain/dates'
import { currentLocale } from '../lib/i18n'
import { submittedFields } from '../lib/form-fields'
import { m } from '../paraglide/messages.js'
import { opsQueries, type OpsError } from '../queries/ops'
import { customerQueries, usePaymentLink, useRemindCart, type AbandonedCartRow } from '../queries/ops-customers'
import { consoleSearch } from '../lib/console-search'

/** The address's filters, read with the page (src/lib/console-search.ts says why). */
function readSearch(search: Record<string, unknown>): { before?: string } {
  return {
    before: typeof search.before === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(search.before) ? search.before : undefined,
  }
}

export const Route = createFileRoute('/ops/carts')({
  validateSearch: consoleSearch<{ before?: string }>,
  component: CartsPage,
})

/** Why a reminder or a link was refused, in the staff member's words. */
function refusal(error: OpsError): string {
  if (error.status === 404) return m.ops_carts_gone()
  const why: Record<string, () => string> = {
    limit: m.ops_carts_refused_limit,
    already: m.ops_carts_refused_already,
    opted_out: m.ops_carts_refused_opted_out,
    no_contact: m.ops_carts_refused_no_contact,
    no_details: m.ops_carts_refused_no_details,
    empty: m.ops_carts_refused_empty,
  }
  const reason = error.issues.find((issue) => why[issue])
  return reason ? why[reason]!() : opsErrorText(error)
}

function CartsPage() {
  const { before } = readSearch(Route.useSearch())
  const carts = useQuery({ ...customerQueries.carts(before), placeholderData: keepPreviousData })
  const me = useQuery(opsQueries.me()).data
  const may = (permission: 'orders.resend' | 'catalogue.manage') => Boolean(me?.permissions.includes(permission))
  const data = carts.data
  const pager = 'flex h-11 items-center rounded-full border border-brand px-5 font-semibold text-brand'
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.ops_carts()}</h1>
      {carts.isError ? (
        <p role="alert" className="text-sale">
          {opsErrorText(carts.error)}
        </p>
      ) : data && data.carts.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-muted">{m.ops_carts_none()}</p>
      ) : (
        <ul aria-label={m.ops_carts()} aria-busy={carts.isFetching} className="space-y-2">
          {data?.carts.map((cart) => (
            <CartRow
              key={cart.quote_id}
              cart={cart}
              max={data.reminders_per_cart}
              mayRemind={may('orders.resend')}
              mayCoupon={may('catalogue.manage')}
            />
          ))}
        </ul>
      )}
      {(before || data?.older) && (
        <nav aria-label={m.ops_pages()} className="flex justify-between gap-3">
          {before ? (
            <Link to="/ops/carts" search={{}} className={pager}>
              {m.ops_page_newest()}
            </Link>
          ) : (
            <span />
          )}
          {data?.older && (
            <Link to="/ops/carts" search={{ before: data.older }} className={pager}>
              {m.ops_page_older()}
            </Link>
          )}
        </nav>
      )}
    </div>
  )
}

function CartRow({ cart, max, mayRemind, mayCoupon }: { cart: AbandonedCartRow; max: number; mayRemind: boolean; mayCoupon: boolean }) {
  const locale = currentLocale()
  const remind = useRemindCart()
  const payLink = usePaymentLink()
  const [said, setSaid] = useState<{ text: string; problem: boolean; link?: string } | null>(null)
  const send = (event: FormEvent<HTMLFormElement>) => {
    const percent = Number(submittedFields(event)('coupon_percent')) || undefined
    remind.mutate(
      { quote: cart.quote_id, seen: cart.reminders, coupon_percent: percent },
      {
        onSuccess: () => setSaid({ text: m.ops_carts_reminded(), problem: false }),
        onError: (error) => setSaid({ text: refusal(error), problem: true }),
      },
    )
  }
  const who = cart.name || m.ops_carts_guest()
  return (
    <li className="space-y-3 rounded-2xl bg-white p-4">
      <div className="grid gap-1 md:grid-cols-[1fr_9rem_7rem_9rem_10rem] md:items-center">
        <span className="flex flex-wrap gap-x-2 font-bold">
          {cart.customer_id !== null ? (
            <Link to="/ops/customers/$id" params={{ id: String(cart.customer_id) }} className="text-brand">
              <bdi>{who}</bdi>
            </Link>
          ) : (
            who
          )}
          {cart.mobile && (
            <bdi dir="ltr" className="font-normal">
              {cart.mobile}
            </bdi>
          )}
        </span>
        <Price amount={cart.value} decimals={appConfig.money.totalDecimals} />
        <span className="text-sm">{m.ops_carts_items({ count: cart.lines })}</span>
        <span className="text-sm text-muted">{m.ops_carts_left_at({ time: formatRiyadhTime(cart.updated_at, locale) })}</span>
        <span className="text-sm">{m.ops_carts_reminders({ sent: String(cart.reminders), max: String(max) })}</span>
      </div>
      {mayRemind && (
        <form onSubmit={send} className="flex flex-wrap items-end gap-2">
          {mayCoupon && (
            <label className="w-44">
              <span className="mb-1 block text-xs font-medium">{m.ops_carts_coupon()}</span>
              <input
                name="coupon_percent"
                type="number"
                min={1}
                max={20}
                inputMode="numeric"
                className="h-11 w-full rounded-lg border border-line px-3"
              />
            </label>
          )}
          <button
            type="submit"
            disabled={remind.isPending || cart.reminders >= max}
            className="min-h-11 rounded-full bg-brand px-4 font-semibold text-brand-ink disabled:opacity-60"
          >
            {m.ops_carts_remind()}
          </button>
          <button
            type="button"
            disabled={payLink.isPending}
            onClick={() =>
              payLink.mutate(cart.quote_id, {
                onSuccess: (made) => setSaid({ text: m.ops_carts_pay_link_made(), problem: false, link: made.link }),
                onError: (error) => setSaid({ text: refusal(error), problem: true }),
              })
            }
            className="min-h-11 rounded-full border border-brand px-4 font-semibold text-brand disabled:opacity-60"
          >
            {m.ops_carts_pay_link()}
          </button>
        </form>
      )}
      {said && (
        <p role={said.problem ? 'alert' : 'status'} className={said.problem ? 'text-sm text-sale' : 'text-sm'}>
          {said.text}{' '}
          {said.link && (
            <bdi dir="ltr" className="break-all font-mono text-xs">
              {said.link}
            </bdi>
          )}
        </p>
      )}
    </li>
  )
}
