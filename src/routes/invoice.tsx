/**
 * The printable simplified tax invoice of an order (/invoice?order=MJ..., docs/decisions/0016-zatca-invoices.md),
 * linked from the order page, the guest order lookup and the order's email. The backend answers it only to the
 * order's buyer, as it answers the order: the signed-in customer who placed it, or a guest with the order's number and
 * the mobile it was placed with (asked here, or carried over from the lookup in the browser's history, never the URL),
 * or whoever holds the link from the buyer's email, which carries the order's invoice signature (`sig`).
 */
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useRouterState, useSearch } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { InvoiceDocument } from '../components/account/InvoiceDocument'
import { MobileField } from '../components/ui/MobileField'
import { SubmitButton } from '../components/ui/SubmitButton'
import { NotFound } from '../components/NotFound'
import type { InvoiceHistoryState, InvoiceView } from '../domain/invoice'
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
  const search = useSearch({ strict: false }) as { order?: unknown; sig?: unknown }
  const order = typeof search.order === 'string' && orderNumber.test(search.order) ? search.order : null
  const sig = typeof search.sig === 'string' && signature.test(search.sig) ? search.sig : null
  const { data: session, isPending } = useQuery(sessionQueries.current())
  if (useLoadingInBrowser(isPending)) return <Waiting />
  if (!order) return <NotFound />
  const asked = session ? <CustomerInvoice increment={order} /> : <GuestInvoice increment={order} />
  return (
    <section className="mx-auto max-w-3xl space-y-4 px-4 py-8 print:p-0">
      {sig ? <SignedInvoice increment={order} sig={sig} back={Boolean(session)} otherwise={asked} /> : asked}
    </section>
  )
}

/** The email's link signs the order's number (worker/commerce/invoices.ts `invoiceLink`). */
const signature = /^[A-Za-z0-9_-]{43}$/

/** From the email's signed link; a link that does not open it falls back to what the order page asks. */
function SignedInvoice({ increment, sig, back, otherwise }: { increment: string; sig: string; back: boolean; otherwise: ReactNode }) {
  const query = useQuery(orderQueries.signedInvoice(currentLocale(), increment, sig))
  if (useLoadingInBrowser(query.isPending)) return <Waiting />
  const invoice = query.data?.data ?? null
  return invoice ? <Printable invoice={invoice} back={back} /> : otherwise
}

const Waiting = () => <p className="py-16 text-center text-muted">{m.invoice_loading()}</p>

function Printable({ invoice, back }: { invoice: InvoiceView; back: boolean }) {
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
    </>
  )
}

function CustomerInvoice({ increment }: { increment: string }) {
  const query = useQuery(orderQueries.invoice(currentLocale(), increment))
  if (useLoadingInBrowser(query.isPending)) return <Waiting />
  const invoice = query.data?.data ?? null
  return invoice ? <Printable invoice={invoice} back /> : <NotIssued />
}

const NotIssued = () => (
  <p role="status" className="rounded-lg bg-brand-soft px-3 py-2 text-sm font-medium">
    {m.invoice_not_issued()}
  </p>
)

function GuestInvoice({ increment }: { increment: string }) {
  const lookup = useLookupInvoice()
  const carried = useRouterState({ select: (state) => (state.location.state as InvoiceHistoryState).invoiceMobile }) ?? ''
  // From the guest lookup: the mobile it was given is in this history entry, so the buyer is not asked again.
  const fromLookup = useQuery(orderQueries.guestInvoice(currentLocale(), increment, localMobile(carried) ? carried : ''))
  const [invoice, setInvoice] = useState<InvoiceView | null>(null)
  const [error, setError] = useState<{ mobile?: string; form?: string }>({})
  const shown = invoice ?? fromLookup.data?.data ?? null
  if (shown) return <Printable invoice={shown} back={false} />
  if (carried && fromLookup.isLoading) return <Waiting />
  return (
    <form
      noValidate
      className="mx-auto max-w-md space-y-4 rounded-2xl bg-white p-5"
      onSubmit={async (event) => {
        const mobile = submittedFields(event)('mobile')
        if (!localMobile(mobile)) return setError({ mobile: m.checkout_error_mobile() })
        setError({})
        const result = await lookup.mutateAsync({ increment, mobile })
        if (result.data) return setInvoice(result.data)
        setError({ form: result.status === 404 ? m.invoice_not_issued() : failureMessage(result, m.error_network) })
      }}
    >
      <h1 className="text-xl font-bold">{m.invoice_page_title()}</h1>
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
