// A business buyer's standard tax invoice (docs/decisions/0041-standard-invoices-for-businesses.md): a VAT number given
// at checkout is checked and kept on the order; the invoice names the business (ZATCA's 0100000), is cleared by ZATCA
// as it is issued and given to the buyer only once cleared; a clearance without an answer is tried again by the
// five-minute job; the invoice's credit notes are standard and cleared too.
import { env, SELF } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reportInvoices } from '~/commerce/invoices'
import { issueCreditNote } from '~/commerce/credit-notes'
import { decodeTlv, fromBase64 } from '~/integrations/zatca-document'
import { zatcaSandboxApi } from '~/integrations/zatca-sandbox'
import { invoiceStore } from '~/storage/invoice-store'
import type { InvoiceContent, InvoiceView } from '@/domain/invoice'
import { call, newGuestCart, orderBody, origin, sellableSku, type Caller } from './commerce-helpers'

const onThisMachine = (url: string) => url.replace(origin, 'http://localhost')
const business = { company: 'شركة الأفق للتجارة', vat_number: '٣١٠١٢٢٣٩٣٥٠٠٠٠٣' }

afterEach(() => {
  vi.restoreAllMocks()
})

/** A business's card order placed and paid; answers the order and the body it was placed with. */
async function paidBusinessOrder(email: string) {
  const caller = await newGuestCart()
  const sku = await sellableSku('p.entity_id > 1400 AND p.price BETWEEN 100 AND 3000')
  await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: 1101 } })
  const body = await orderBody(caller, 'card', email)
  const placed = await call(caller, 'POST', '/cart/placeOrder', { ...body, checkout: { ...body.checkout, business } })
  expect(placed.status, JSON.stringify(placed.body)).toBe(200)
  const order = placed.body as { order_id: number; increment_id: string; payment_url: string }
  const paid = await SELF.fetch(onThisMachine(order.payment_url), {
    method: 'POST',
    body: new URLSearchParams({ name: 'Huda Alharbi', number: '4201320111111010', month: '12', year: '2030', cvc: '123' }),
    redirect: 'manual',
  })
  expect(paid.status).toBe(303)
  return { caller, order, body }
}

/** The invoice as its buyer opens it from the link in their email: 404 while it is not theirs to have. */
async function openFromEmail(caller: Caller, email: string, increment: string) {
  const message = await env.DB.prepare("SELECT body FROM outbox WHERE channel = 'email' AND recipient = ? ORDER BY id DESC").bind(email).first<{
    body: string
  }>()
  const link = /https:\/\/\S+\/en\/invoice\?order=MJ\d+&sig=[\w-]{43}/.exec(message?.body ?? '')
  if (!link) return { linked: false, status: 0, view: null }
  const sig = new URL(link[0]).searchParams.get('sig')!
  const opened = await call(caller, 'POST', '/orders/invoice/signed', { increment, sig })
  return { linked: true, status: opened.status, view: opened.status === 200 ? (opened.body as InvoiceView) : null }
}

describe('a business buyer at checkout', () => {
  it('is refused a VAT number that cannot be one, naming the field, and nothing is placed', async () => {
    const caller = await newGuestCart()
    const sku = await sellableSku('p.entity_id > 1400 AND p.price BETWEEN 100 AND 3000')
    await call(caller, 'POST', '/cart/add', { sku, qty: 1, extension_attributes: { region: 1101 } })
    const body = await orderBody(caller, 'card')
    for (const vat_number of ['310122393500002', '31012239350000', '210122393500003']) {
      const refused = await call(caller, 'POST', '/cart/placeOrder', {
        ...body,
        checkout: { ...body.checkout, business: { ...business, vat_number } },
      })
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({ parameters: { field: 'vat_number' } })
    }
    const nameless = await call(caller, 'POST', '/cart/placeOrder', {
      ...body,
      checkout: { ...body.checkout, business: { ...business, company: ' ' } },
    })
    expect(nameless.body).toMatchObject({ parameters: { field: 'company' } })
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE quote_id = ?').bind(caller.quote).first('n')).toBe(0)
  })
})

