/**
 * The tax invoice (simplified, or standard for a business: docs/decisions/0041-standard-invoices-for-businesses.md), or a credit note, as its buyer reads
 * and prints it (docs/decisions/0016-zatca-invoices.md; a credit note adds the invoice it corrects and the reason it was
 * issued for; a standard one names the business, its VAT number and address): the seller's
 * name in both languages with its VAT and commercial registration numbers and its National Address, the invoice's number and time of issue in
 * Riyadh, the lines with their VAT, the totals, and ZATCA's QR drawn as an SVG. Only this prints (src/styles/app.css,
 * "data-print-only").
 */
import { appConfig, type Locale } from '../../../app.config'
import type { InvoiceLine, InvoiceView, NationalAddress } from '../../domain/invoice'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { Price } from '../Price'
import { isolated } from '../../lib/bidi'

const rate = appConfig.money.vatRate * 100

/** The moment of issue in Riyadh, Western digits and the Gregorian calendar in both languages. */
function issuedAt(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-SA-u-nu-latn-ca-gregory' : 'en-GB', {
    timeZone: appConfig.store.timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(iso))
}

const sar = (halalas: number) => halalas / 100

function lineName(line: InvoiceLine, locale: Locale): string {
  if (line.kind === 'delivery') return m.invoice_delivery()
  // An adjustment's name was written in both languages when the credit note was issued (worker/commerce/credit-notes.ts).
  return locale === 'ar' ? line.name_ar : line.name_en
}

/** A National Address as the invoice's XML carries it (ZATCA BR-KSA-09), the names as configured. */
function AddressLines({ address }: { address: NationalAddress }) {
  return (
    <p>
      {m.invoice_address()}: {/* Each part isolated: an Arabic street in an English line (or the reverse) must not reorder its neighbours. */}
      {m.invoice_address_line({
        building: isolated(address.building_number),
        street: isolated(address.street),
        district: isolated(address.district),
        city: isolated(address.city),
        postal: isolated(address.postal_code),
      })}
      {address.additional_number && (
        <>
          {' · '}
          {m.invoice_additional_number()}: <bdi dir="ltr">{address.additional_number}</bdi>
        </>
      )}
    </p>
  )
}

export function InvoiceDocument({ invoice }: { invoice: InvoiceView }) {
  const locale = currentLocale()
  const note = invoice.credit_note
  return (
    <article data-print-only aria-labelledby="invoice-heading" className="space-y-6 rounded-2xl bg-white p-5 print:rounded-none print:p-0 sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-6">
        <div className="space-y-3">
          <h1 id="invoice-heading" className="text-2xl font-bold">
            {/* A business buyer's invoice is a standard one, titled plainly "tax invoice" (ZATCA, docs/decisions/0041-standard-invoices-for-businesses.md). */}
            {note ? m.credit_note_title() : invoice.buyer ? m.invoice_standard_title() : m.invoice_page_title()}
          </h1>
          <InvoiceFacts invoice={invoice} locale={locale} />
        </div>
        <InvoiceQr qr={invoice.qr} label={note ? m.credit_note_qr_label() : m.invoice_qr_label()} />
      </div>

      <SellerBlock seller={invoice.seller} />

      {invoice.buyer && <BuyerBlock buyer={invoice.buyer} />}

      <InvoiceLines lines={invoice.lines} locale={locale} />

      <InvoiceTotals invoice={invoice} />
      <p className="text-xs text-muted">{m.invoice_prices_note({ rate })}</p>
    </article>
  )
}

/** The document's number, time of issue and order; a credit note's invoice and reason too. */
function InvoiceFacts({ invoice, locale }: { invoice: InvoiceView; locale: Locale }) {
  const note = invoice.credit_note
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted">{note ? m.credit_note_number() : m.invoice_number()}</dt>
      <dd>
        <bdi dir="ltr" className="font-semibold">
          {invoice.number}
        </bdi>
      </dd>
      <dt className="text-muted">{m.invoice_issued()}</dt>
      <dd>{issuedAt(invoice.issued_at, locale)}</dd>
      {note && (
        <>
          <dt className="text-muted">{m.credit_note_invoice()}</dt>
          <dd>
            <bdi dir="ltr">{note.invoice}</bdi> · {issuedAt(note.invoice_issued_at, locale)}
          </dd>
        </>
      )}
      <dt className="text-muted">{m.invoice_order()}</dt>
      <dd>
        <bdi dir="ltr">{invoice.order}</bdi>
      </dd>
      {note && (
        <>
          <dt className="text-muted">{m.credit_note_reason()}</dt>
          {/* The staff member's words, in the language they wrote them. */}
          <dd dir="auto">{note.reason}</dd>
        </>
      )}
    </dl>
  )
}

