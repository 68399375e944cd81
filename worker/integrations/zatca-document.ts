/**
 * The simplified tax invoice as ZATCA describes it (docs/decisions/0016-zatca-invoices.md): its content taken from a
 * paid or delivered order, the phase-1 QR (a base64 TLV of seller name, VAT number, time stamp, total with VAT and VAT),
 * and the phase-2 parts prepared: the UBL 2.1 XML, its SHA-256 hash chained to the previous invoice's (PIH), the ECDSA
 * secp256k1 signature of that hash and the QR's tags 6-9. Pure functions: no binding, no clock, no randomness, so the
 * same order, number and key give byte for byte the same invoice (two racing sealers agree, worker/commerce/invoices.ts).
 * Money is in halalas, whole numbers, from the order's stored amounts.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { appConfig } from '../../app.config'
import type { DocumentKind, InvoiceBuyer, InvoiceContent, InvoiceLine, InvoiceSeller, NationalAddress } from '../../src/domain/invoice'
import { vatIncluded } from '../../src/domain/money'
import type { SealedInvoice } from '../storage/invoice-store'

export type { InvoiceBuyer, InvoiceContent, InvoiceLine, InvoiceSeller }

/** What of an order the invoice reads (worker/storage/order-store.ts `detail`). */
export interface InvoicedOrder {
  increment_id: string
  grand_total: number
  vat: number
  delivery: number
  items: { sku: string; name: string; name_ar: string | null; qty: number; price: number; row_total: number; parent_sku: string | null }[]
  /** A business buyer who gave a VAT number: the invoice is then a standard one (0100000), cleared before it is given. */
  buyer?: InvoiceBuyer | null
}

const halalas = (sar: number) => Math.round(sar * 100)

/**
 * The invoice's content for an order. Lines keep what the buyer paid for each (VAT included, as every price in the
 * store), delivery is a line of its own, and whatever coupons and vouchers took off is one discount on the whole
 * invoice, so that the lines less the discount are exactly the order's grand total. The VAT is the store's one rule
 * (src/domain/money.ts `vatIncluded`): per line for the lines, and the order's own VAT for the total.
 */
export function invoiceContent(order: InvoicedOrder, seller: InvoiceSeller, uuid: string, issuedAt: Date): InvoiceContent {
  const lines: InvoiceLine[] = order.items.map((item) => ({
    kind: item.parent_sku === null ? 'product' : 'service',
    sku: item.sku,
    name_ar: item.name_ar ?? item.name,
    name_en: item.name,
    qty: item.qty,
    unit_price: halalas(item.price),
    total: halalas(item.row_total),
    vat: halalas(vatIncluded(item.row_total)),
  }))
  if (order.delivery > 0) {
    const total = halalas(order.delivery)
    lines.push({ kind: 'delivery', sku: null, name_ar: '', name_en: '', qty: 1, unit_price: total, total, vat: halalas(vatIncluded(order.delivery)) })
  }
  const inclVat = halalas(order.grand_total)
  const vat = halalas(order.vat)
  const linesTotal = lines.reduce((sum, line) => sum + line.total, 0)
  return {
    uuid,
    issued_at: issuedAt.toISOString(),
    order: order.increment_id,
    seller,
    lines,
    discount: Math.max(0, linesTotal - inclVat),
    totals: { excl_vat: inclVat - vat, vat, incl_vat: inclVat },
    ...(order.buyer ? { buyer: order.buyer } : {}),
  }
}

/**
 * The document's number as printed and as UBL's cbc:ID: its kind's own gap-free serial, zero-padded (INV-000001,
 * CN-000001, DN-000001). The chain's counter (ICV) runs across both kinds and is written apart from it.
 */
export const documentId = (kind: DocumentKind, serial: number) => `${documentPrefix[kind]}-${String(serial).padStart(6, '0')}`
const documentPrefix: Record<DocumentKind, string> = { invoice: 'INV', credit_note: 'CN', debit_note: 'DN' }

