/** The owner's audit trail (docs/product.md, "The merchant console"): every change, newest first, by person, action and dates. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { actionText, auditActions, opsErrorText } from '../components/ops/ops-text'
import { formatRiyadhTime } from '../domain/dates'
import { currentLocale } from '../lib/i18n'
import { submittedFields } from '../lib/form-fields'
import { m } from '../paraglide/messages.js'
import { opsQueries, type AuditFilter } from '../queries/ops'
import { Pager } from '../components/ops/Pager'
import { pageStart } from '../domain/paging'
import { consoleSearch } from '../lib/console-search'

const text = (value: unknown, max: number) => (typeof value === 'string' && value.length <= max ? value : undefined)
const date = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined)

/** The address's filters, read with the page (src/lib/console-search.ts says why). */
function readSearch(search: Record<string, unknown>): AuditFilter {
  return {
    actor: text(search.actor, 80),
    action: text(search.action, 40),
    from: date(search.from),
    to: date(search.to),
    before: pageStart(search.before),
  }
}

export const Route = createFileRoute('/ops/audit')({
  validateSearch: consoleSearch<AuditFilter>,
  component: AuditPage,
})

function AuditPage() {
  const filter = readSearch(Route.useSearch())
  const navigate = useNavigate({ from: '/ops/audit' })
  const locale = currentLocale()
  const trail = useQuery({ ...opsQueries.audit(filter), placeholderData: keepPreviousData })
  const search = (event: FormEvent<HTMLFormElement>) => {
    const field = submittedFields(event)
    const value = (name: string) => field(name).trim() || undefined
    void navigate({ search: { actor: value('actor'), action: value('action'), from: value('from'), to: value('to') } })
  }
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.ops_audit()}</h1>
      <form
        role="search"
        onSubmit={search}
        aria-label={m.ops_audit()}
        className="grid grid-cols-2 gap-3 rounded-2xl bg-white p-4 md:grid-cols-5 md:items-end"
        key={JSON.stringify(filter)}
      >
        <label className="col-span-2 md:col-span-1">
          <span className="mb-1 block text-sm font-medium">{m.ops_person()}</span>
          <input name="actor" defaultValue={filter.actor} dir="auto" className="h-11 w-full rounded-lg border border-line px-3" />
        </label>
        <label className="col-span-2 md:col-span-1">
          <span className="mb-1 block text-sm font-medium">{m.ops_action()}</span>
          <select name="action" defaultValue={filter.action ?? ''} className="h-11 w-full rounded-lg border border-line bg-white px-2">
            <option value="">{m.ops_any()}</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {actionText(action)}
              </option>
            ))}
          </select>
        </label>
        {(['from', 'to'] as const).map((name) => (
          <label key={name}>
            <span className="mb-1 block text-sm font-medium">{name === 'from' ? m.ops_from() : m.ops_to()}</span>
            <input name={name} type="date" defaultValue={filter[name]} className="h-11 w-full rounded-lg border border-line px-2" />
          </label>
        ))}
        <button type="submit" className="col-span-2 h-11 rounded-full bg-brand px-5 font-semibold text-brand-ink md:col-span-1">
          {m.ops_search()}
        </button>
      </form>
      {trail.isError && (
        <p role="alert" className="text-sale">
          {opsErrorText(trail.error)}
        </p>
      )}
      <ul aria-label={m.ops_audit()} className="space-y-2">
        {trail.data?.entries.map((entry) => (
          <li key={entry.id} className="space-y-0.5 rounded-2xl bg-white p-3 text-sm">
            <p>
              <span className="font-semibold">{entry.actor_name}</span> · {actionText(entry.action)}
            </p>
            <p className="flex flex-wrap gap-x-2 text-muted">
              <bdi dir="ltr" className="break-all">
                {entry.subject_kind} {entry.subject_id}
              </bdi>
              <span>{formatRiyadhTime(entry.at, locale)}</span>
            </p>
            {entry.after_json && (
              <code dir="ltr" className="block break-all text-xs text-muted">
                {entry.before_json ?? '–'} → {entry.after_json}
              </code>
            )}
          </li>
        ))}
      </ul>
      {trail.data && trail.data.entries.length === 0 && <p className="rounded-2xl bg-white p-6 text-center text-muted">{m.ops_no_entries()}</p>}
      <Pager to="/ops/audit" search={filter} older={trail.data?.older} />
    </div>
  )
}
