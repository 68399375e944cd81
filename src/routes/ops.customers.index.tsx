/**
 * The console's customers (docs/product.md, "The merchant console"): one box finds accounts by mobile in any
 * spelling, email or name, newest first, 50 to a page. What was typed lives in the address, so the back button and a
 * shared link land on the same list. Only roles that read orders reach it (the API refuses the others).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { opsErrorText } from '../components/ops/ops-text'
import { Pager } from '../components/ops/Pager'
import { formatRiyadhTime } from '../domain/dates'
import { pageStart } from '../domain/paging'
import { currentLocale } from '../lib/i18n'
import { submittedFields } from '../lib/form-fields'
import { m } from '../paraglide/messages.js'
import { customerQueries } from '../queries/ops-customers'
import { consoleSearch } from '../lib/console-search'

/** The address's filters, read with the page (src/lib/console-search.ts says why). */
function readSearch(search: Record<string, unknown>): { q?: string; before?: number } {
  return {
    q: typeof search.q === 'string' && search.q.length <= 254 ? search.q : undefined,
    before: pageStart(search.before),
  }
}

export const Route = createFileRoute('/ops/customers/')({
  validateSearch: consoleSearch<{ q?: string; before?: number }>,
  component: CustomersPage,
})

function CustomersPage() {
  const filter = readSearch(Route.useSearch())
  const navigate = useNavigate({ from: '/ops/customers/' })
  const locale = currentLocale()
  const customers = useQuery({ ...customerQueries.search(filter), placeholderData: keepPreviousData })
  const search = (event: FormEvent<HTMLFormElement>) => {
    const q = submittedFields(event)('q').trim()
    void navigate({ search: { q: q || undefined } })
  }
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.ops_customers()}</h1>
      <form
        role="search"
        aria-label={m.ops_search()}
        onSubmit={search}
        className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4"
        key={filter.q}
      >
        <label className="min-w-0 flex-1 basis-64">
          <span className="mb-1 block text-sm font-medium">{m.ops_customers_search_label()}</span>
          <input name="q" type="search" defaultValue={filter.q} dir="auto" className="h-11 w-full rounded-lg border border-line px-3" />
        </label>
        <button type="submit" className="h-11 rounded-full bg-brand px-6 font-semibold text-brand-ink">
          {m.ops_search()}
        </button>
      </form>
      {customers.isError ? (
        <p role="alert" className="text-sale">
          {opsErrorText(customers.error)}
        </p>
      ) : customers.data && customers.data.customers.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-muted">{m.ops_customers_none()}</p>
      ) : (
        <ul aria-label={m.ops_customers()} aria-busy={customers.isFetching} className="space-y-2">
          {customers.data?.customers.map((customer) => (
            <li key={customer.id}>
              <Link
                to="/ops/customers/$id"
                params={{ id: String(customer.id) }}
                className="grid gap-1 rounded-2xl bg-white p-4 hover:outline-2 hover:outline-brand md:grid-cols-[1fr_10rem_1fr_10rem] md:items-center"
              >
                <span className="font-bold">
                  <bdi>
                    {customer.firstname} {customer.lastname}
                  </bdi>
                </span>
                <bdi dir="ltr" className="text-start">
                  {customer.mobile}
                </bdi>
                <bdi dir="ltr" className="truncate text-start text-sm">
                  {customer.email}
                </bdi>
                <span className="text-xs text-muted">{m.ops_customer_since({ date: formatRiyadhTime(customer.created_at, locale) })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager to="/ops/customers" search={filter} older={customers.data?.older} />
    </div>
  )
}
