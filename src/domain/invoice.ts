/**
 * A simplified tax invoice as its buyer reads it (docs/decisions/0016-zatca-invoices.md): the shapes the backend issues
 * (worker/integrations/zatca-document.ts) and the invoice page shows. Types only, shared by the Worker and the pages.
 * Money is in halalas, whole numbers.
 */

/** The seller as configuration names it (src/domain/seller.ts, wrangler.toml [vars]). */
export interface InvoiceSeller {
  name_ar: string
  name_en: string
  /** 15 digits, starting and ending with 3. */
  vat_number: string
  /** 10 digits, or null when not configured. */
  cr_number: string | null
}

/** One invoiced line; `delivery` is the order's delivery charge, named by the page in the reader's language. */
export interface InvoiceLine {
  kind: 'product' | 'service' | 'delivery'
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
}

/** The invoice page's data: the content, its number, and the QR drawn as modules of an SVG path. */
export interface InvoiceView extends InvoiceContent {
  /** INV-000001: the gap-free sequence's number. */
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
}

/** What the guest lookup's "Invoice" link leaves in the browser's history entry for the invoice page (never the URL). */
export interface InvoiceHistoryState {
  invoiceMobile?: string
}