/** The serial of a printed number of the kind, or null when it is not one. */
export function documentSerial(kind: DocumentKind, id: string): number | null {
  const match = /^(INV|CN|DN)-(\d{6,9})$/.exec(id)
  return match && match[1] === documentPrefix[kind] ? Number(match[2]) : null
}

/**
 * The first text of an element in the XML, or null; `after` is what must come just before it (white space between
 * elements aside, as ZATCA's indented samples have it).
 */
export function xmlText(xml: string, name: string, after = ''): string | null {
  const match = new RegExp(`${after}<${name}(?: [^>]*)?>([^<]*)</${name}>`).exec(xml.replace(/>\s+</g, '><'))
  return match ? match[1]! : null
}

/** The QR a document carries (its AdditionalDocumentReference QR): ZATCA's own on an invoice it cleared. */
export const documentQr = (xml: string) => xmlText(xml, 'cbc:EmbeddedDocumentBinaryObject', '<cbc:ID>QR</cbc:ID><cac:Attachment>')

/** Riyadh's wall clock (UTC+3 all year: Saudi Arabia keeps no daylight saving) as yyyy-mm-dd and hh:mm:ss. */
export function riyadhIssue(issuedAt: string): { date: string; time: string } {
  const local = new Date(new Date(issuedAt).getTime() + 3 * 3600_000).toISOString()
  return { date: local.slice(0, 10), time: local.slice(11, 19) }
}

// ---------------------------------------------------------------------------------------------------------------
// The QR: TLV, tag and length one byte each, values as ZATCA's guideline lists them.

const utf8 = (text: string) => new TextEncoder().encode(text)

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
}

/** Tag-length-value: one byte of tag, one of length (ZATCA's TLV allows no value longer than 255 bytes). */
export function encodeTlv(fields: [tag: number, value: Uint8Array][]): Uint8Array {
  const parts: number[] = []
  for (const [tag, value] of fields) {
    if (value.length > 255) throw new RangeError(`TLV tag ${tag} is ${value.length} bytes, more than one length byte holds`)
    parts.push(tag, value.length, ...value)
  }
  return Uint8Array.from(parts)
}

export function decodeTlv(bytes: Uint8Array): Map<number, Uint8Array> {
  const fields = new Map<number, Uint8Array>()
  for (let at = 0; at < bytes.length;) {
    const tag = bytes[at]!
    const length = bytes[at + 1]!
    fields.set(tag, bytes.slice(at + 2, at + 2 + length))
    at += 2 + length
  }
  return fields
}

const sar = (amount: number) => (amount / 100).toFixed(2)

/** The time stamp of tag 3: the invoice's IssueDate and IssueTime (Riyadh) joined, ISO 8601 local time. */
export const qrTimestamp = (content: InvoiceContent) => {
  const { date, time } = riyadhIssue(content.issued_at)
  return `${date}T${time}`
}

/** What phase 2 adds to the QR (tags 6-9). */
export interface QrSeal {
  /** Base64 SHA-256 of the invoice (tag 6, written as its base64 text). */
  hash: string
  /** Base64 DER ECDSA signature (tag 7, written as its base64 text). */
  signature: string
  /** DER SubjectPublicKeyInfo of the signing key (tag 8, raw bytes). */
  publicKey: Uint8Array
  /** The certificate's signature by ZATCA's CA (tag 9, raw bytes); see `certificateSignature`. */
  certificateSignature: Uint8Array
}

