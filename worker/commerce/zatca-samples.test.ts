// An outside truth for the invoices (issue 49, item 5; docs/decisions/0016-zatca-invoices.md, "Checked against ZATCA's
// samples"): ZATCA's own sample documents from its e-invoicing SDK (tests/fixtures/zatca, README there names the
// source) pass what the embedded ZATCA checks, and the same field-by-field reading of ZATCA's published business
// rules (BR-KSA-*, BR-CO-*) that the samples pass is applied to the store's own invoice and credit note.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { creditNoteContent, debitNoteContent } from './credit-notes'
import { documentFindings } from '../integrations/zatca-sandbox'
import {
  canonicalXml,
  certificatePublicKey,
  certificateSignature,
  decodeTlv,
  fromBase64,
  hashedFormOf,
  hashedXml,
  initialPreviousHash,
  invoiceContent,
  parsePrivateKey,
  publicKeyInfo,
  sealInvoice,
  sha256Base64,
  verifyBytes,
  type InvoicedOrder,
  type InvoiceSeller,
} from '../integrations/zatca-document'

const sample = (name: string) => readFileSync(new URL(`../../tests/fixtures/zatca/${name}.xml`, import.meta.url), 'utf8')
const samples = {
  simplifiedInvoice: sample('Simplified_Invoice'),
  simplifiedCreditNote: sample('Simplified_Credit_Note'),
  standardInvoice: sample('Standard_Invoice'),
}

/** The XML with no white space between elements, so a rule reads its fields whatever the indentation. */
const compact = (xml: string) => xml.replace(/>\s+</g, '><')
/** The texts of every `name` element inside `xml` (elements of one name never nest in an invoice). */
const all = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => m[1]!)
const first = (xml: string, name: string) => all(xml, name)[0] ?? null
const amount = (xml: string | null, name: string) => Number(first(xml ?? '', name) ?? NaN)
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes)
const digestOf = (xml: string) => /<ds:Reference Id="invoiceSignedData"[\s\S]*?<ds:DigestValue>([^<]+)</.exec(xml)![1]!
const within = (a: number, b: number, tolerance = 0.01) => Math.abs(a - b) <= tolerance + 1e-9

/**
 * ZATCA's business rules this store's documents are bound by, read field by field from the XML (the rule numbers are
 * those of ZATCA's "E-invoicing XML Implementation Standard" and its validation rules). Answers the rules broken.
 */
