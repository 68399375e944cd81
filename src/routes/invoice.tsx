/**
 * The printable simplified tax invoice of an order (/invoice?order=MJ..., docs/decisions/0016-zatca-invoices.md),
 * linked from the order page, the guest order lookup and the order's email; with `note=CN-000001`, one of the order's
 * credit notes, printed the same way and open to exactly whoever may open the invoice. The backend answers it only to the
 * order's buyer, as it answers the order: the signed-in customer who placed it, or a guest with the order's number and
 * the mobile it was placed with (asked here, or carried over from the lookup in the browser's history, never the URL),
 * or whoever holds the link from the buyer's email, which carries the order's invoice signature (`sig`).
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useRouterState, useSearch } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { appConfig } from '../../app.config'
import { InvoiceDocument } from '../components/account/InvoiceDocument'
import { Price } from '../components/Price'
import { MobileField } from '../components/ui/MobileField'
import { SubmitButton } from '../components/ui/SubmitButton'
import { NotFound } from '../components/NotFound'
import { creditNoteNumber, type InvoiceHistoryState, type InvoiceView } from '../domain/invoice'
import { orderNumber } from '../domain/order'
import { localMobile } from '../domain/phone'
import { currentLocale } from '../lib/i18n'
import { submittedFields } from '../lib/form-fields'
import { usePageHydrated } from '../lib/early-tap'
import { m } from '../paraglide/messages.js'
import { orderQueries, useLookupInvoice } from '../queries/orders'
import { failureMessage } from '../queries/server-action'
import { sessionQueries } from '../queries/session'
import { useLoadingInBrowser } from '../state/hydrated'

export const Route = createFileRoute('/invoice')({
  head: () => ({ meta: [{ title: `${m.invoice_page_title()} | ${m.site_name()}` }, { name: 'robots', content: 'noindex' }] }),
  component: InvoiceRoute,
})

function InvoiceRoute() {
  usePageHydrated()
  const search = useSearch({ strict: false }) as { order?: unknown; sig?: unknown; note?: unknown }
  const order = typeof search.order === 'string' && orderNumber.test(search.order) ? search.order : null
  const sig = typeof search.sig === 'string' && signature.test(search.sig) ? search.sig : null
  const note = typeof search.note === 'string' ? search.note : undefined
  const { data: session, isPending } = useQuery(sessionQueries.current())
  if (useLoadingInBrowser(isPending)) return <Waiting note={note} />
  if (!order || (note !== undefined && !creditNoteNumber.test(note))) return <NotFound />
  const asked = session ? <CustomerInvoice increment={order} note={note} /> : <GuestInvoice increment={order} note={note} />
  return (
    <section className="mx-auto max-w-3xl space-y-4 px-4 py-8 print:p-0">
      {sig ? <SignedInvoice increment={order} sig={sig} note={note} back={Boolean(session)} otherwise={asked} /> : asked}
    </section>
  )
}

/** Which document the page shows: the order's invoice, or (`note`) one of its credit notes. */
interface Chosen {
  increment: string
  note: string | undefined
}

/** The email's link signs the order's number (worker/commerce/invoices.ts `invoiceLink`). */
const signature = /^[A-Za-z0-9_-]{43}$/

/** From the email's signed link; a link that does not open it falls back to what the order page asks. */
function SignedInvoice({ increment, sig, note, back, otherwise }: Chosen & { sig: string; back: boolean; otherwise: ReactNode }) {
  const query = useQuery(orderQueries.signedInvoice(currentLocale(), increment, sig, note))
  if (useLoadingInBrowser(query.isPending)) return <Waiting note={note} />
  const invoice = query.data?.data ?? null
  return invoice ? <Printable invoice={invoice} back={back} sig={sig} /> : otherwise
}

const Waiting = ({ note }: { note: string | undefined }) => (
  <p className="py-16 text-center text-muted">{note ? m.credit_note_loading() : m.invoice_loading()}</p>
)