/** The QR's text: base64 of the TLV. Tags 1-5 always (phase 1); 6-9 when the invoice is sealed with a key (phase 2). */
export function invoiceQr(content: InvoiceContent, seal: QrSeal | null): string {
  const fields: [number, Uint8Array][] = [
    [1, utf8(content.seller.name_ar || content.seller.name_en)],
    [2, utf8(content.seller.vat_number)],
    [3, utf8(qrTimestamp(content))],
    [4, utf8(sar(content.totals.incl_vat))],
    [5, utf8(sar(content.totals.vat))],
  ]
  if (seal) fields.push([6, utf8(seal.hash)], [7, utf8(seal.signature)], [8, seal.publicKey])
  // Tag 9, the CA's signature of the certificate, is a simplified document's only (ZATCA's standard sample has none).
  if (seal && !content.buyer) fields.push([9, seal.certificateSignature])
  return toBase64(encodeTlv(fields))
}

// ---------------------------------------------------------------------------------------------------------------
// The UBL 2.1 XML. Written on one line with no whitespace between elements, attributes in canonical (sorted) order and
// no empty-element tags: the invoice without its UBLExtensions, QR reference and cac:Signature is then already its own
// canonical form, which is what ZATCA hashes (docs/decisions/0016-zatca-invoices.md, "The hash").

/** ZATCA's documented previous-invoice hash of the first invoice: base64 of the hex text of SHA-256("0"). */
export const initialPreviousHash = 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ=='

type Attrs = Record<string, string>
/** An element; children are already-written XML, text is escaped. */
function el(name: string, attrs: Attrs | null, ...children: string[]): string {
  const attributes = attrs
    ? Object.keys(attrs)
        .sort()
        .map((key) => ` ${key}="${canonicalAttribute(attrs[key]!)}"`)
        .join('')
    : ''
  return `<${name}${attributes}>${children.join('')}</${name}>`
}
// Escaped as C14N escapes (a quotation mark in text stays one), so that what is written is its own canonical form.
const text = (name: string, value: string, attrs: Attrs | null = null) => el(name, attrs, canonicalText(value))
const money = (name: string, amount: number) => text(name, sar(amount), { currencyID: 'SAR' })

const vatPercent = (appConfig.money.vatRate * 100).toFixed(2)
const vatCategory = (name: string) =>
  el(name, null, text('cbc:ID', 'S'), text('cbc:Percent', vatPercent), el('cac:TaxScheme', null, text('cbc:ID', 'VAT')))

const namespaces = {
  xmlns: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  'xmlns:ext': 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
}

/**
 * The document's place: its printed number (cbc:ID, `documentId`), and in the chain its counter (ICV, shared by
 * invoices and credit notes) and the previous document's hash (PIH).
 */
export interface ChainLink {
  id: string
  icv: number
  pih: string
}

/** The lines' names in the XML: both languages, as the printed invoice shows them. */
function lineName(line: InvoiceLine): string {
  if (line.kind === 'adjustment') return `${line.name_ar} / ${line.name_en}`
  if (line.kind === 'delivery') return 'التوصيل / Delivery'
  return line.name_ar && line.name_ar !== line.name_en ? `${line.name_ar} / ${line.name_en}` : line.name_en
}

/**
 * A National Address as UBL's cac:PostalAddress, its fields in the schema's order (StreetName, BuildingNumber,
 * PlotIdentification for the additional number, CitySubdivisionName for the district, CityName, PostalZone, Country):
 * BR-KSA-09 asks the seller's street, building number, district, city and postal code. An invoice issued before the
 * store had the address carries the country alone.
 */
function postalAddress(address: NationalAddress | null): string {
  const country = el('cac:Country', null, text('cbc:IdentificationCode', 'SA'))
  if (!address) return el('cac:PostalAddress', null, country)
  return el(
    'cac:PostalAddress',
    null,
    text('cbc:StreetName', address.street),
    text('cbc:BuildingNumber', address.building_number),
    address.additional_number ? text('cbc:PlotIdentification', address.additional_number) : '',
    text('cbc:CitySubdivisionName', address.district),
    text('cbc:CityName', address.city),
    text('cbc:PostalZone', address.postal_code),
    country,
  )
}

