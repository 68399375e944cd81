// Credit notes (docs/decisions/0016-zatca-invoices.md, "Credit notes"): a refund of an invoiced order gets one note,
// however often or however concurrently it is asked for; the note credits the invoice's own lines at its prices and
// totals exactly the amount given back; it is numbered in its own gap-free series (CN-) while the chain's counter (ICV)
// and hash chain run across invoices and notes alike; and the embedded ZATCA accepts it only after its invoice.
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import {
  CreditNoteRefused,
  creditNotesOf,
  issueCreditNote,
  issueDebitNote,
  issueMissingCreditNotes,
  type CreditedRefund,
} from '~/commerce/credit-notes'
import { invoiceSeller, issueInvoice, reportInvoices } from '~/commerce/invoices'
import { zatcaGateway } from '~/integrations/zatca-unit'
import { decodeTlv, fromBase64, hashedFormOf, initialPreviousHash, sha256Base64, toBase64, verifyBytes } from '~/integrations/zatca-document'
import { zatcaSandboxApi } from '~/integrations/zatca-sandbox'
import { invoiceStore, type InvoiceRow } from '~/storage/invoice-store'
import { orderStore } from '~/storage/order-store'
import type { CartTotals } from '@/domain/cart'
import type { InvoiceContent, InvoiceView } from '@/domain/invoice'
import { orderSignature } from '~/commerce/sandbox-link'
import { call, newGuestCart } from './commerce-helpers'

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes)
const pad = (serial: number) => String(serial).padStart(6, '0')

let stored = 0
let refunds = 1000
const nextRefund = () => (refunds += 1)

/**
 * A paid order: 2 x TV-1 at 100, 1 x FEE-1 at 50 (a service of the TV), delivery 30, and 40 of coupons: 240 in all.
 * Stored directly, as the invoice tests do.
 */
async function paidOrder(): Promise<number> {
  stored += 1
  const quote = `credit-note-test-${stored}-${crypto.randomUUID()}`
  const totals = { subtotal: 250, discount: 40, delivery: 30, vat: 31.3, grand_total: 240 } as CartTotals
  const address = { firstname: 'Sara', lastname: 'Q', street: 'King Fahd Rd', building: '1', district: 'Olaya', city: 'Riyadh', region_id: 1101 }
  const item = { product_id: 0, image: '', fee_option_id: null }
  const refused = await orderStore(env.DB).place(
    {
      increment_id: `MJ${String(Date.now()).slice(-8)}${String(stored).padStart(6, '0')}`,
      quote_id: quote,
      customer_id: null,
      email: 'buyer@example.com',
      region_id: 1101,
      payment_method: 'card',
      status: 'processing',
      totals,
      locale: 'ar',
      customer_name: 'Sara',
      phone: '966500000000',
      phone_verified: false,
      shipping_address: address as never,
      billing_address: null,
      delivery_date: '2026-12-01',
      shipping_method: 'standard',
      items: [
        { ...item, sku: 'TV-1', name: 'Television', name_ar: 'تلفاز', qty: 2, price: 100, parent_sku: null },
        { ...item, sku: 'FEE-1', name: 'Installation', name_ar: 'تركيب', qty: 1, price: 50, parent_sku: 'TV-1' },
      ],
      stock: [],
      giftVoucher: null,
      erpVoucher: null,
      coupon: null,
    },
    new Date(),
  )
  expect(refused).toBeNull()
  return (await orderStore(env.DB).forQuote(quote))!.id
}

async function invoicedOrder(): Promise<{ orderId: number; invoice: InvoiceRow }> {
  const orderId = await paidOrder()
  const invoice = (await issueInvoice(env, orderId))!
  expect(invoice.kind).toBe('invoice')
  return { orderId, invoice }
}

const refund = (orderId: number, fields: Partial<CreditedRefund> = {}): CreditedRefund => ({
  refundId: nextRefund(),
  orderId,
  reason: 'Returned: arrived damaged',
  amountHalalas: 10000,
  lines: [{ sku: 'TV-1', qty: 1 }],
  delivery: false,
  ...fields,
})

