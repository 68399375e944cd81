/**
 * The catalogue import (docs/catalogue-import.md, "In the console"): upload a products file (and a categories CSV),
 * see every problem of its dry run by line and column, or what loading it would change, then load it and watch the
 * products done of all. The work is the Worker's, in the background (worker/catalogue/import-jobs.ts); this screen
 * uploads, confirms and asks how far it is.
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { opsErrorText } from '../components/ops/ops-text'
import { formatRiyadhTime } from '../domain/dates'
import { currentLocale } from '../lib/i18n'
import { m } from '../paraglide/messages.js'
import {
  importQueries,
  runningStates,
  useConfirmImport,
  useUploadImport,
  type CatalogueImport,
  type ImportProblemView,
  type ImportState,
} from '../queries/ops-import'
import { consoleSearch } from '../lib/console-search'

/** The address's filters, read with the page (src/lib/console-search.ts says why). */
function readSearch(search: Record<string, unknown>): { id?: number } {
  const id = Number(search.id)
  return Number.isInteger(id) && id > 0 ? { id } : {}
}

export const Route = createFileRoute('/ops/import')({
  validateSearch: consoleSearch<{ id?: number }>,
  component: ImportPage,
})

const stateText: Record<ImportState, () => string> = {
  checking: m.ops_import_state_checking,
  refused: m.ops_import_state_refused,
  ready: m.ops_import_state_ready,
  loading: m.ops_import_state_loading,
  following: m.ops_import_state_following,
  loaded: m.ops_import_state_loaded,
  failed: m.ops_import_state_failed,
}

function ImportPage() {
  const { id } = readSearch(Route.useSearch())
  const latest = useQuery(importQueries.latest())
  // Without an import named, the one still running or waiting for its confirmation is the page's.
  const open = latest.data?.imports.find((row) => runningStates.includes(row.state) || row.state === 'ready')
  const shown = id ?? open?.id
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.ops_import_title()}</h1>
      {shown === undefined ? <UploadForm /> : <ImportPanel id={shown} />}
      {latest.isError && (
        <p role="alert" className="text-sale">
          {opsErrorText(latest.error)}
        </p>
      )}
      {latest.data && latest.data.imports.length > 0 && <Recent imports={latest.data.imports} />}
    </div>
  )
}

function UploadForm() {
  const upload = useUploadImport()
  const navigate = useNavigate()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    if ((form.get('categories') as File | null)?.size === 0) form.delete('categories')
    // Not `mutate`'s own onSuccess: the console's queries are asked again first, and the list's answer, naming the new
    // import as open, can replace this form by its panel; React Query drops an unmounted form's callbacks, and the
    // import would lose its place in the address, and its panel once loaded. A failure is the mutation's error, shown.
    upload.mutateAsync(form).then(
      (data) => navigate({ to: '/ops/import', search: { id: data.import.id } }),
      () => undefined,
    )
  }
  return (
    <form onSubmit={submit} className="space-y-3 rounded-2xl bg-white p-4">
      <p className="text-sm text-muted">{m.ops_import_intro()}</p>
      <div className="grid gap-3 md:grid-cols-2">
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{m.ops_import_products_file()}</span>
          <input name="products" type="file" required accept=".csv,.json,text/csv,application/json" className="block w-full text-sm" />
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{m.ops_import_categories_file()}</span>
          <input name="categories" type="file" accept=".csv,text/csv" className="block w-full text-sm" />
        </label>
      </div>
      <button type="submit" disabled={upload.isPending} className="h-11 rounded-full bg-brand px-5 font-semibold text-brand-ink">
        {m.ops_import_check()}
      </button>
      {upload.isError && (
        <p role="alert" className="text-sale">
          {opsErrorText(upload.error)}
        </p>
      )}
    </form>
  )
}