/** The UNTDID 1001 code of the document: 388 a tax invoice, 381 a credit note, 383 a debit note. */
export const documentTypeCode = (content: InvoiceContent) => (content.credit_note ? '381' : content.debit_note ? '383' : '388')

/** The business buyer of a standard invoice: address, VAT number and registered name. */
function buyerParty(buyer: InvoiceBuyer): string {
  return el(
    'cac:Party',
    null,
    postalAddress(buyer.address),
    el('cac:PartyTaxScheme', null, text('cbc:CompanyID', buyer.vat_number), el('cac:TaxScheme', null, text('cbc:ID', 'VAT'))),
    el('cac:PartyLegalEntity', null, text('cbc:RegistrationName', buyer.name)),
  )
}

/** ZATCA's longest reason for issuance (KSA-10): 1000 characters. */
export const reasonMaxLength = 1000

/** The parts of the invoice body, in UBL's order, split where the hashed form leaves out the QR and the signature. */
function bodyParts(content: InvoiceContent, link: ChainLink): { head: string; tail: string } {
  const { date, time } = riyadhIssue(content.issued_at)
  const seller = content.seller
  const note = content.credit_note ?? content.debit_note
  const lineNet = (line: InvoiceLine) => line.total - line.vat
  const linesNet = content.lines.reduce((sum, line) => sum + lineNet(line), 0)
  const allowance = linesNet - content.totals.excl_vat
  const head = [
    text('cbc:ProfileID', 'reporting:1.0'),
    text('cbc:ID', link.id),
    text('cbc:UUID', content.uuid),
    text('cbc:IssueDate', date),
    text('cbc:IssueTime', time),
    // 388 a tax invoice, 381 a credit note, 383 a debit note; the name 0200000: simplified, none of third party,
    // nominal, export, summary, self-billed (ZATCA's own simplified credit note sample carries the same name), or
    // 0100000 for a standard (B2B) document, as ZATCA's standard invoice sample.
    text('cbc:InvoiceTypeCode', documentTypeCode(content), { name: content.buyer ? '0100000' : '0200000' }),
    text('cbc:DocumentCurrencyCode', 'SAR'),
    text('cbc:TaxCurrencyCode', 'SAR'),
    el('cac:OrderReference', null, text('cbc:ID', content.order)),
    // A credit note names the invoice it corrects (BR-KSA-56).
    note ? el('cac:BillingReference', null, el('cac:InvoiceDocumentReference', null, text('cbc:ID', note.invoice))) : '',
    el('cac:AdditionalDocumentReference', null, text('cbc:ID', 'ICV'), text('cbc:UUID', String(link.icv))),
    el(
      'cac:AdditionalDocumentReference',
      null,
      text('cbc:ID', 'PIH'),
      el('cac:Attachment', null, text('cbc:EmbeddedDocumentBinaryObject', link.pih, { mimeCode: 'text/plain' })),
    ),
  ].join('')
  const tail = [
    el(
      'cac:AccountingSupplierParty',
      null,
      el(
        'cac:Party',
        null,
        seller.cr_number ? el('cac:PartyIdentification', null, text('cbc:ID', seller.cr_number, { schemeID: 'CRN' })) : '',
        postalAddress(seller.address ?? null),
        el('cac:PartyTaxScheme', null, text('cbc:CompanyID', seller.vat_number), el('cac:TaxScheme', null, text('cbc:ID', 'VAT'))),
        el('cac:PartyLegalEntity', null, text('cbc:RegistrationName', seller.name_ar || seller.name_en)),
      ),
    ),
    // A simplified invoice names no buyer (a B2C sale); a standard one names the business, its address and VAT number.
    el('cac:AccountingCustomerParty', null, content.buyer ? buyerParty(content.buyer) : el('cac:Party', null)),
    // A standard invoice gives the date of supply (BR-KSA-15): the day it is issued, when the order is paid.
    content.buyer ? el('cac:Delivery', null, text('cbc:ActualDeliveryDate', date)) : '',
    // A credit note's reason for issuance (KSA-10, BR-KSA-17) is the payment instruction's note; the means is
    // "instrument not defined" (1, in ZATCA's subset of UNTDID 4461, BR-KSA-16): the refund, not the note, pays.
    note ? el('cac:PaymentMeans', null, text('cbc:PaymentMeansCode', '1'), text('cbc:InstructionNote', note.reason.slice(0, reasonMaxLength))) : '',
    allowance > 0
      ? el(
          'cac:AllowanceCharge',
          null,
          text('cbc:ChargeIndicator', 'false'),
          text('cbc:AllowanceChargeReason', 'discount'),
          money('cbc:Amount', allowance),
          vatCategory('cac:TaxCategory'),
        )
      : '',
    el('cac:TaxTotal', null, money('cbc:TaxAmount', content.totals.vat)),
    el(
      'cac:TaxTotal',
      null,
      money('cbc:TaxAmount', content.totals.vat),
      el(
        'cac:TaxSubtotal',
        null,
        money('cbc:TaxableAmount', content.totals.excl_vat),
        money('cbc:TaxAmount', content.totals.vat),
        vatCategory('cac:TaxCategory'),
      ),
    ),
    el(
      'cac:LegalMonetaryTotal',
      null,
      money('cbc:LineExtensionAmount', linesNet),
      money('cbc:TaxExclusiveAmount', content.totals.excl_vat),
      money('cbc:TaxInclusiveAmount', content.totals.incl_vat),
      money('cbc:AllowanceTotalAmount', Math.max(0, allowance)),
      money('cbc:PayableAmount', content.totals.incl_vat),
    ),
    ...content.lines.map((line, index) =>
      el(
        'cac:InvoiceLine',
        null,
        text('cbc:ID', String(index + 1)),
        text('cbc:InvoicedQuantity', String(line.qty), { unitCode: 'PCE' }),
        money('cbc:LineExtensionAmount', lineNet(line)),
        el('cac:TaxTotal', null, money('cbc:TaxAmount', line.vat), money('cbc:RoundingAmount', line.total)),
        el('cac:Item', null, text('cbc:Name', lineName(line)), vatCategory('cac:ClassifiedTaxCategory')),
        // The unit's net price, to the halala (BR-KSA rules allow the rounding of a halala per line).
        el('cac:Price', null, money('cbc:PriceAmount', Math.round((line.unit_price * line.qty - line.vat) / line.qty))),
      ),
    ),
  ].join('')
  return { head, tail }
}