/** ZATCA's QR, drawn from its path with a quiet zone around it. */
function InvoiceQr({ qr, label }: { qr: InvoiceView['qr']; label: string }) {
  const pad = 2
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-pad} ${-pad} ${qr.size + pad * 2} ${qr.size + pad * 2}`}
      className="h-36 w-36 shrink-0"
      shapeRendering="crispEdges"
    >
      <rect x={-pad} y={-pad} width={qr.size + pad * 2} height={qr.size + pad * 2} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  )
}

/** The seller: its name in both languages, VAT and commercial registration numbers, National Address. */
function SellerBlock({ seller }: { seller: InvoiceView['seller'] }) {
  return (
    <section aria-label={m.invoice_seller()} className="rounded-xl border border-line p-4 text-sm">
      <p className="font-bold">{seller.name_ar}</p>
      {seller.name_en !== seller.name_ar && (
        <p lang="en" dir="ltr" className="text-start font-semibold">
          {seller.name_en}
        </p>
      )}
      <p className="mt-2">
        {m.invoice_vat_number()}: <bdi dir="ltr">{seller.vat_number}</bdi>
      </p>
      {seller.cr_number && (
        <p>
          {m.invoice_cr_number()}: <bdi dir="ltr">{seller.cr_number}</bdi>
        </p>
      )}
      {seller.address && <AddressLines address={seller.address} />}
    </section>
  )
}

/** A standard invoice's buyer: the business, its VAT number and address. */
function BuyerBlock({ buyer }: { buyer: NonNullable<InvoiceView['buyer']> }) {
  return (
    <section aria-label={m.invoice_buyer()} className="rounded-xl border border-line p-4 text-sm">
      <p className="text-muted">{m.invoice_buyer()}</p>
      {/* The business's name as its buyer typed it, in whichever language, aligned with the block around it. */}
      <p className="font-bold">
        <bdi>{buyer.name}</bdi>
      </p>
      <p className="mt-2">
        {m.invoice_vat_number()}: <bdi dir="ltr">{buyer.vat_number}</bdi>
      </p>
      <AddressLines address={buyer.address} />
    </section>
  )
}

/** The lines with their unit price, quantity, VAT and total, a service under its product. */
function InvoiceLines({ lines, locale }: { lines: InvoiceLine[]; locale: Locale }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-line text-start text-muted">
            <th scope="col" className="py-2 text-start font-medium">
              {m.invoice_item()}
            </th>
            <th scope="col" className="px-2 py-2 text-end font-medium">
              {m.invoice_unit_price()}
            </th>
            <th scope="col" className="px-2 py-2 text-end font-medium">
              {m.invoice_qty()}
            </th>
            <th scope="col" className="px-2 py-2 text-end font-medium">
              {m.invoice_vat()}
            </th>
            <th scope="col" className="py-2 text-end font-medium">
              {m.invoice_line_total()}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            // An issued invoice's lines never move: their place is their identity (UBL's line ID).
            // eslint-disable-next-line @eslint-react/no-array-index-key
            <tr key={index} className="border-b border-line align-top">
              <td className={`py-2 ${line.kind === 'service' ? 'ps-4 text-muted' : ''}`}>{lineName(line, locale)}</td>
              <td className="px-2 py-2 text-end">
                <Price amount={sar(line.unit_price)} decimals={appConfig.money.totalDecimals} />
              </td>
              <td className="px-2 py-2 text-end">{line.qty}</td>
              <td className="px-2 py-2 text-end">
                <Price amount={sar(line.vat)} decimals={appConfig.money.totalDecimals} />
              </td>
              <td className="py-2 text-end">
                <Price amount={sar(line.total)} decimals={appConfig.money.totalDecimals} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The discount (if any), the totals without and with VAT, and the VAT. */
function InvoiceTotals({ invoice }: { invoice: InvoiceView }) {
  const { totals } = invoice
  const note = invoice.credit_note
  return (
    <dl className="ms-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
      {invoice.discount > 0 && (
        <>
          <dt>{note ? m.credit_note_discount() : m.invoice_discount()}</dt>
          <dd className="text-end">
            <Price amount={sar(invoice.discount)} decimals={appConfig.money.totalDecimals} negative />
          </dd>
        </>
      )}
      <dt>{m.invoice_total_excl()}</dt>
      <dd className="text-end">
        <Price amount={sar(totals.excl_vat)} decimals={appConfig.money.totalDecimals} />
      </dd>
      <dt>{m.invoice_total_vat({ rate })}</dt>
      <dd className="text-end">
        <Price amount={sar(totals.vat)} decimals={appConfig.money.totalDecimals} />
      </dd>
      <dt className="border-t border-line pt-2 font-bold">{m.invoice_total_incl()}</dt>
      <dd className="border-t border-line pt-2 text-end font-bold">
        <Price amount={sar(totals.incl_vat)} decimals={appConfig.money.totalDecimals} />
      </dd>
    </dl>
  )
}
