/**
 * A simplified tax invoice or credit note as its buyer reads it (docs/decisions/0016-zatca-invoices.md): the shapes the
 * backend issues (worker/integrations/zatca-document.ts, worker/commerce/credit-notes.ts) and the invoice page shows. Types only, shared by the Worker and the pages.
 * Money is in halalas, whole numbers.
 */

import type { NationalAddress } from './seller'

export type { NationalAddress }

/** The seller as configuration names it (src/domain/seller.ts, wrangler.toml [vars]). */
export interface InvoiceSeller {
  name_ar: string
  name_en: string
  /** 15 digits, starting and ending with 3. */
  vat_number: string
  /** 10 digits, or null when not configured. */
  cr_number: string | null
  /** The seller's National Address (BR-KSA-09); absent on invoices issued before the store carried it. */
  address?: NationalAddress | null
}

/**
 * One invoiced line; `delivery` is the order's delivery charge, named by the page in the reader's language; `adjustment`
 * is a credit note's amount given back on the whole invoice (a refund of an amount rather than of units).
 */
export interface InvoiceLine {
  kind: 'product' | 'service' | 'delivery' | 'adjustment'
  sku: string | null
  name_ar: string
  name_en: string
  qty: number
  /** Halalas, VAT included, for one unit. */
  unit_price: number
  /** Halalas, VAT included, for the line. */
  total: number
  /** Halalas of VAT inside `total`. */
  vat: number
}

/** What an issued invoice says, kept as it was issued (the page and the XML read it, never the order again). */
export interface InvoiceContent {
  /** The invoice's UUID (UBL cbc:UUID), given when it was issued. */
  uuid: string
  /** ISO instant of issue (UTC); shown and written in Riyadh time. */
  issued_at: string
  /** The order's number (MJ...). */
  order: string
  seller: InvoiceSeller
  lines: InvoiceLine[]
  /** Halalas, VAT included: coupons, the replacement discount and vouchers, taken off the whole invoice. */
  discount: number
  totals: { excl_vat: number; vat: number; incl_vat: number }
  /** Only on a credit note: the invoice it corrects and why it was issued. */
  credit_note?: CreditNoteReference
  /** Only on a debit note (ZATCA 383): the invoice it adds to and why it was issued. */
  debit_note?: CreditNoteReference
  /**
   * Only on a standard tax invoice (a business buyer who gave a VAT number, ZATCA's B2B "0100000", cleared before it
   * is given) and its notes: the buyer as they gave themselves.
   */
  buyer?: InvoiceBuyer
}

/** A business buyer as a standard tax invoice names them (BR-KSA-42 name, BR-KSA-44 VAT number, BR-KSA-63 address). */
export interface InvoiceBuyer {
  name: string
  /** 15 digits, starting and ending with 3. */
  vat_number: string
  address: NationalAddress
}

/** What a credit note names besides its lines: the invoice it corrects (UBL BillingReference) and ZATCA's KSA-10 reason. */
export interface CreditNoteReference {
  /** The corrected invoice's number, INV-000001. */
  invoice: string
  /** ISO instant the corrected invoice was issued. */
  invoice_issued_at: string
  /** The reason the staff member gave for the refund, as given. */
  reason: string
}

/** A credit note's printed number (worker/integrations/zatca-document.ts `documentId`), as the invoice page's `note`. */
export const creditNoteNumber = /^CN-\d{6,9}$/

/** The kinds of document in the one chain: ZATCA counts invoices, credit and debit notes in one sequence. */
export type DocumentKind = 'invoice' | 'credit_note' | 'debit_note'

/** The invoice page's data: the content, its number, and the QR drawn as modules of an SVG path. */
export interface InvoiceView extends InvoiceContent {
  kind: DocumentKind
  /** INV-000001 or CN-000001: the kind's own gap-free number. */
  number: string
  qr: {
    /** The QR's text: base64 of its TLV. */
    text: string
    /** Modules per side. */
    size: number
    /** The dark modules as one SVG path in a size x size box. */
    path: string
  }
  /** Whether the invoice carries phase 2's hash, signature and public key in its QR (tags 6-9). */
  signed: boolean
  /** On an invoice: the credit notes issued against it so far, oldest first (empty on a credit note). */
  credit_notes: CreditNoteSummary[]
}

/** A credit note as an order's pages list it: its number, what it gave back, when, and where it is printed. */
export interface CreditNoteSummary {
  /** CN-000001. */
  number: string
  /** Halalas, VAT included. */
  amount: number
  /** ISO instant of issue. */
  issued_at: string
  reason: string
  /** The printable page's path in Arabic (prefix /en for English): /invoice?order=MJ...&note=CN-000001. */
  path: string
}

/** What the guest lookup's "Invoice" link leaves in the browser's history entry for the invoice page (never the URL). */
export interface InvoiceHistoryState {
  invoiceMobile?: string
}