/** The invoice as ZATCA hashes it: without UBLExtensions, the QR reference and cac:Signature, canonical as written. */
export function hashedXml(content: InvoiceContent, link: ChainLink): string {
  const { head, tail } = bodyParts(content, link)
  return el('Invoice', namespaces, head, tail)
}

/** The whole invoice: the hashed form with the signature's extension, the QR and cac:Signature put back in their places. */
export function invoiceXml(content: InvoiceContent, link: ChainLink, qr: string, signature: SignatureBlock | null): string {
  const { head, tail } = bodyParts(content, link)
  const extensions = signature ? signatureExtension(signature) : ''
  const qrReference = el(
    'cac:AdditionalDocumentReference',
    null,
    text('cbc:ID', 'QR'),
    el('cac:Attachment', null, text('cbc:EmbeddedDocumentBinaryObject', qr, { mimeCode: 'text/plain' })),
  )
  const signatureReference = signature
    ? el(
        'cac:Signature',
        null,
        text('cbc:ID', 'urn:oasis:names:specification:ubl:signature:Invoice'),
        text('cbc:SignatureMethod', 'urn:oasis:names:specification:ubl:dsig:enveloped:xades'),
      )
    : ''
  return `<?xml version="1.0" encoding="UTF-8"?>${el('Invoice', namespaces, extensions, head, qrReference, signatureReference, tail)}`
}