function brokenRules(raw: string): string[] {
  const xml = compact(raw)
  const broken: string[] = []
  const rule = (code: string, holds: boolean) => holds || broken.push(code)
  const type = /<cbc:InvoiceTypeCode name="([^"]*)">(\d+)</.exec(xml)
  const note = type?.[2] === '381' || type?.[2] === '383'
  // The document and its kind.
  rule('BR-02 invoice number (cbc:ID)', Boolean(/<\/cbc:ProfileID><cbc:ID>[^<]+<\/cbc:ID>/.test(xml)))
  rule('BR-KSA-03 UUID', /<cbc:UUID>[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}<\/cbc:UUID>/.test(xml))
  rule('BR-03 issue date', /<cbc:IssueDate>\d{4}-\d\d-\d\d<\/cbc:IssueDate>/.test(xml))
  rule('KSA-25 issue time', /<cbc:IssueTime>\d\d:\d\d:\d\d<\/cbc:IssueTime>/.test(xml))
  rule('BR-KSA-05 type code', ['388', '381', '383', '386'].includes(type?.[2] ?? ''))
  rule('BR-KSA-06 type name', /^0[12][01]{5}$/.test(type?.[1] ?? ''))
  rule('BR-05 document currency SAR', first(xml, 'cbc:DocumentCurrencyCode') === 'SAR')
  rule('BR-KSA-68 tax currency SAR', first(xml, 'cbc:TaxCurrencyCode') === 'SAR')
  // The chain and the QR: ICV, PIH and QR as additional document references.
  rule('BR-KSA-33 ICV', /<cac:AdditionalDocumentReference><cbc:ID>ICV<\/cbc:ID><cbc:UUID>\d+<\/cbc:UUID>/.test(xml))
  const pih = /<cbc:ID>PIH<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text\/plain">([^<]+)</.exec(xml)?.[1]
  rule('BR-KSA-26 PIH', pih === initialPreviousHash || (pih !== undefined && fromBase64(pih).length === 32))
  const simplified = type?.[1]?.startsWith('02') ?? false
  rule('BR-KSA-27 QR', !simplified || /<cbc:ID>QR<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text\/plain">[^<]+</.test(xml))
  // The seller.
  const seller = first(xml, 'cac:AccountingSupplierParty') ?? ''
  rule('BR-KSA-39/40 seller VAT number', /^3\d{13}3$/.test(first(seller, 'cbc:CompanyID') ?? ''))
  rule('BR-06 seller name', Boolean(first(seller, 'cbc:RegistrationName')?.trim()))
  rule('BR-09 seller country', first(seller, 'cbc:IdentificationCode') === 'SA')
  for (const field of ['cbc:StreetName', 'cbc:BuildingNumber', 'cbc:PostalZone', 'cbc:CityName', 'cbc:CitySubdivisionName']) {
    rule(`BR-KSA-09 seller address ${field}`, Boolean(first(seller, field)?.trim()))
  }
  rule('BR-KSA-37 building number of 4 digits', /^\d{4}$/.test(first(seller, 'cbc:BuildingNumber') ?? ''))
  rule('BR-KSA-66 postal code of 5 digits', /^\d{5}$/.test(first(seller, 'cbc:PostalZone') ?? ''))
  // The additional number, when given, is 4 digits (KSA-23, BR-KSA-64).
  const plot = first(seller, 'cbc:PlotIdentification')
  rule('BR-KSA-64 additional number of 4 digits', plot === null || /^\d{4}$/.test(plot))
  // A standard (B2B) document names its buyer: VAT number (BR-KSA-44), name (BR-KSA-42), address (BR-KSA-63), and an
  // invoice the date of supply (BR-KSA-15).
  if (!simplified) {
    const buyer = first(xml, 'cac:AccountingCustomerParty') ?? ''
    rule('BR-KSA-44 buyer VAT number', /^3\d{13}3$/.test(first(buyer, 'cbc:CompanyID') ?? ''))
    rule('BR-KSA-42 buyer name', Boolean(first(buyer, 'cbc:RegistrationName')?.trim()))
    for (const field of ['cbc:StreetName', 'cbc:BuildingNumber', 'cbc:PostalZone', 'cbc:CityName', 'cbc:CitySubdivisionName']) {
      rule(`BR-KSA-63 buyer address ${field}`, Boolean(first(buyer, field)?.trim()))
    }
    rule('BR-KSA-15 supply date', note || /<cbc:ActualDeliveryDate>\d{4}-\d\d-\d\d</.test(xml))
  }
  // Credit and debit notes: the invoice they correct, and why.
  if (note) {
    rule('BR-KSA-56 billing reference', Boolean(/<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>[^<]+</.test(xml)))
    rule('BR-KSA-17 reason (instruction note)', Boolean(first(first(xml, 'cac:PaymentMeans') ?? '', 'cbc:InstructionNote')?.trim()))
  }
  for (const means of all(xml, 'cac:PaymentMeans'))
    rule('BR-KSA-16 payment means code', ['1', '10', '30', '42', '48'].includes(first(means, 'cbc:PaymentMeansCode') ?? ''))
  // The totals' arithmetic.
  const lines = all(xml, 'cac:InvoiceLine')
  const head = xml.replace(/<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/g, '')
  const totals = first(head, 'cac:LegalMonetaryTotal')
  const linesNet = lines.reduce((sum, line) => sum + amount(line, 'cbc:LineExtensionAmount'), 0)
  const allowances = amount(totals, 'cbc:AllowanceTotalAmount') || 0
  const charges = amount(totals, 'cbc:ChargeTotalAmount') || 0
  const taxTotals = all(head, 'cac:TaxTotal')
  const vat = amount(taxTotals[0] ?? '', 'cbc:TaxAmount')
  rule('BR-CO-10 lines net = LineExtensionAmount', within(linesNet, amount(totals, 'cbc:LineExtensionAmount')))
  rule(
    'BR-CO-13 TaxExclusiveAmount',
    within(amount(totals, 'cbc:LineExtensionAmount') - allowances + charges, amount(totals, 'cbc:TaxExclusiveAmount')),
  )
  rule('BR-CO-15 TaxInclusiveAmount', within(amount(totals, 'cbc:TaxExclusiveAmount') + vat, amount(totals, 'cbc:TaxInclusiveAmount')))
  const prepaid = amount(totals, 'cbc:PrepaidAmount') || 0
  const rounding = amount(totals, 'cbc:PayableRoundingAmount') || 0
  rule('BR-CO-16 PayableAmount', within(amount(totals, 'cbc:TaxInclusiveAmount') - prepaid + rounding, amount(totals, 'cbc:PayableAmount')))
  for (const subtotal of all(head, 'cac:TaxSubtotal')) {
    const rate = amount(subtotal, 'cbc:Percent') / 100
    rule('BR-CO-17 category VAT = taxable x rate', within(amount(subtotal, 'cbc:TaxableAmount') * rate, amount(subtotal, 'cbc:TaxAmount')))
  }
  for (const line of lines) {
    const net = amount(line, 'cbc:LineExtensionAmount')
    const lineVat = amount(first(line, 'cac:TaxTotal'), 'cbc:TaxAmount')
    const rate = amount(first(line, 'cac:ClassifiedTaxCategory'), 'cbc:Percent') / 100
    rule('BR-KSA-50 line VAT = net x rate', within(net * rate, lineVat))
    rule('BR-KSA-51 line amount with VAT', within(net + lineVat, amount(first(line, 'cac:TaxTotal'), 'cbc:RoundingAmount')))
  }
  return [...new Set(broken)]
}