async function allDocuments(): Promise<InvoiceRow[]> {
  return (await env.DB.prepare('SELECT * FROM invoices ORDER BY number').all<InvoiceRow>()).results
}

const contentOf = (row: InvoiceRow) => JSON.parse(row.content) as InvoiceContent

describe('a credit note', () => {
  it('credits the invoice`s lines at its prices, less a discount to the amount, and names the invoice and the reason', async () => {
    const { orderId, invoice } = await invoicedOrder()
    // One TV of the two (100) and the delivery (30) given back, but 110 refunded: the coupon's share stays.
    const note = (await issueCreditNote(env, refund(orderId, { amountHalalas: 11000, delivery: true })))!
    expect(note).toMatchObject({ kind: 'credit_note', order_id: orderId })
    const content = contentOf(note)
    expect(content.lines.map((l) => [l.kind, l.sku, l.qty, l.unit_price, l.total, l.vat])).toEqual([
      ['product', 'TV-1', 1, 10000, 10000, 1304],
      ['delivery', null, 1, 3000, 3000, 391],
    ])
    expect(content.discount).toBe(2000)
    // VAT by the store's one rule on the amount: vatIncluded(110) = 14.35.
    expect(content.totals).toEqual({ incl_vat: 11000, vat: 1435, excl_vat: 9565 })
    expect(content.lines.reduce((sum, l) => sum + l.total, 0) - content.discount).toBe(content.totals.incl_vat)
    const invoiceNumber = `INV-${pad(invoice.serial)}`
    expect(content.credit_note).toEqual({ invoice: invoiceNumber, invoice_issued_at: invoice.issued_at, reason: 'Returned: arrived damaged' })

    const xml = note.xml!
    expect(xml).toContain(`<cbc:ID>CN-${pad(note.serial)}</cbc:ID><cbc:UUID>${note.uuid}</cbc:UUID>`)
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>')
    expect(xml).toContain(
      `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${invoiceNumber}</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>`,
    )
    expect(xml).toContain(
      '<cac:PaymentMeans><cbc:PaymentMeansCode>1</cbc:PaymentMeansCode><cbc:InstructionNote>Returned: arrived damaged</cbc:InstructionNote></cac:PaymentMeans>',
    )
    expect(xml).toContain(`<cbc:ID>ICV</cbc:ID><cbc:UUID>${note.number}</cbc:UUID>`)
    expect(xml).toContain('<cbc:PayableAmount currencyID="SAR">110.00</cbc:PayableAmount>')

    // The QR: tags 1-5 of the note itself, 6-9 as an invoice's.
    const tags = decodeTlv(fromBase64(note.qr!))
    expect([...tags.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(text(tags.get(2))).toBe('399999999900003')
    expect(text(tags.get(4))).toBe('110.00')
    expect(text(tags.get(5))).toBe('14.35')
    expect(text(tags.get(6))).toBe(note.hash)
    expect(text(tags.get(7))).toBe(note.signature)
    expect(verifyBytes(fromBase64(note.signature!), fromBase64(note.hash!), tags.get(8)!)).toBe(true)

    // Chained: its PIH is the hash of the document before it, whatever its kind.
    const previous = (await invoiceStore(env.DB).byNumber(note.number - 1))!
    expect(note.previous_hash).toBe(previous.hash)
    expect(xml).toContain(`<cbc:ID>PIH</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${previous.hash}<`)
    expect(await sha256Base64(hashedFormOf(xml))).toBe(note.hash)

    expect(await creditNotesOf(env, orderId)).toEqual([
      {
        number: `CN-${pad(note.serial)}`,
        amount: 11000,
        issued_at: note.issued_at,
        reason: 'Returned: arrived damaged',
        path: `/invoice?order=${content.order}&note=CN-${pad(note.serial)}`,
      },
    ])
  })

  it('of an amount alone is one adjustment line naming the invoice in both languages', async () => {
    const { orderId, invoice } = await invoicedOrder()
    const note = (await issueCreditNote(env, refund(orderId, { amountHalalas: 2550, lines: [] })))!
    const content = contentOf(note)
    const invoiceNumber = `INV-${pad(invoice.serial)}`
    expect(content.lines).toEqual([
      {
        kind: 'adjustment',
        sku: null,
        name_ar: `تسوية على الفاتورة ${invoiceNumber}`,
        name_en: `Adjustment to invoice ${invoiceNumber}`,
        qty: 1,
        unit_price: 2550,
        total: 2550,
        vat: 333,
      },
    ])
    expect(content.discount).toBe(0)
    expect(content.totals).toEqual({ incl_vat: 2550, vat: 333, excl_vat: 2217 })
    expect(note.xml).toContain(`<cbc:Name>تسوية على الفاتورة ${invoiceNumber} / Adjustment to invoice ${invoiceNumber}</cbc:Name>`)
  })

  it('is refused, and nothing stored, above the invoice, above its lines, for units it does not hold or beyond earlier notes', async () => {
    const { orderId } = await invoicedOrder()
    const before = (await allDocuments()).length
    await expect(issueCreditNote(env, refund(orderId, { amountHalalas: 24001, lines: [] }))).rejects.toThrow(CreditNoteRefused)
    await expect(issueCreditNote(env, refund(orderId, { amountHalalas: 10001 }))).rejects.toThrow(/more than the credited lines/)
    await expect(issueCreditNote(env, refund(orderId, { lines: [{ sku: 'TV-1', qty: 3 }] }))).rejects.toThrow(/more than invoice/)
    await expect(issueCreditNote(env, refund(orderId, { lines: [{ sku: 'NOT-SOLD', qty: 1 }] }))).rejects.toThrow(CreditNoteRefused)
    await expect(issueCreditNote(env, refund(orderId, { reason: '  ' }))).rejects.toThrow(/reason/)
    expect((await allDocuments()).length).toBe(before)

    // Two notes may not together credit more than the invoice: 200 then 50 of 240.
    expect(await issueCreditNote(env, refund(orderId, { amountHalalas: 20000, lines: [{ sku: 'TV-1', qty: 2 }] }))).not.toBeNull()
    await expect(issueCreditNote(env, refund(orderId, { amountHalalas: 5000, lines: [] }))).rejects.toThrow(/beyond its total/)
    expect((await allDocuments()).length).toBe(before + 1)
  })

  it('is none for an order without an invoice', async () => {
    const orderId = await paidOrder()
    expect(await issueCreditNote(env, refund(orderId))).toBeNull()
    expect(await creditNotesOf(env, orderId)).toEqual([])
  })
})

describe('the printable credit note', () => {
  it('opens for exactly whoever may open the invoice, which lists it', async () => {
    const { orderId, invoice } = await invoicedOrder()
    const other = await invoicedOrder()
    const note = (await issueCreditNote(env, refund(orderId, { amountHalalas: 4000, lines: [] })))!
    const elsewhere = (await issueCreditNote(env, refund(other.orderId, { amountHalalas: 4000, lines: [] })))!
    const number = `CN-${pad(note.serial)}`
    const increment = contentOf(invoice).order
    const caller = await newGuestCart()
    const lookup = { increment, mobilenumber: '0500000000' }

    const shownInvoice = await call(caller, 'POST', '/orders/lookup/invoice', lookup)
    expect(shownInvoice.status).toBe(200)
    expect((shownInvoice.body as InvoiceView).credit_notes).toEqual([expect.objectContaining({ number, amount: 4000 })])
    const shown = await call(caller, 'POST', '/orders/lookup/invoice', { ...lookup, note: number })
    expect(shown.status).toBe(200)
    expect(shown.body as InvoiceView).toMatchObject({
      kind: 'credit_note',
      number,
      credit_note: { invoice: `INV-${pad(invoice.serial)}`, reason: 'Returned: arrived damaged' },
      qr: { text: note.qr },
      credit_notes: [],
    })
    // The email's signed link opens the order's notes too; another order's note is no note of this order.
    const sig = await orderSignature(env, increment, 'invoice')
    expect((await call(caller, 'POST', '/orders/invoice/signed', { increment, sig, note: number })).status).toBe(200)
    expect((await call(caller, 'POST', '/orders/invoice/signed', { increment, sig, note: `CN-${pad(elsewhere.serial)}` })).status).toBe(404)
    expect((await call(caller, 'POST', '/orders/lookup/invoice', { ...lookup, mobilenumber: '0555555555', note: number })).status).toBe(404)
  })
})

describe('the sequence', () => {
  it('is one per refund, however often and however concurrently it is asked for', async () => {
    const { orderId } = await invoicedOrder()
    const once = refund(orderId)
    const [first, second] = await Promise.all([issueCreditNote(env, once), issueCreditNote(env, once)])
    expect(first!.number).toBe(second!.number)
    expect(await issueCreditNote(env, once)).toEqual(first)
    expect((await allDocuments()).filter((row) => row.refund_id === once.refundId)).toHaveLength(1)
  })

  it('numbers each kind without a gap while the chain`s counter and hash chain run across both', async () => {
    const [a, b] = [await invoicedOrder(), await invoicedOrder()]
    const [c, d] = [await paidOrder(), await paidOrder()]
    const before = await allDocuments()
    // Two orders are invoiced and two others credited, all at once: invoice, note, invoice, note.
    const issued = await Promise.all([
      issueInvoice(env, c),
      issueCreditNote(env, refund(a.orderId)),
      issueInvoice(env, d),
      issueCreditNote(env, refund(b.orderId)),
    ])
    expect(issued.every((row) => row !== null)).toBe(true)
    const rows = await allDocuments()
    expect(rows.length).toBe(before.length + 4)
    // The counter: every number from 1 to the last once, each document chained to the one before it.
    expect(rows.map((row) => row.number)).toEqual(rows.map((_, index) => index + 1))
    for (const [index, row] of rows.entries()) {
      expect(row.previous_hash).toBe(index === 0 ? initialPreviousHash : rows[index - 1]!.hash)
      expect(await sha256Base64(hashedFormOf(row.xml!))).toBe(row.hash)
      expect(row.xml).toContain(`<cbc:ID>ICV</cbc:ID><cbc:UUID>${row.number}</cbc:UUID>`)
      expect(row.xml).toContain(`<cbc:ID>${row.kind === 'invoice' ? 'INV' : 'CN'}-${pad(row.serial)}</cbc:ID><cbc:UUID>`)
    }
    // Each kind's serials: 1 to its last, once each.
    for (const kind of ['invoice', 'credit_note']) {
      const serials = rows.filter((row) => row.kind === kind).map((row) => row.serial)
      expect(serials).toEqual(serials.map((_, index) => index + 1))
    }
  })
})

describe('reporting a credit note', () => {
  it('waits for its invoice, and the embedded ZATCA refuses a note naming an invoice it was never sent', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    // Everything issued so far is reported first, in chain order.
    await reportInvoices(env, new Date())
    const { orderId, invoice } = await invoicedOrder()
    const note = (await issueCreditNote(env, refund(orderId, { amountHalalas: 5000, lines: [] })))!

    // Sent on its own before its invoice, the note is refused.
    const client = zatcaGateway(env, invoiceSeller(env), async (request) => zatcaSandboxApi.fetch(request, env))
    const alone = await client.reportSingle({ invoiceHash: note.hash!, uuid: note.uuid, invoice: toBase64(new TextEncoder().encode(note.xml!)) })
    expect(alone.status).toBe(400)
    // Out of the chain's order (its previous hash is its invoice's, which ZATCA never took), and naming that invoice.
    expect(alone.answer?.validationResults.errorMessages.map((m) => m.code)).toEqual(['BR-KSA-61', 'invalid-billing-reference'])

    // The job sends nothing of the note while its invoice fails, then both in order.
    const now = new Date()
    const sent: string[] = []
    let failing = true
    const fetcher = async (request: Request) => {
      const body = (await request.clone().json()) as { uuid: string }
      sent.push(body.uuid)
      return failing ? new Response('upstream unavailable', { status: 503 }) : zatcaSandboxApi.fetch(request, env)
    }
    expect(await reportInvoices(env, now, fetcher)).toMatchObject({ reported: 0, failed: 1 })
    expect(sent).toEqual([invoice.uuid])
    failing = false
    const later = new Date(now.getTime() + 5 * 60_000)
    // In chain order: the invoice, then its note.
    expect(await reportInvoices(env, later, fetcher)).toMatchObject({ reported: 2, refused: 0 })
    expect(sent).toEqual([invoice.uuid, invoice.uuid, note.uuid])
    expect(await invoiceStore(env.DB).byRefund(note.refund_id!)).toMatchObject({ reporting_status: 'REPORTED' })
    expect(error).not.toHaveBeenCalled()
  })
})

describe('the five-minute job', () => {
  it('issues the note of a refund made before its order was invoiced, once the invoice is, and only once', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const orderId = await paidOrder()
    const { meta } = await env.DB.prepare(
      `INSERT INTO order_refunds (order_id, request_key, amount, lines, delivery, reason, method, status, created_at, done_at)
       VALUES (?1, 'job-test', 10000, '[{"sku":"TV-1","qty":1}]', 0, 'Returned', 'provider', 'done', ?2, ?2)`,
    )
      .bind(orderId, new Date().toISOString())
      .run()
    const refundId = meta.last_row_id
    // No invoice yet: nothing to credit, nothing issued.
    expect(await issueMissingCreditNotes(env, 10)).toBe(0)
    await issueInvoice(env, orderId)
    expect(await issueMissingCreditNotes(env, 10)).toBe(1)
    expect(await issueMissingCreditNotes(env, 10)).toBe(0)
    const notes = (await allDocuments()).filter((row) => row.refund_id === refundId)
    expect(notes.map((row) => [row.kind, contentOf(row).totals.incl_vat])).toEqual([['credit_note', 10000]])
  })
})

