// Simplified tax invoices (docs/decisions/0016-zatca-invoices.md): issued on payment and, for cash on delivery, by
// `issueInvoice` at delivery; numbered without gap or duplicate however many are issued at once; chained in number
// order; reported to the embedded ZATCA, which checks what it receives, with a retry after a failure.
import { env, SELF } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { decodeTlv, fromBase64, hashedFormOf, initialPreviousHash, sha256Base64, toBase64, verifyBytes } from '~/integrations/zatca-document'
import { invoiceSeller, issueInvoice, reportInvoices } from '~/commerce/invoices'
import { orderSignature } from '~/commerce/sandbox-link'
import { zatcaGateway } from '~/integrations/zatca-unit'
import { zatcaSandboxApi } from '~/integrations/zatca-sandbox'
import { invoiceStore, type InvoiceRow } from '~/storage/invoice-store'
import { orderStore } from '~/storage/order-store'
import type { CartTotals } from '@/domain/cart'
import type { InvoiceView } from '@/domain/invoice'
import { call, newGuestCart, orderBody, origin, sellableSku } from './commerce-helpers'

const onThisMachine = (url: string) => url.replace(origin, 'http://localhost')
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes)

afterEach(() => {
  vi.restoreAllMocks()
})

/** An order as paid, stored directly (the concurrency test needs many, fast). */
let stored = 0
async function paidOrder(total = 230): Promise<number> {
  stored += 1
  const quote = `invoice-test-${stored}-${crypto.randomUUID()}`
  const totals = { subtotal: total, discount: 0, delivery: 0, vat: Math.round((total - total / 1.15) * 100) / 100, grand_total: total } as CartTotals
  const address = { firstname: 'Sara', lastname: 'Q', street: 'King Fahd Rd', building: '1', district: 'Olaya', city: 'Riyadh', region_id: 1101 }
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
        { product_id: 0, sku: 'TEST-1', name: 'Kettle', name_ar: 'غلاية', image: '', qty: 1, price: total, fee_option_id: null, parent_sku: null },
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

async function allInvoices(): Promise<InvoiceRow[]> {
  return (await env.DB.prepare('SELECT * FROM invoices ORDER BY number').all<InvoiceRow>()).results
}

/** Every number from 1 to the last, once each, and each invoice chained to the one before. */
async function expectUnbrokenChain() {
  const rows = await allInvoices()
  expect(rows.map((row) => row.number)).toEqual(rows.map((_, index) => index + 1))
  for (const [index, row] of rows.entries()) {
    expect(row.previous_hash).toBe(index === 0 ? initialPreviousHash : rows[index - 1]!.hash)
    expect(await sha256Base64(hashedFormOf(row.xml!))).toBe(row.hash)
    expect(row.xml).toContain(`<cbc:ID>ICV</cbc:ID><cbc:UUID>${row.number}</cbc:UUID>`)
  }
}

describe('a card order', () => {
  it('gets its invoice when it is paid, with every QR tag, and its confirmation email links to it', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const caller = await newGuestCart()
    const sku = await sellableSku('p.entity_id > 1400 AND p.price BETWEEN 100 AND 3000')
    await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: 1101 } })
    const placed = await call(caller, 'POST', '/cart/placeOrder', await orderBody(caller, 'card', 'invoice@example.com'))
    expect(placed.status).toBe(200)
    const order = placed.body as { order_id: number; increment_id: string; grand_total: number; payment_url: string }
    expect(await invoiceStore(env.DB).byOrder(order.order_id)).toBeNull()

    const paid = await SELF.fetch(onThisMachine(order.payment_url), {
      method: 'POST',
      body: new URLSearchParams({ name: 'Huda Alharbi', number: '4201320111111010', month: '12', year: '2030', cvc: '123' }),
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    const invoice = (await invoiceStore(env.DB).byOrder(order.order_id))!
    expect(invoice.number).toBeGreaterThan(0)
    expect(invoice.hash).toBeTruthy()

    const tags = decodeTlv(fromBase64(invoice.qr!))
    expect([...tags.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    // Development without a configured seller: ZATCA's sample identity, marked as development.
    expect(text(tags.get(1))).toBe('متجر (بيئة التطوير)')
    expect(text(tags.get(2))).toBe('399999999900003')
    expect(text(tags.get(3))).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/)
    expect(text(tags.get(4))).toBe(order.grand_total.toFixed(2))
    expect(Number(text(tags.get(5)))).toBeCloseTo(order.grand_total - order.grand_total / 1.15, 2)
    expect(text(tags.get(6))).toBe(invoice.hash)
    expect(text(tags.get(7))).toBe(invoice.signature)
    expect(verifyBytes(fromBase64(invoice.signature!), fromBase64(invoice.hash!), tags.get(8)!)).toBe(true)
    expect(tags.get(9)!.length).toBeGreaterThan(60)

    const email = await env.DB.prepare("SELECT body FROM outbox WHERE channel = 'email' AND recipient = 'invoice@example.com'").first<{
      body: string
    }>()
    // The guest paid by card: no verified mobile to look the order up with, so the email's link is signed.
    const link = new URL(/https:\/\/\S+\/en\/invoice\?order=MJ\d+&sig=[\w-]{43}/.exec(email!.body)![0])
    expect(link.searchParams.get('order')).toBe(order.increment_id)
    const signed = { increment: order.increment_id, sig: link.searchParams.get('sig')! }
    const opened = await call(caller, 'POST', '/orders/invoice/signed', signed)
    expect(opened.status).toBe(200)
    expect((opened.body as InvoiceView).qr.text).toBe(invoice.qr)
    // The payment link's signature is another key's: it opens no invoice, nor does a signature of another order.
    expect((await call(caller, 'POST', '/orders/invoice/signed', { ...signed, sig: await orderSignature(env, order.increment_id) })).status).toBe(404)
    expect((await call(caller, 'POST', '/orders/invoice/signed', { ...signed, increment: 'MJ1234567890' })).status).toBe(404)
    // Paying again (the webhook delivered twice) issues nothing more.
    await issueInvoice(env, order.order_id)
    expect((await allInvoices()).filter((row) => row.order_id === order.order_id)).toHaveLength(1)
  })
})

