/**
 * The owner's requests about personal data (docs/product.md, "Your data"): what each shopper asked from the privacy
 * page, open ones first and oldest first, with the days left of the 30 the PDPL gives to answer; the owner answers by
 * email, then marks the request answered (in the activity log).
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { dataRequestKindText } from '../components/DataRequestForm'
import { opsErrorText } from '../components/ops/ops-text'
import { answerDaysLeft } from '../domain/data-requests'
import { formatRiyadhTime } from '../domain/dates'
import { currentLocale } from '../lib/i18n'
import { m } from '../paraglide/messages.js'
import { dataRequestQueries, useAnswerDataRequest, type DataRequestRow } from '../queries/ops-data-requests'

export const Route = createFileRoute('/ops/data-requests')({
  component: DataRequestsPage,
})

function DataRequestsPage() {
  const requests = useQuery(dataRequestQueries.list())
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.ops_data_requests()}</h1>
      <p className="max-w-prose text-sm text-muted">{m.ops_data_requests_intro()}</p>
      {requests.isError && (
        <p role="alert" className="text-sale">
          {opsErrorText(requests.error)}
        </p>
      )}
      <ul aria-label={m.ops_data_requests()} className="space-y-2">
        {requests.data?.requests.map((request) => (
          <DataRequestItem key={request.id} request={request} />
        ))}
      </ul>
      {requests.data && requests.data.requests.length === 0 && (
        <p className="rounded-2xl bg-white p-6 text-center text-muted">{m.ops_data_requests_none()}</p>
      )}
    </div>
  )
}

function DataRequestItem({ request }: { request: DataRequestRow }) {
  const locale = currentLocale()
  const answer = useAnswerDataRequest()
  const daysLeft = answerDaysLeft(request.created_at, new Date())
  return (
    <li className="flex flex-wrap items-start gap-3 rounded-2xl bg-white p-4 text-sm">
      <div className="min-w-0 flex-1 space-y-1">
        <p>
          <span className="font-semibold">{dataRequestKindText[request.kind]()}</span> ·{' '}
          <a href={`mailto:${request.email}`} dir="ltr" className="break-all text-brand">
            {request.email}
          </a>
        </p>
        <p className="text-muted">
          {formatRiyadhTime(request.created_at, locale)} · {request.locale === 'en' ? 'English' : 'العربية'}
        </p>
        {request.message && (
          <p className="whitespace-pre-line break-words">
            {/* In the shopper's language, whichever the console's: its own direction inside the page's. */}
            <bdi dir="auto">{request.message}</bdi>
          </p>
        )}
        {answer.isError && (
          <p role="alert" className="text-sale">
            {opsErrorText(answer.error)}
          </p>
        )}
      </div>
      {request.status === 'answered' && request.answered_at ? (
        <p className="text-muted">{m.ops_data_request_answered({ date: formatRiyadhTime(request.answered_at, locale) })}</p>
      ) : (
        <div className="flex flex-col items-end gap-2">
          <p className={daysLeft <= 0 ? 'rounded-full bg-[#fde8eb] px-2 py-0.5 font-semibold text-sale' : 'text-muted'}>
            {daysLeft <= 0 ? m.ops_data_request_late() : m.ops_data_request_days_left({ count: daysLeft })}
          </p>
          <button
            type="button"
            disabled={answer.isPending}
            onClick={() => answer.mutate(request.id)}
            className="rounded-full bg-brand px-4 py-2 font-semibold text-brand-ink"
          >
            {m.ops_data_request_answer()}
          </button>
        </div>
      )}
    </li>
  )
}