function ImportPanel({ id }: { id: number }) {
  const answer = useQuery(importQueries.one(id))
  const confirm = useConfirmImport()
  if (answer.isError)
    return (
      <p role="alert" className="text-sale">
        {opsErrorText(answer.error)}
      </p>
    )
  if (!answer.data) return <p className="text-muted">{m.cart_loading()}</p>
  const { import: row, problems } = answer.data
  const finished = row.state === 'refused' || row.state === 'loaded' || row.state === 'failed'
  return (
    <section aria-labelledby="import-file" className="space-y-3 rounded-2xl bg-white p-4">
      <h2 id="import-file" className="font-bold">
        <bdi dir="ltr">{row.file_name}</bdi>
        {row.categories_name && (
          <>
            {' + '}
            <bdi dir="ltr">{row.categories_name}</bdi>
          </>
        )}
      </h2>
      {row.state === 'checking' && <p role="status">{m.ops_import_checking()}</p>}
      {row.state === 'refused' && (
        <>
          <p role="alert" className="font-semibold text-sale">
            {m.ops_import_refused({ count: row.problems })}
          </p>
          <Problems problems={problems} />
        </>
      )}
      {row.state === 'ready' && (
        <>
          <p>{m.ops_import_ready()}</p>
          <Counts row={row} />
          <button
            type="button"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate(row.id, { onSettled: () => void answer.refetch() })}
            className="h-11 rounded-full bg-brand px-5 font-semibold text-brand-ink"
          >
            {m.ops_import_load()}
          </button>
          {confirm.isError && (
            <p role="alert" className="text-sale">
              {opsErrorText(confirm.error)}
            </p>
          )}
        </>
      )}
      {row.state === 'loading' && <Progress row={row} />}
      {row.state === 'following' && <p role="status">{m.ops_import_following()}</p>}
      {row.state === 'loaded' && (
        <>
          <Counts row={row} />
          <p role="status" className="font-semibold text-brand">
            {m.ops_import_loaded()}
          </p>
        </>
      )}
      {row.state === 'failed' && (
        <p role="alert" className="text-sale">
          {m.ops_import_failed({ error: row.error ?? '' })}
        </p>
      )}
      {finished && (
        <Link to="/ops/import" search={{}} className="inline-block font-semibold text-brand">
          {m.ops_import_another()}
        </Link>
      )}
    </section>
  )
}

/** Where a problem is, in the staff member's language: the line and column (CSV), else the JSON path as the file has it. */
function placeOf(problem: ImportProblemView): string {
  const place =
    problem.line === null
      ? problem.where
      : problem.column === null
        ? m.ops_import_line({ line: problem.line })
        : m.ops_import_line_column({ line: problem.line, column: problem.column })
  return problem.file === 'categories' && problem.line !== null ? m.ops_import_categories_place({ place }) : place
}

function Problems({ problems }: { problems: ImportProblemView[] }) {
  return (
    <ol aria-label={m.ops_import_problem()} className="divide-y divide-line rounded-xl border border-line text-sm">
      {problems.map((problem) => (
        <li key={`${problem.where} ${problem.message}`} className="grid gap-1 p-3 md:grid-cols-[16rem_1fr] md:gap-4">
          <span className="font-semibold">{placeOf(problem)}</span>
          <span className="break-words">{problem.message}</span>
        </li>
      ))}
    </ol>
  )
}

function Counts({ row }: { row: CatalogueImport }) {
  const items: [string, number][] = [
    [m.ops_import_new(), row.new_products],
    [m.ops_import_updated(), row.updated_products],
    [m.ops_import_removed(), row.removed_products],
    [m.ops_import_categories(), row.categories],
  ]
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm md:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-surface p-3">
          <dt className="text-muted">{label}</dt>
          <dd className="text-lg font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function Progress({ row }: { row: CatalogueImport }) {
  const text = m.ops_import_progress({ done: row.rows_done, count: row.rows_total })
  return (
    <div role="status" className="space-y-2">
      <p>{m.ops_import_loading()}</p>
      <progress max={Math.max(row.rows_total, 1)} value={row.rows_done} aria-label={text} className="h-3 w-full" />
      <p className="text-sm tabular-nums">{text}</p>
    </div>
  )
}

function Recent({ imports }: { imports: CatalogueImport[] }) {
  const locale = currentLocale()
  return (
    <section aria-labelledby="recent-imports" className="rounded-2xl bg-white p-4">
      <h2 id="recent-imports" className="mb-2 font-bold">
        {m.ops_import_recent()}
      </h2>
      <ul className="divide-y divide-line text-sm">
        {imports.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <Link to="/ops/import" search={{ id: row.id }} className="me-auto font-semibold text-brand">
              <bdi dir="ltr">{row.file_name}</bdi>
            </Link>
            <span>{stateText[row.state]()}</span>
            <span className="text-muted">
              <bdi>{row.uploaded_by}</bdi> · {formatRiyadhTime(row.uploaded_at, locale)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
