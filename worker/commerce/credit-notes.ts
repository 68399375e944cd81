/**
 * Credit notes (docs/decisions/0016-zatca-invoices.md, "Credit notes"): a refund of an invoiced order, whole, by line or
 * by amount, gets a ZATCA credit note, once per refund; and a charge added after the invoice gets a debit note, once
 * per key, by the same path. It is a document of the same chain as the invoices (one counter
 * and one hash chain for every document, as ZATCA counts them), so it is stored, sealed and reported by the code that
 * does so for invoices (./invoices.ts); only its content is its own: the credited lines at the invoice's own prices,
 * read from the invoice as it was issued and never from the order again, the invoice it corrects and the reason.
 */
import type { CreditNoteSummary, InvoiceContent, InvoiceLine } from '../../src/domain/invoice'
import { vatIncluded } from '../../src/domain/money'
import { m } from '../../src/paraglide/messages.js'
import { documentId, documentSerial, reasonMaxLength } from '../integrations/zatca-document'
import { invoiceStore, type InvoiceRow } from '../storage/invoice-store'
import { refundStore, type RefundRow } from '../storage/refund-store'
import { clearIfStandard, creditNoteSummary, invoiceSeller, isGiven, sealPendingInvoices } from './invoices'

/** A refund as the credit note records it. */
export interface CreditedRefund {
  /** The refund this note records (1:1; the refunds table). */
  refundId: number
  orderId: number
  /** The reason the staff member gave; ZATCA's KSA-10 "reason for issuance". */
  reason: string
  /** What was given back, VAT included; the note totals exactly this. */
  amountHalalas: number
  /** Units given back; [] for an amount-only refund. */
  lines: { sku: string; qty: number }[]
  /** Whether the order's delivery charge is given back too. */
  delivery: boolean
}

/** A refund the invoice cannot record: more than it invoiced. Thrown before anything is stored. */
export class CreditNoteRefused extends Error {
  override name = 'CreditNoteRefused'
}

/** The VAT inside a VAT-inclusive amount of halalas: the store's one rule (src/domain/money.ts `vatIncluded`). */
const vatOf = (halalas: number) => Math.round(vatIncluded(halalas / 100) * 100)

/**
 * The lines a refund credits, at the invoice's prices: each unit given back at its line's price (a part of a line at
 * its share of the line's total, so all of a line is exactly the line), the delivery line when it is given back, or,
 * for a refund of an amount, one adjustment line of that amount. Refuses a unit the invoice does not hold.
 */
function creditedLines(invoice: InvoiceContent, invoiceNumber: string, refund: CreditedRefund): InvoiceLine[] {
  const credited: InvoiceLine[] = []
  const left = invoice.lines.map((line) => (line.kind === 'delivery' ? 0 : line.qty))
  for (const asked of refund.lines) {
    if (!Number.isSafeInteger(asked.qty) || asked.qty <= 0) throw new CreditNoteRefused(`${asked.qty} x ${asked.sku} is not a number of units`)
    let qty = asked.qty
    invoice.lines.forEach((line, index) => {
      const taken = line.sku === asked.sku ? Math.min(qty, left[index]!) : 0
      if (taken === 0) return
      left[index]! -= taken
      qty -= taken
      const total = taken === line.qty ? line.total : Math.round((line.total * taken) / line.qty)
      credited.push({ ...line, qty: taken, total, vat: vatOf(total) })
    })
    if (qty > 0) throw new CreditNoteRefused(`${asked.qty} x ${asked.sku} is more than invoice ${invoiceNumber} holds`)
  }
  const delivery = invoice.lines.find((line) => line.kind === 'delivery')
  if (refund.delivery && delivery) credited.push(delivery)
  if (credited.length > 0) return credited
  // A refund of an amount: one line on the whole invoice, named in both languages as the printed note and the XML show it.
  const name = (locale: 'ar' | 'en') => m.credit_note_adjustment_line({ invoice: invoiceNumber }, { locale })
  const total = refund.amountHalalas
  return [{ kind: 'adjustment', sku: null, name_ar: name('ar'), name_en: name('en'), qty: 1, unit_price: total, total, vat: vatOf(total) }]
}

