/** The owner's audit trail (docs/product.md, "The merchant console"): every change, newest first, by person, action and dates. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { opsErrorText } from '../components/ops/ops-text'
import { formatRiyadhTime } from '../domain/dates'
import { currentLocale } from '../lib/i18n'
import { submittedFields } from '../lib/form-fields'
import { m } from '../paraglide/messages.js'
import { opsQueries, type AuditFilter } from '../queries/ops'
import { Pager } from '../components/ops/Pager'
import { pageStart } from '../domain/paging'

const text = (value: unknown, max: number) => (typeof value === 'string' && value.length <= max ? value : undefined)
const date = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined)

export const Route = createFileRoute('/ops/audit')({
  validateSearch: (search: Record<string, unknown>): AuditFilter => ({
    actor: text(search.actor, 80),
    action: text(search.action, 40),
    from: date(search.from),
    to: date(search.to),
    before: pageStart(search.before),
  }),
  component: AuditPage,
})

function AuditPage() {
  const filter = Route.useSearch()
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
        className="grid gap-3 rounded-2xl bg-white p-4 md:grid-cols-5 md:items-end"
        key={JSON.stringify(filter)}
      >
        {(['actor', 'action'] as const).map((name) => (
          <label key={name}>
            <span className="mb-1 block text-sm font-medium">{name === 'actor' ? m.ops_person() : m.ops_action()}</span>
            <input name={name} defaultValue={filter[name]} dir="auto" className="h-11 w-full rounded-lg border border-line px-3" />
          </label>
        ))}
        {(['from', 'to'] as const).map((name) => (
          <label key={name}>
            <span className="mb-1 block text-sm font-medium">{name === 'from' ? m.ops_from() : m.ops_to()}</span>
            <input name={name} type="date" defaultValue={filter[name]} className="h-11 w-full rounded-lg border border-line px-2" />
          </label>
        ))}
        <button type="submit" className="h-11 rounded-full bg-brand px-5 font-semibold text-brand-ink">
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
          <li key={entry.id} className="rounded-2xl bg-white p-3 text-sm">
            <span className="font-semibold">{entry.actor_name}</span> · <code dir="ltr">{entry.action}</code> ·{' '}
            <bdi dir="ltr">
              {entry.subject_kind} {entry.subject_id}
            </bdi>{' '}
            · <span className="text-muted">{formatRiyadhTime(entry.at, locale)}</span>
            {entry.after_json && (
              <code dir="ltr" className="mt-1 block break-all text-xs text-muted">
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