function Printable({ invoice, back, sig }: { invoice: InvoiceView; back: boolean; sig?: string }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        {back ? (
          <Link to="/user/profile" search={{ order: invoice.order } as never} className="font-semibold text-brand underline-offset-2 hover:underline">
            {m.invoice_back()}
          </Link>
        ) : (
          <span />
        )}
        <button type="button" onClick={() => window.print()} className="rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-ink">
          {m.invoice_print()}
        </button>
      </div>
      <InvoiceDocument invoice={invoice} />
      <CreditNotes invoice={invoice} sig={sig} />
    </>
  )
}

/**
 * Beside an invoice, the credit notes issued against it, each opened on this page as the invoice was (the same
 * signature, or the same mobile carried in the history entry).
 */
function CreditNotes({ invoice, sig }: { invoice: InvoiceView; sig?: string }) {
  const carried = useRouterState({ select: (state) => state.location.state as InvoiceHistoryState })
  if (invoice.credit_notes.length === 0) return null
  return (
    <nav aria-labelledby="credit-notes-heading" className="space-y-2 rounded-2xl bg-white p-5 print:hidden">
      <h2 id="credit-notes-heading" className="font-bold">
        {m.credit_notes_heading()}
      </h2>
      <ul className="space-y-1 text-sm">
        {invoice.credit_notes.map((note) => (
          <li key={note.number} className="flex flex-wrap justify-between gap-3">
            <Link
              to="/invoice"
              search={{ order: invoice.order, note: note.number, ...(sig ? { sig } : {}) } as never}
              state={carried as never}
              className="font-semibold text-brand underline-offset-2 hover:underline"
            >
              <bdi dir="ltr">{note.number}</bdi>
            </Link>
            <Price amount={note.amount / 100} decimals={appConfig.money.totalDecimals} />
          </li>
        ))}
      </ul>
    </nav>
  )
}

function CustomerInvoice({ increment, note }: Chosen) {
  const query = useQuery(orderQueries.invoice(currentLocale(), increment, note))
  if (useLoadingInBrowser(query.isPending)) return <Waiting note={note} />
  const invoice = query.data?.data ?? null
  return invoice ? <Printable invoice={invoice} back /> : <NotIssued note={note} />
}

const NotIssued = ({ note }: { note: string | undefined }) => (
  <p role="status" className="rounded-lg bg-brand-soft px-3 py-2 text-sm font-medium">
    {note ? m.credit_note_not_found() : m.invoice_not_issued()}
  </p>
)

function GuestInvoice({ increment, note }: Chosen) {
  const lookup = useLookupInvoice()
  const carried = useRouterState({ select: (state) => (state.location.state as InvoiceHistoryState).invoiceMobile }) ?? ''
  // From the guest lookup: the mobile it was given is in this history entry, so the buyer is not asked again.
  const fromLookup = useQuery(orderQueries.guestInvoice(currentLocale(), increment, localMobile(carried) ? carried : '', note))
  const [invoice, setInvoice] = useState<InvoiceView | null>(null)
  const [error, setError] = useState<{ mobile?: string; form?: string }>({})
  const shown = invoice ?? fromLookup.data?.data ?? null
  if (shown) return <Printable invoice={shown} back={false} />
  if (carried && fromLookup.isLoading) return <Waiting note={note} />
  return (
    <form
      noValidate
      className="mx-auto max-w-md space-y-4 rounded-2xl bg-white p-5"
      onSubmit={async (event) => {
        const mobile = submittedFields(event)('mobile')
        if (!localMobile(mobile)) return setError({ mobile: m.checkout_error_mobile() })
        setError({})
        const result = await lookup.mutateAsync({ increment, mobile, note })
        if (result.data) return setInvoice(result.data)
        const missing = note ? m.credit_note_not_found() : m.invoice_not_issued()
        setError({ form: result.status === 404 ? missing : failureMessage(result, m.error_network) })
      }}
    >
      <h1 className="text-xl font-bold">{note ? m.credit_note_title() : m.invoice_page_title()}</h1>
      <p className="text-sm text-muted">{m.invoice_guest_text()}</p>
      <MobileField error={error.mobile} />
      {error.form && (
        <p role="alert" className="rounded-lg bg-[#fde8eb] px-3 py-2 text-sm text-sale">
          {error.form}
        </p>
      )}
      <SubmitButton busy={lookup.isPending}>{m.invoice_guest_submit()}</SubmitButton>
    </form>
  )
}