/**
 * Takes out of a whole invoice what ZATCA's hash leaves out (UBLExtensions, the QR reference, cac:Signature) and
 * canonicalises the rest: what a receiver does to check the hash (./zatca-sandbox). For our own XML this is exactly
 * `hashedXml`; ZATCA's published samples, indented and with attributes in another order, give the digests they carry
 * (tests/fixtures/zatca).
 */
export function hashedFormOf(xml: string): string {
  return canonicalXml(
    xml
      .replace(/<ext:UBLExtensions>[\s\S]*?<\/ext:UBLExtensions>/, '')
      .replace(/<cac:AdditionalDocumentReference>\s*<cbc:ID>QR<\/cbc:ID>[\s\S]*?<\/cac:AdditionalDocumentReference>/, '')
      .replace(/<cac:Signature>[\s\S]*?<\/cac:Signature>/, ''),
  )
}

const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
const decodeXml = (value: string) =>
  value.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
    return entities[name] ?? whole
  })
/** C14N's escaping: in text only &, <, > and carriage returns (a quotation mark stays one); in attributes &, <, " and white space. */
const canonicalText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;')
const canonicalAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;')

/**
 * Canonical XML (C14N 1.1) of a document as invoices are written: no XML declaration or comments, line ends as line
 * feeds, empty-element tags written as start and end tags, namespace declarations before attributes and both in
 * sorted order, text and attributes escaped as C14N escapes them, white space between elements kept. Not a general
 * implementation: no DTD, CDATA or processing instructions, and attributes are sorted by their written names (ZATCA's
 * invoices carry no prefixed attribute outside the parts its hash leaves out).
 */
export function canonicalXml(xml: string): string {
  const source = xml
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/<\?xml[^>]*\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trim()
  return source.replace(/<(\/?)([^\s/>]+)((?:\s+[^\s=]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|[^<]+/g, (token, closing, name, attributes, empty) => {
    if (name === undefined) return canonicalText(decodeXml(token))
    if (closing) return `</${name}>`
    const pairs = [...(attributes as string).matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map(
      ([, key, double, single]) => [key!, decodeXml(double ?? single ?? '')] as const,
    )
    const rank = (key: string) => (key === 'xmlns' ? 0 : key.startsWith('xmlns:') ? 1 : 2)
    pairs.sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    const written = pairs.map(([key, value]) => ` ${key}="${canonicalAttribute(value)}"`).join('')
    return empty ? `<${name}${written}></${name}>` : `<${name}${written}>`
  })
}

/** Base64 SHA-256 of the text (the invoice hash, tag 6 and the next invoice's PIH). */
export async function sha256Base64(text: string): Promise<string> {
  return toBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(text))))
}

// ---------------------------------------------------------------------------------------------------------------
// The key and the signature. WebCrypto has no secp256k1, so @noble/curves signs (RFC 6979: deterministic).

/** The SubjectPublicKeyInfo prefix of an uncompressed secp256k1 key (id-ecPublicKey, secp256k1, BIT STRING of 65). */
const spkiPrefix = Uint8Array.from([
  0x30, 0x56, 0x30, 0x10, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x0a, 0x03, 0x42, 0x00,
])

/**
 * The 32-byte private key from the secret ZATCA_PRIVATE_KEY: the PEM ZATCA's onboarding makes (SEC1 "EC PRIVATE KEY"
 * or PKCS#8, whose inner ECPrivateKey holds the key as `02 01 01 04 20 <32 bytes>`), 64 hex digits, or base64 of the
 * 32 bytes (what development generates, worker/platform/secrets.ts).
 */