describe("a business's standard invoice", () => {
  it('names the business, is cleared by ZATCA as it is issued, and only then reaches its buyer', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const email = `business-${crypto.randomUUID()}@example.com`
    const { caller, order, body } = await paidBusinessOrder(email)
    const invoice = (await invoiceStore(env.DB).byOrder(order.order_id))!
    expect(invoice.reporting_status).toBe('CLEARED')
    expect(invoice.reported_at).not.toBeNull()
    const content = JSON.parse(invoice.content) as InvoiceContent
    // The VAT number as typed in Arabic-Indic digits, kept as ZATCA reads it; the delivery address is the business's.
    expect(content.buyer).toEqual({
      name: 'شركة الأفق للتجارة',
      vat_number: '310122393500003',
      address: expect.objectContaining({
        building_number: body.checkout.shipping_address.building,
        postal_code: body.checkout.shipping_address.postalCode,
        city: 'الرياض',
      }),
    })
    expect(invoice.xml).toContain('<cbc:InvoiceTypeCode name="0100000">388</cbc:InvoiceTypeCode>')
    expect(invoice.xml).toMatch(/<cac:AccountingCustomerParty>.*<cbc:CompanyID>310122393500003<\/cbc:CompanyID>/s)
    expect(invoice.xml).toContain('<cbc:RegistrationName>شركة الأفق للتجارة</cbc:RegistrationName>')
    // The embedded ZATCA kept it as the unit's last accepted document.
    expect(await env.DB.prepare('SELECT count(*) AS n FROM zatca_sandbox_reports WHERE uuid = ?').bind(invoice.uuid).first('n')).toBe(1)
    // A standard invoice's QR has no tag 9 (ZATCA stamps it); the rest are there.
    expect([...decodeTlv(fromBase64(invoice.qr!)).keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8])

    const opened = await openFromEmail(caller, email, order.increment_id)
    expect(opened).toMatchObject({ linked: true, status: 200 })
    expect(opened.view!.buyer!.vat_number).toBe('310122393500003')
  })

  it('is held back while ZATCA does not answer, and the five-minute job clears it', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const answer = zatcaSandboxApi.fetch
    const clearance = vi
      .spyOn(zatcaSandboxApi, 'fetch')
      .mockImplementation((request, ...rest) =>
        new URL(request.url).pathname.endsWith('/invoices/clearance/single')
          ? new Response('upstream timeout', { status: 504 })
          : answer(request, ...rest),
      )
    const email = `unanswered-${crypto.randomUUID()}@example.com`
    const { caller, order } = await paidBusinessOrder(email)
    const invoice = (await invoiceStore(env.DB).byOrder(order.order_id))!
    expect(invoice.reporting_status).toBe('FAILED')
    expect(invoice.next_report_at).not.toBeNull()
    // Not cleared: not given. The confirmation email does not link to it, and its page is as if there were none.
    expect(await openFromEmail(caller, email, order.increment_id)).toMatchObject({ linked: false })
    const lookup = await call(caller, 'POST', '/orders/invoice/signed', { increment: order.increment_id, sig: 'x'.repeat(43) })
    expect(lookup.status).toBe(404)

    clearance.mockRestore()
    // Before its retry time nothing is sent; after it, the job clears it.
    expect((await reportInvoices(env, new Date())).reported).toBe(0)
    const figures = await reportInvoices(env, new Date(Date.parse(invoice.next_report_at!) + 1000))
    expect(figures.reported).toBeGreaterThanOrEqual(1)
    const cleared = (await invoiceStore(env.DB).byOrder(order.order_id))!
    expect(cleared.reporting_status).toBe('CLEARED')
    expect(cleared.report_attempts).toBe(2)
  })

  it('credits with a standard credit note that names the business and is cleared too', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const { order } = await paidBusinessOrder(`credit-${crypto.randomUUID()}@example.com`)
    const note = (await issueCreditNote(env, {
      refundId: 900_000 + Math.floor(Math.random() * 90_000),
      orderId: order.order_id,
      reason: 'Returned unopened',
      amountHalalas: 1000,
      lines: [],
      delivery: false,
    }))!
    expect(note.kind).toBe('credit_note')
    expect(note.reporting_status).toBe('CLEARED')
    expect((JSON.parse(note.content) as InvoiceContent).buyer!.vat_number).toBe('310122393500003')
    expect(note.xml).toContain('<cbc:InvoiceTypeCode name="0100000">381</cbc:InvoiceTypeCode>')
  })
})