/**
 * The credit note's content: the credited lines, less a discount when the amount is smaller than they are (the order's
 * discount had its share of them, or the staff member gave back less), so that the note totals exactly the amount.
 * Refuses an amount above the lines or above the invoice.
 */
export function creditNoteContent(
  invoice: InvoiceContent,
  invoiceNumber: string,
  refund: CreditedRefund,
  seller: InvoiceContent['seller'],
  uuid: string,
  issuedAt: Date,
): InvoiceContent {
  const amount = refund.amountHalalas
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new CreditNoteRefused(`a credit note's amount is whole halalas above nothing, not ${amount}`)
  if (amount > invoice.totals.incl_vat)
    throw new CreditNoteRefused(`${amount} halalas is more than invoice ${invoiceNumber} (${invoice.totals.incl_vat})`)
  const reason = refund.reason.trim().slice(0, reasonMaxLength)
  if (!reason) throw new CreditNoteRefused('a credit note needs the reason it is issued for (KSA-10)')
  const lines = creditedLines(invoice, invoiceNumber, refund)
  const linesTotal = lines.reduce((sum, line) => sum + line.total, 0)
  if (amount > linesTotal) throw new CreditNoteRefused(`${amount} halalas is more than the credited lines (${linesTotal})`)
  const vat = vatOf(amount)
  return {
    uuid,
    issued_at: issuedAt.toISOString(),
    order: invoice.order,
    seller,
    lines,
    discount: linesTotal - amount,
    totals: { excl_vat: amount - vat, vat, incl_vat: amount },
    credit_note: { invoice: invoiceNumber, invoice_issued_at: invoice.issued_at, reason },
    // A standard invoice's notes are standard too: they name its buyer and are cleared as it was.
    ...(invoice.buyer ? { buyer: invoice.buyer } : {}),
  }
}

/**
 * Issues the credit note of a refund of an invoiced order, once per refund: a second call, or a racing one, answers
 * the same note. Null when the order has no invoice (nothing was invoiced, so nothing is credited) or no seller is
 * configured. Throws CreditNoteRefused, storing nothing, for a refund the invoice cannot record: more units than it
 * holds, more than its lines or its total, or, with the notes issued before, more than the invoice in all.
 */
export async function issueCreditNote(env: Env, refund: CreditedRefund, now = new Date()): Promise<InvoiceRow | null> {
  const invoices = invoiceStore(env.DB)
  let note = await invoices.byRefund(refund.refundId)
  if (note && note.order_id !== refund.orderId) throw new CreditNoteRefused(`refund ${refund.refundId} is another order's`)
  if (!note) {
    const invoice = await invoices.byOrder(refund.orderId)
    const seller = invoiceSeller(env)
    if (!invoice || !seller) return null
    const invoiceNumber = documentId(invoice.kind, invoice.serial)
    const issued = JSON.parse(invoice.content) as InvoiceContent
    const content = creditNoteContent(issued, invoiceNumber, refund, seller, crypto.randomUUID(), now)
    const amount = content.totals.incl_vat
    const stored = await invoices.issueCreditNote(
      refund.orderId,
      refund.refundId,
      amount,
      issued.totals.incl_vat,
      content.uuid,
      content.issued_at,
      JSON.stringify(content),
    )
    note = await invoices.byRefund(refund.refundId)
    // Not stored, and no note for this refund: the order's notes would together credit more than the invoice.
    if (!stored && !note) throw new CreditNoteRefused(`refund ${refund.refundId} would credit invoice ${invoiceNumber} beyond its total`)
  }
  if (note && note.hash === null) {
    await sealPendingInvoices(env)
    note = await invoices.byRefund(refund.refundId)
  }
  return note && clearIfStandard(env, note, now)
}

/** What a done refund gives back, as its credit note records it. */
export const creditedRefund = (refund: RefundRow): CreditedRefund => ({
  refundId: refund.id,
  orderId: refund.order_id,
  reason: refund.reason,
  amountHalalas: refund.amount,
  lines: refund.lines,
  delivery: refund.delivery,
})

/**
 * The job's part: done refunds of invoiced orders without their note get it (a note that failed to issue with its
 * refund, or a refund made before the invoice was). Answers how many were issued; one refused is logged and the
 * others still get theirs.
 */