describe('a debit note', () => {
  it('adds a charge to an invoiced order once per key, in the same chain, and ZATCA takes it after its invoice', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await reportInvoices(env, new Date())
    const { orderId, invoice } = await invoicedOrder()
    const charge = { key: `debit-${crypto.randomUUID()}`, orderId, reason: 'Delivery to a second address', amountHalalas: 2300 }
    const [note, again] = await Promise.all([issueDebitNote(env, charge), issueDebitNote(env, charge)])
    expect(again!.number).toBe(note!.number)
    expect(note).toMatchObject({ kind: 'debit_note', serial: 1, previous_hash: expect.any(String) })
    expect(note!.number).toBeGreaterThan(invoice.number)
    // 383 naming the invoice, the reason, the amount with its VAT (23.00 with 3.00 VAT).
    const xml = note!.xml!
    expect(xml).toContain('<cbc:ID>DN-000001</cbc:ID>')
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0200000">383</cbc:InvoiceTypeCode>')
    expect(xml).toContain(`<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>INV-${pad(invoice.serial)}</cbc:ID>`)
    expect(xml).toContain('<cbc:InstructionNote>Delivery to a second address</cbc:InstructionNote>')
    expect(xml).toContain('<cbc:TaxInclusiveAmount currencyID="SAR">23.00</cbc:TaxInclusiveAmount>')
    expect(xml).toContain('<cbc:TaxAmount currencyID="SAR">3.00</cbc:TaxAmount>')
    expect(await reportInvoices(env, new Date())).toMatchObject({ reported: 2, refused: 0, failed: 0 })
    expect(await invoiceStore(env.DB).byNumber(note!.number)).toMatchObject({ reporting_status: 'REPORTED' })
    // Nothing to add to: an order without an invoice gets none; a charge of nothing is refused.
    expect(await issueDebitNote(env, { ...charge, key: 'debit-none', orderId: await paidOrder() })).toBeNull()
    await expect(issueDebitNote(env, { ...charge, key: 'debit-zero', amountHalalas: 0 })).rejects.toThrow(CreditNoteRefused)
    expect(error).not.toHaveBeenCalled()
  })
})