describe('a cash-on-delivery order', () => {
  it('has no invoice until delivered; issuing it then twice gives the one invoice, which its guest buyer can read', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const caller = await newGuestCart()
    const sku = await sellableSku('p.entity_id > 1400 AND p.price BETWEEN 100 AND 3000')
    await call(caller, 'POST', '/cart/add', { sku, qty: 2, extension_attributes: { region: 1101 } })
    const body = await orderBody(caller, 'cashondelivery')
    const placed = await call(caller, 'POST', '/cart/placeOrder', body)
    expect(placed.status).toBe(200)
    const order = placed.body as { order_id: number; increment_id: string; grand_total: number }
    expect(await invoiceStore(env.DB).byOrder(order.order_id)).toBeNull()
    const lookup = { increment: order.increment_id, mobilenumber: body.checkout.contact.mobile }
    expect((await call(caller, 'POST', '/orders/lookup/invoice', lookup)).status).toBe(404)

    // The fulfilment step "delivered" calls this.
    const first = await issueInvoice(env, order.order_id)
    const second = await issueInvoice(env, order.order_id)
    expect(first).not.toBeNull()
    expect(second).toEqual(first)

    const shown = await call(caller, 'POST', '/orders/lookup/invoice', lookup)
    expect(shown.status).toBe(200)
    const view = shown.body as InvoiceView
    expect(view.number).toBe(`INV-${String(first!.number).padStart(6, '0')}`)
    expect(view.order).toBe(order.increment_id)
    expect(view.totals.incl_vat).toBe(Math.round(order.grand_total * 100))
    expect(view.totals.excl_vat + view.totals.vat).toBe(view.totals.incl_vat)
    expect(view.lines[0]).toMatchObject({ kind: 'product', sku, qty: 2 })
    expect(view.qr.text).toBe(first!.qr)
    expect(view.qr.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/)
    expect(view.signed).toBe(true)
    // Somebody else's mobile: as if there were no such order.
    expect((await call(caller, 'POST', '/orders/lookup/invoice', { ...lookup, mobilenumber: '0555555555' })).status).toBe(404)
  })

  it('is not invoiced while it waits for payment, nor once cancelled', async () => {
    const orderId = await paidOrder()
    await env.DB.prepare("UPDATE orders SET status = 'pending_payment' WHERE id = ?").bind(orderId).run()
    expect(await issueInvoice(env, orderId)).toBeNull()
    await env.DB.prepare("UPDATE orders SET status = 'canceled' WHERE id = ?").bind(orderId).run()
    expect(await issueInvoice(env, orderId)).toBeNull()
    expect(await invoiceStore(env.DB).byOrder(orderId)).toBeNull()
  })
})

describe('the sequence', () => {
  it('numbers twenty orders invoiced at once without a gap or a duplicate, chained in number order', async () => {
    const before = (await allInvoices()).length
    const orders = await Promise.all(Array.from({ length: 20 }, (_, index) => paidOrder(100 + index)))
    const issued = await Promise.all(orders.map((orderId) => issueInvoice(env, orderId)))
    const numbers = issued.map((row) => row!.number).sort((a, b) => a - b)
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => before + index + 1))
    await expectUnbrokenChain()
  })

  it('gives one order issued five times at once one invoice', async () => {
    const orderId = await paidOrder()
    const issued = await Promise.all(Array.from({ length: 5 }, () => issueInvoice(env, orderId)))
    expect(new Set(issued.map((row) => row!.number)).size).toBe(1)
    expect((await allInvoices()).filter((row) => row.order_id === orderId)).toHaveLength(1)
    await expectUnbrokenChain()
  })
})