export function parsePrivateKey(secret: string): Uint8Array {
  const trimmed = secret.trim()
  let key: Uint8Array | null = null
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) key = Uint8Array.from(trimmed.match(/../g)!, (hex) => parseInt(hex, 16))
  else if (trimmed.includes('-----BEGIN')) {
    const der = fromBase64(trimmed.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''))
    for (let at = 0; at + 37 <= der.length && !key; at++) {
      if (der[at] === 0x02 && der[at + 1] === 0x01 && der[at + 2] === 0x01 && der[at + 3] === 0x04 && der[at + 4] === 0x20)
        key = der.slice(at + 5, at + 37)
    }
  } else {
    const raw = fromBase64(trimmed)
    if (raw.length === 32) key = raw
  }
  if (!key || !secp256k1.utils.isValidSecretKey(key))
    throw new Error('ZATCA_PRIVATE_KEY is not a secp256k1 private key (PEM, 64 hex digits or base64 of 32 bytes)')
  return key
}

/** The DER SubjectPublicKeyInfo of the key's public half (tag 8). */
export function publicKeyInfo(privateKey: Uint8Array): Uint8Array {
  const point = secp256k1.getPublicKey(privateKey, false)
  const info = new Uint8Array(spkiPrefix.length + point.length)
  info.set(spkiPrefix)
  info.set(point, spkiPrefix.length)
  return info
}

/** ECDSA secp256k1 with SHA-256 over the bytes given (Java's SHA256withECDSA), DER encoded. */
export function signBytes(bytes: Uint8Array, privateKey: Uint8Array): Uint8Array {
  return secp256k1.sign(bytes, privateKey, { format: 'der' })
}

/** Whether `signature` (DER) is the key's over the bytes; the public key as its SubjectPublicKeyInfo. */
export function verifyBytes(signature: Uint8Array, bytes: Uint8Array, publicKeyInfoDer: Uint8Array): boolean {
  const point = publicKeyInfoDer.slice(spkiPrefix.length)
  try {
    return secp256k1.verify(signature, bytes, point, { format: 'der', lowS: false })
  } catch {
    return false
  }
}

/**
 * Tag 9, the signature of the certificate's public key by ZATCA's CA: read from the certificate ZATCA issued (the
 * binary security token is base64 of the certificate's base64 DER; the signature is the certificate's last element, a
 * BIT STRING). Without a certificate (development, and a store not yet onboarded) it is the key's own signature over
 * its public key, which no one can mistake for ZATCA's: docs/decisions/0016-zatca-invoices.md says so.
 */
export function certificateSignature(binarySecurityToken: string | null, privateKey: Uint8Array): Uint8Array {
  if (!binarySecurityToken) return signBytes(publicKeyInfo(privateKey), privateKey)
  const der = fromBase64(new TextDecoder().decode(fromBase64(binarySecurityToken)).replace(/-----[^-]+-----|\s+/g, ''))
  const elements = derChildren(der, 0)
  const bitString = elements[2]
  if (!bitString || der[bitString.start] !== 0x03) throw new Error('the binary security token holds no X.509 certificate')
  // The first content byte of a BIT STRING counts its unused bits (0 here).
  return der.slice(bitString.contentStart + 1, bitString.end)
}

/**
 * The DER SubjectPublicKeyInfo inside an X.509 certificate (DER): the key a signed invoice's certificate vouches for,
 * as ZATCA's own samples carry it in ds:X509Certificate, and what tag 8 of their QR holds.
 */
export function certificatePublicKey(certificate: Uint8Array): Uint8Array {
  const tbs = derChildren(certificate, 0)[0]
  if (!tbs) throw new Error('not an X.509 certificate')
  const fields = derChildren(certificate, tbs.start)
  // tbsCertificate: [0] version (when present), serial, signature algorithm, issuer, validity, subject, the key.
  const key = fields[certificate[fields[0]!.start] === 0xa0 ? 6 : 5]
  if (!key) throw new Error('the certificate holds no public key')
  return certificate.slice(key.start, key.end)
}