export async function issueMissingCreditNotes(env: Env, limit: number, now = new Date()): Promise<number> {
  let issued = 0
  for (const refund of await refundStore(env.DB).withoutCreditNote(limit)) {
    try {
      if (await issueCreditNote(env, creditedRefund(refund), now)) issued += 1
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'credit note not issued', refund: refund.id, error: String(error) }))
    }
  }
  return issued
}

/** A charge added to an invoiced order after its invoice (a debit note records it): the amount and why. */
export interface DebitedCharge {
  /** The caller's key for this charge: the same key is the same note, however often it is asked for. */
  key: string
  orderId: number
  /** ZATCA's KSA-10 reason for issuance. */
  reason: string
  /** VAT included, whole halalas. */
  amountHalalas: number
}

/**
 * A debit note's content (ZATCA 383): one adjustment line of the amount on the invoice, named in both languages as
 * a credit note's amount-only line is, its VAT by the store's rule, and the invoice it adds to with the reason.
 */
export function debitNoteContent(
  invoice: InvoiceContent,
  invoiceNumber: string,
  charge: DebitedCharge,
  seller: InvoiceContent['seller'],
  uuid: string,
  issuedAt: Date,
): InvoiceContent {
  const amount = charge.amountHalalas
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new CreditNoteRefused(`a debit note's amount is whole halalas above nothing, not ${amount}`)
  const reason = charge.reason.trim().slice(0, reasonMaxLength)
  if (!reason) throw new CreditNoteRefused('a debit note needs the reason it is issued for (KSA-10)')
  const name = (locale: 'ar' | 'en') => m.credit_note_adjustment_line({ invoice: invoiceNumber }, { locale })
  const vat = vatOf(amount)
  return {
    uuid,
    issued_at: issuedAt.toISOString(),
    order: invoice.order,
    seller,
    lines: [{ kind: 'adjustment', sku: null, name_ar: name('ar'), name_en: name('en'), qty: 1, unit_price: amount, total: amount, vat }],
    discount: 0,
    totals: { excl_vat: amount - vat, vat, incl_vat: amount },
    debit_note: { invoice: invoiceNumber, invoice_issued_at: invoice.issued_at, reason },
    ...(invoice.buyer ? { buyer: invoice.buyer } : {}),
  }
}

/**
 * Issues the debit note of a charge on an invoiced order, once per key, through the same chain, sealing and reporting
 * as invoices and credit notes. Null when the order has no invoice or no seller is configured.
 */
export async function issueDebitNote(env: Env, charge: DebitedCharge, now = new Date()): Promise<InvoiceRow | null> {
  const invoices = invoiceStore(env.DB)
  let note = await invoices.byDebitKey(charge.key)
  if (note && note.order_id !== charge.orderId) throw new CreditNoteRefused(`debit ${charge.key} is another order's`)
  if (!note) {
    const invoice = await invoices.byOrder(charge.orderId)
    const seller = invoiceSeller(env)
    if (!invoice || !seller) return null
    const issued = JSON.parse(invoice.content) as InvoiceContent
    const content = debitNoteContent(issued, documentId(invoice.kind, invoice.serial), charge, seller, crypto.randomUUID(), now)
    await invoices.issueDebitNote(charge.orderId, charge.key, content.uuid, content.issued_at, JSON.stringify(content))
    note = await invoices.byDebitKey(charge.key)
  }
  if (note && note.hash === null) {
    await sealPendingInvoices(env)
    note = await invoices.byDebitKey(charge.key)
  }
  return note && clearIfStandard(env, note, now)
}

/** An order's credit notes, oldest first, as its pages list them (number, amount, issued_at, reason, path). */
export async function creditNotesOf(env: Env, orderId: number): Promise<CreditNoteSummary[]> {
  return (await invoiceStore(env.DB).creditNotes(orderId)).filter(isGiven).map(creditNoteSummary)
}

/** The order's credit note by its printed number (CN-000001), or null. */
export async function creditNoteOf(env: Env, orderId: number, number: string): Promise<InvoiceRow | null> {
  const serial = documentSerial('credit_note', number)
  return serial === null ? null : invoiceStore(env.DB).creditNote(orderId, serial)
}