describe('reporting to ZATCA', () => {
  it('reports through the stand-in, tries again after a failure, and keeps the answer with the invoice', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    // Everything issued so far is reported first, so that this test sees only its own invoice.
    await reportInvoices(env, new Date())
    const orderId = await paidOrder(575)
    const invoice = (await issueInvoice(env, orderId))!
    const now = new Date()
    let calls = 0
    const failingOnce = async (request: Request) => {
      calls += 1
      return calls === 1 ? new Response('upstream unavailable', { status: 503 }) : zatcaSandboxApi.fetch(request, env)
    }
    expect(await reportInvoices(env, now, failingOnce)).toMatchObject({ reported: 0, failed: 1 })
    const failed = (await invoiceStore(env.DB).byOrder(orderId))!
    expect(failed).toMatchObject({ reporting_status: 'FAILED', report_attempts: 1, reported_at: null })
    expect(new Date(failed.next_report_at!).getTime()).toBe(now.getTime() + 5 * 60_000)
    // Not due yet: nothing is sent.
    expect(await reportInvoices(env, new Date(now.getTime() + 60_000), failingOnce)).toMatchObject({ reported: 0, failed: 0 })
    expect(calls).toBe(1)
    // Five minutes on, the next run reports it.
    const later = new Date(now.getTime() + 5 * 60_000)
    expect(await reportInvoices(env, later, failingOnce)).toMatchObject({ reported: 1, failed: 0 })
    const reported = (await invoiceStore(env.DB).byOrder(orderId))!
    expect(reported).toMatchObject({ reporting_status: 'REPORTED', report_attempts: 2, reported_at: later.toISOString() })
    expect(JSON.parse(reported.reporting_answer!)).toMatchObject({ reportingStatus: 'REPORTED', validationResults: { status: 'PASS' } })
    expect(invoice.number).toBe(reported.number)
    // Reported is reported: the next run sends nothing.
    expect(await reportInvoices(env, new Date(later.getTime() + 3600_000))).toMatchObject({ reported: 0, failed: 0 })
    expect(error).not.toHaveBeenCalled()
  })

  it('is refused by the stand-in when the hash is not the XML`s, the credentials are wrong or the version is missing', async () => {
    const invoice = (await issueInvoice(env, await paidOrder(310)))!
    const client = zatcaGateway(env, invoiceSeller(env), async (request) => zatcaSandboxApi.fetch(request, env))
    const xml = toBase64(new TextEncoder().encode(invoice.xml!))
    const tampered = await client.reportSingle({ invoiceHash: initialPreviousHash.slice(0, 44), uuid: invoice.uuid, invoice: xml })
    expect(tampered.status).toBe(400)
    expect(tampered.answer).toMatchObject({
      reportingStatus: 'NOT_REPORTED',
      validationResults: { status: 'ERROR', errorMessages: expect.arrayContaining([expect.objectContaining({ code: 'invalid-invoice-hash' })]) },
    })
    const otherUuid = await client.reportSingle({ invoiceHash: invoice.hash!, uuid: crypto.randomUUID(), invoice: xml })
    expect(otherUuid.answer?.validationResults.errorMessages.map((m) => m.code)).toEqual(['invalid-uuid'])

    const body = JSON.stringify({ invoiceHash: invoice.hash, uuid: invoice.uuid, invoice: xml })
    const url = 'https://zatca.embedded/e-invoicing/developer-portal/invoices/reporting/single'
    const wrongCredentials = await zatcaSandboxApi.fetch(
      new Request(url, { method: 'POST', headers: { authorization: `Basic ${btoa('someone:else')}`, 'accept-version': 'V2' }, body }),
      env,
    )
    expect(wrongCredentials.status).toBe(401)

    // A refused invoice is recorded as such and not sent again.
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await reportInvoices(env, new Date())
    const broken = (await issueInvoice(env, await paidOrder(311)))!
    await env.DB.prepare('UPDATE invoices SET hash = ? WHERE number = ?').bind(initialPreviousHash.slice(0, 44), broken.number).run()
    expect(await reportInvoices(env, new Date())).toMatchObject({ refused: 1 })
    expect(await invoiceStore(env.DB).byNumber(broken.number)).toMatchObject({ reporting_status: 'NOT_REPORTED', reported_at: null })
    expect(await reportInvoices(env, new Date())).toMatchObject({ refused: 0, reported: 0 })
    expect(error).toHaveBeenCalledWith(expect.stringContaining('ZATCA refused an invoice'))
  })
})