describe("ZATCA's published samples", () => {
  it('hash, once canonicalised without their signature and QR, to the digest each carries', async () => {
    // The digests ZATCA's SDK 3.4.8 computed and signed into the samples.
    for (const xml of Object.values(samples)) expect(await sha256Base64(hashedFormOf(xml))).toBe(digestOf(xml))
    expect(digestOf(samples.simplifiedInvoice)).toBe('z5F9qsS6oWyDhehD8u8S0DaxV+2CUiUz9Y+UsR61JgQ=')
    expect(digestOf(samples.simplifiedCreditNote)).toBe('2kBYLvmDlvKUxK/0ma+P8jFkKoiPh5VKBWjXERwUfxk=')
  })

  it('pass what the embedded ZATCA checks of a document alone, the standard invoice as a standard one', async () => {
    const findings = async (xml: string) => documentFindings(xml, digestOf(xml), first(compact(xml), 'cbc:UUID')!)
    const invoice = await findings(samples.simplifiedInvoice)
    expect(invoice.errors).toEqual([])
    expect(invoice).toMatchObject({ icv: 10, pih: initialPreviousHash, invoiceId: 'SME00010', billingReference: null, kind: 'simplified-invoice' })
    const note = await findings(samples.simplifiedCreditNote)
    expect(note.errors).toEqual([])
    expect(note).toMatchObject({ icv: 15, invoiceId: null, billingReference: 'SME00002', kind: 'simplified-credit' })
    // A standard invoice: the buyer's VAT number and the supply date, and a QR without tag 9 (simplified only).
    const standard = await findings(samples.standardInvoice)
    expect(standard.errors).toEqual([])
    expect(standard).toMatchObject({ simplified: false, kind: 'standard-invoice' })
  })

  it("carry the QR our reader decodes: tags 1-9, 8 the certificate's key, 9 the certificate's signature, 7 verifying over 6", () => {
    for (const xml of [samples.simplifiedInvoice, samples.simplifiedCreditNote]) {
      const flat = compact(xml)
      const tags = decodeTlv(fromBase64(/<cbc:ID>QR<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</.exec(flat)![1]!))
      expect([...tags.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
      expect(text(tags.get(1))).toBe(first(flat, 'cbc:RegistrationName'))
      expect(text(tags.get(2))).toBe(first(flat, 'cbc:CompanyID'))
      expect(text(tags.get(3))).toBe(`${first(flat, 'cbc:IssueDate')}T${first(flat, 'cbc:IssueTime')}`)
      expect(Number(text(tags.get(4)))).toBe(amount(first(flat, 'cac:LegalMonetaryTotal'), 'cbc:TaxInclusiveAmount'))
      expect(text(tags.get(6))).toBe(digestOf(xml))
      expect(text(tags.get(7))).toBe(first(flat, 'ds:SignatureValue'))
      // The certificate is ZATCA's test CA's (CN=PRZEINVOICESCA4-CA): what is checked is that our reading of it gives
      // the QR's key and CA signature, and that the SDK's signature is ECDSA over the hash's bytes, as ours is.
      const certificate = first(flat, 'ds:X509Certificate')!
      const key = certificatePublicKey(fromBase64(certificate))
      expect([...tags.get(8)!]).toEqual([...key])
      const anyKey = parsePrivateKey('c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721')
      expect([...tags.get(9)!]).toEqual([...certificateSignature(btoa(certificate), anyKey)])
      expect(verifyBytes(fromBase64(text(tags.get(7))), fromBase64(text(tags.get(6))), key)).toBe(true)
    }
  })

  it("keep ZATCA's business rules as the rules below read them", () => {
    expect(brokenRules(samples.simplifiedInvoice)).toEqual([])
    expect(brokenRules(samples.simplifiedCreditNote)).toEqual([])
    expect(brokenRules(samples.standardInvoice)).toEqual([])
  })
})

describe("the store's documents against ZATCA's business rules", () => {
  const seller: InvoiceSeller = {
    name_ar: 'متجر التجربة',
    name_en: 'Matjar Test',
    vat_number: '399999999900003',
    cr_number: '1010010000',
    address: { building_number: '2322', street: 'الامير سلطان', district: 'المربع', city: 'الرياض', postal_code: '23333', additional_number: '8228' },
  }
  // 2 x 100 + a service of 50 + delivery 30, less a coupon of 40: 240 with 31.30 VAT (as worker/integrations/zatca-document.test.ts).
  const order: InvoicedOrder = {
    increment_id: 'MJ1234567000001',
    grand_total: 240,
    vat: 31.3,
    delivery: 30,
    items: [
      { sku: 'TV-1', name: 'Television 55" & stand <wall>', name_ar: 'تلفاز 55" مع حامل', qty: 2, price: 100, row_total: 200, parent_sku: null },
      { sku: 'FEE-1', name: 'Installation', name_ar: 'تركيب', qty: 1, price: 50, row_total: 50, parent_sku: 'TV-1' },
    ],
  }
  const key = { privateKey: parsePrivateKey('c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721'), binarySecurityToken: null }
  const invoiced = invoiceContent(order, seller, '8e6000cf-1a98-4174-b3e7-b5d5954bc10d', new Date('2026-11-25T18:35:07.000Z'))
  const refund = {
    refundId: 1,
    orderId: 1,
    reason: 'Returned: arrived damaged',
    amountHalalas: 11000,
    lines: [{ sku: 'TV-1', qty: 1 }],
    delivery: true,
  }
  const credited = creditNoteContent(
    invoiced,
    'INV-000001',
    refund,
    seller,
    '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
    new Date('2026-11-26T09:00:00.000Z'),
  )
  const documents = async () => {
    const first = await sealInvoice(invoiced, { id: 'INV-000001', icv: 1, pih: initialPreviousHash }, key)
    const second = await sealInvoice(credited, { id: 'CN-000001', icv: 2, pih: first.hash }, key)
    return { invoice: first, note: second }
  }

  it('keeps every rule, the seller address among them, on the invoice and on the credit note', async () => {
    const { invoice, note } = await documents()
    expect(brokenRules(invoice.xml)).toEqual([])
    expect(brokenRules(note.xml)).toEqual([])
  })

  it('keeps every rule on a debit note, and on a standard invoice naming its business buyer, and on its credit note', async () => {
    const debited = debitNoteContent(
      invoiced,
      'INV-000001',
      { key: 'k', orderId: 1, reason: 'Extra delivery', amountHalalas: 2300 },
      seller,
      '5d3b9a64-1c34-4c5e-9d55-21b8f1a8c0de',
      new Date('2026-11-26T10:00:00.000Z'),
    )
    const debit = await sealInvoice(debited, { id: 'DN-000001', icv: 3, pih: initialPreviousHash }, key)
    expect(debit.xml).toContain('>383</cbc:InvoiceTypeCode>')
    expect(brokenRules(debit.xml)).toEqual([])
    const buyer = {
      name: 'شركة المشتري | Buyer Co',
      vat_number: '311111111100003',
      address: { building_number: '1111', street: 'صلاح الدين', district: 'المروج', city: 'الرياض', postal_code: '12222', additional_number: null },
    }
    const standard = await sealInvoice({ ...invoiced, buyer }, { id: 'INV-000002', icv: 4, pih: initialPreviousHash }, key)
    expect(standard.xml).toContain('<cbc:InvoiceTypeCode name="0100000">388</cbc:InvoiceTypeCode>')
    expect(brokenRules(standard.xml)).toEqual([])
    const standardNote = await sealInvoice({ ...credited, buyer }, { id: 'CN-000002', icv: 5, pih: initialPreviousHash }, key)
    expect(brokenRules(standardNote.xml)).toEqual([])
    // Read alone, the embedded ZATCA takes both as standard documents.
    expect(await documentFindings(standard.xml, standard.hash, invoiced.uuid)).toMatchObject({ errors: [], kind: 'standard-invoice' })
    // Without the buyer's VAT number, the rule breaks.
    const anonymous = await sealInvoice(
      { ...invoiced, buyer: { ...buyer, vat_number: '' } },
      { id: 'INV-000003', icv: 6, pih: initialPreviousHash },
      key,
    )
    expect(brokenRules(anonymous.xml)).toEqual(['BR-KSA-44 buyer VAT number'])
  })

  it('breaks the seller address rules (BR-KSA-09, -37, -66) when the seller has no address', async () => {
    const unaddressed = { ...invoiced, seller: { ...seller, address: null } }
    const { xml } = await sealInvoice(unaddressed, { id: 'INV-000001', icv: 1, pih: initialPreviousHash }, key)
    const broken = brokenRules(xml)
    expect(broken.length).toBeGreaterThan(0)
    expect(broken.filter((rule) => !/BR-KSA-(09|37|66)/.test(rule))).toEqual([])
  })

  it('passes what the embedded ZATCA checks of a document alone', async () => {
    const { invoice, note } = await documents()
    expect((await documentFindings(invoice.xml, invoice.hash, '8e6000cf-1a98-4174-b3e7-b5d5954bc10d')).errors).toEqual([])
    expect(await documentFindings(note.xml, note.hash, '3cf5ee18-ee25-44ea-a444-2c37ba7f28be')).toMatchObject({
      errors: [],
      icv: 2,
      billingReference: 'INV-000001',
    })
    expect(publicKeyInfo(key.privateKey)).toHaveLength(88)
  })

  it('is hashed in its canonical form, even where a name holds quotation marks, ampersands and angle brackets', async () => {
    const { invoice } = await documents()
    const hashed = hashedXml(invoiced, { id: 'INV-000001', icv: 1, pih: initialPreviousHash })
    // C14N writes a quotation mark in text as itself: what ZATCA hashes is the canonical form, so ours must be it.
    expect(canonicalXml(hashed)).toBe(hashed)
    expect(hashedFormOf(invoice.xml)).toBe(hashed)
    expect(await sha256Base64(hashed)).toBe(invoice.hash)
  })
})