/** The children of the DER SEQUENCE at `at`: where each starts, where its content starts, where it ends. */
function derChildren(der: Uint8Array, at: number): { start: number; contentStart: number; end: number }[] {
  const header = (start: number) => {
    const first = der[start + 1]!
    if (first < 0x80) return { contentStart: start + 2, length: first }
    const count = first & 0x7f
    let length = 0
    for (let i = 0; i < count; i++) length = length * 256 + der[start + 2 + i]!
    return { contentStart: start + 2 + count, length }
  }
  const outer = header(at)
  const children = []
  for (let start = outer.contentStart; start < outer.contentStart + outer.length;) {
    const { contentStart, length } = header(start)
    children.push({ start, contentStart, end: contentStart + length })
    start = contentStart + length
  }
  return children
}

/** What the XML's signature extension carries. */
export interface SignatureBlock {
  hash: string
  signature: string
  publicKey: Uint8Array
  signedAt: string
}

/**
 * The XAdES extension as far as this store fills it without ZATCA's certificate: the invoice's digest, the signature
 * value and the public key. The certificate and the signed properties come with onboarding (docs/decisions/0016-zatca-invoices.md).
 */
function signatureExtension(block: SignatureBlock): string {
  const ds = { 'xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#' }
  return el(
    'ext:UBLExtensions',
    null,
    el(
      'ext:UBLExtension',
      null,
      text('ext:ExtensionURI', 'urn:oasis:names:specification:ubl:dsig:enveloped:xades'),
      el(
        'ext:ExtensionContent',
        null,
        el(
          'sig:UBLDocumentSignatures',
          {
            'xmlns:sac': 'urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2',
            'xmlns:sbc': 'urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2',
            'xmlns:sig': 'urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2',
          },
          el(
            'sac:SignatureInformation',
            null,
            text('cbc:ID', 'urn:oasis:names:specification:ubl:signature:1'),
            text('sbc:ReferencedSignatureID', 'urn:oasis:names:specification:ubl:signature:Invoice'),
            el(
              'ds:Signature',
              { ...ds, Id: 'signature' },
              el(
                'ds:SignedInfo',
                null,
                el('ds:CanonicalizationMethod', { Algorithm: 'http://www.w3.org/2006/12/xml-c14n11' }),
                el('ds:SignatureMethod', { Algorithm: 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256' }),
                el(
                  'ds:Reference',
                  { Id: 'invoiceSignedData', URI: '' },
                  el('ds:DigestMethod', { Algorithm: 'http://www.w3.org/2001/04/xmlenc#sha256' }),
                  text('ds:DigestValue', block.hash),
                ),
              ),
              text('ds:SignatureValue', block.signature),
              el('ds:KeyInfo', null, el('ds:KeyValue', null, text('ds:ECKeyValue', toBase64(block.publicKey)))),
              el('ds:Object', null, text('ds:SigningTime', block.signedAt)),
            ),
          ),
        ),
      ),
    ),
  )
}

/**
 * Seals the invoice at its place in the chain: hashes its canonical form, signs the hash's bytes with the key (when
 * there is one), and writes the QR and the whole XML. Deterministic: the same inputs give the same invoice.
 */
export async function sealInvoice(
  content: InvoiceContent,
  link: ChainLink,
  key: { privateKey: Uint8Array; binarySecurityToken: string | null } | null,
): Promise<SealedInvoice> {
  const hash = await sha256Base64(hashedXml(content, link))
  if (!key) {
    const qr = invoiceQr(content, null)
    return { xml: invoiceXml(content, link, qr, null), hash, signature: null, qr }
  }
  const signature = toBase64(signBytes(fromBase64(hash), key.privateKey))
  const publicKey = publicKeyInfo(key.privateKey)
  const qr = invoiceQr(content, { hash, signature, publicKey, certificateSignature: certificateSignature(key.binarySecurityToken, key.privateKey) })
  const xml = invoiceXml(content, link, qr, { hash, signature, publicKey, signedAt: content.issued_at })
  return { xml, hash, signature, qr }
}
