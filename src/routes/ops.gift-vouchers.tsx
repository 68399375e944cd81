/**
 * A gift voucher looked up by its number (docs/product.md, "The merchant console"): its balance and the orders that
 * spent from it. Read only: the store changes a balance only through an order (spent with it, given back when it is
 * cancelled). Open to the roles that read orders, since the history names orders.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { opsErrorText, statusText } from '../components/ops/ops-text'
import { Price } from '../components/Price'
import { FormField } from '../components/ui/FormField'
import { formatRiyadhTime } from '../domain/dates'
import { submittedFields } from '../lib/form-fields'
import { currentLocale } from '../lib/i18n'
import { m } from '../paraglide/messages.js'
import { couponQueries } from '../queries/ops-coupons'
import { consoleSearch } from '../lib/console-search'

/** The address's filters, read with the page (src/lib/console-search.ts says why). */
function readSearch(search: Record<string, unknown>): { voucher?: string } {
  return {
    voucher: typeof search.voucher === 'string' && /^[A-Za-z0-9-]{4,40}$/.test(search.voucher) ? search.voucher.toUpperCase() : undefined,
  }
}

export const Route = createFileRoute('/ops/gift-vouchers')({
  validateSearch: consoleSearch<{ voucher?: string }>,
  component: GiftVoucherPage,
})

function GiftVoucherPage() {
  const { voucher = '' } = readSearch(Route.useSearch())
  const navigate = useNavigate()
  const locale = currentLocale()
  const found = useQuery(couponQueries.giftVoucher(voucher))
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const typed = submittedFields(event)('voucher').trim().toUpperCase()
    void navigate({ to: '/ops/gift-vouchers', search: { voucher: typed || undefined } })
  }
  const data = found.data
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.ops_gift_vouchers()}</h1>
      <form onSubmit={submit} role="search" className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4">
        <FormField
          label={m.ops_gift_voucher_number()}
          name="voucher"
          defaultValue={voucher}
          dir="ltr"
          className="min-w-0 flex-1"
          autoCapitalize="characters"
        />
        <button type="submit" className="h-11 rounded-full bg-brand px-5 font-semibold text-brand-ink">
          {m.ops_gift_voucher_find()}
        </button>
      </form>
      <p className="text-sm text-muted">{m.ops_gift_voucher_note()}</p>
      {found.isError && (
        <p role="alert" className="text-sale">
          {opsErrorText(found.error)}
        </p>
      )}
      {data && (
        <section aria-label={data.voucher} className="space-y-3 rounded-2xl bg-white p-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="text-muted">{m.ops_gift_voucher_number()}</dt>
            <dd>
              <bdi dir="ltr" className="font-mono">
                {data.voucher}
              </bdi>
            </dd>
            <dt className="text-muted">{m.ops_gift_voucher_balance()}</dt>
            <dd className="text-lg font-bold">
              <Price amount={data.balance / 100} decimals={2} />
            </dd>
          </dl>
          <h2 className="font-bold">{m.ops_gift_voucher_spends()}</h2>
          {data.spends.length === 0 ? (
            <p className="text-sm text-muted">{m.ops_gift_voucher_no_spends()}</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {data.spends.map((spend) => (
                <li key={spend.order} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                  <Link to="/ops/orders/$number" params={{ number: spend.order }} className="font-mono font-semibold text-brand">
                    <bdi dir="ltr">{spend.order}</bdi>
                  </Link>
                  <span className="text-muted">{formatRiyadhTime(spend.placed_at, locale)}</span>
                  <span className="text-muted">{statusText(spend.status)}</span>
                  <span className="ms-auto">
                    <Price amount={spend.amount / 100} decimals={2} negative />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  )
}
