import { describe, expect, it } from 'vitest'
import {
  certificateSignature,
  decodeTlv,
  fromBase64,
  hashedFormOf,
  hashedXml,
  initialPreviousHash,
  invoiceContent,
  invoiceQr,
  parsePrivateKey,
  publicKeyInfo,
  sealInvoice,
  sha256Base64,
  toBase64,
  verifyBytes,
  type InvoicedOrder,
  type InvoiceSeller,
} from './zatca-document'

const seller: InvoiceSeller = { name_ar: 'متجر التجربة', name_en: 'Matjar Test', vat_number: '399999999900003', cr_number: '1010010000' }
const order: InvoicedOrder = {
  increment_id: 'MJ1234567000001',
  // 2 x 100 + a service of 50 + delivery 30, less a coupon of 40: 240 with 31.30 VAT (vatIncluded(240)).
  grand_total: 240,
  vat: 31.3,
  delivery: 30,
  items: [
    { sku: 'TV-1', name: 'Television', name_ar: 'تلفاز', qty: 2, price: 100, row_total: 200, parent_sku: null },
    { sku: 'FEE-1', name: 'Installation', name_ar: 'تركيب', qty: 1, price: 50, row_total: 50, parent_sku: 'TV-1' },
  ],
}
const issuedAt = new Date('2026-11-25T18:35:07.000Z')
const content = invoiceContent(order, seller, '8e6000cf-1a98-4174-b3e7-b5d5954bc10d', issuedAt)

/** A fixed test key (never a real one) and the public key of the private key 1, the curve's generator G. */
const testKey = parsePrivateKey('c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721')
const generator = '0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8'
const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe('the invoice content', () => {
  it('keeps the lines as paid, delivery as a line, and the discount that makes them the grand total', () => {
    expect(content.lines.map((l) => [l.kind, l.qty, l.unit_price, l.total, l.vat])).toEqual([
      ['product', 2, 10000, 20000, 2609],
      ['service', 1, 5000, 5000, 652],
      ['delivery', 1, 3000, 3000, 391],
    ])
    expect(content.discount).toBe(4000)
    expect(content.totals).toEqual({ incl_vat: 24000, vat: 3130, excl_vat: 20870 })
    expect(content.lines.reduce((sum, l) => sum + l.total, 0) - content.discount).toBe(content.totals.incl_vat)
  })
})

describe('the QR', () => {
  it('holds tags 1-5 in phase 1', () => {
    const tags = decodeTlv(fromBase64(invoiceQr(content, null)))
    expect([...tags.keys()]).toEqual([1, 2, 3, 4, 5])
    expect(text(tags.get(1)!)).toBe('متجر التجربة')
    expect(text(tags.get(2)!)).toBe('399999999900003')
    // Riyadh is three hours ahead of UTC.
    expect(text(tags.get(3)!)).toBe('2026-11-25T21:35:07')
    expect(text(tags.get(4)!)).toBe('240.00')
    expect(text(tags.get(5)!)).toBe('31.30')
  })

  it('decodes to every tag 1-9 of a sealed invoice, each what it should be', async () => {
    const sealed = await sealInvoice(
      content,
      { id: 'INV-000001', icv: 1, pih: initialPreviousHash },
      { privateKey: testKey, binarySecurityToken: null },
    )
    const tags = decodeTlv(fromBase64(sealed.qr))
    expect([...tags.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(text(tags.get(1)!)).toBe(seller.name_ar)
    expect(text(tags.get(2)!)).toBe(seller.vat_number)
    expect(text(tags.get(3)!)).toBe('2026-11-25T21:35:07')
    expect(text(tags.get(4)!)).toBe('240.00')
    expect(text(tags.get(5)!)).toBe('31.30')
    expect(text(tags.get(6)!)).toBe(sealed.hash)
    expect(text(tags.get(7)!)).toBe(sealed.signature)
    expect(hex(tags.get(8)!)).toBe(hex(publicKeyInfo(testKey)))
    // Without ZATCA's certificate, tag 9 is the key's own signature over its public key (docs/decisions/0016-zatca-invoices.md).
    expect(verifyBytes(tags.get(9)!, tags.get(8)!, tags.get(8)!)).toBe(true)
    // The QR is in the XML too.
    expect(sealed.xml).toContain(`<cbc:ID>QR</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${sealed.qr}<`)
  })

  it('refuses a value longer than one length byte holds', () => {
    expect(() => invoiceQr({ ...content, seller: { ...seller, name_ar: 'م'.repeat(200) } }, null)).toThrow(RangeError)
  })
})

describe('the XML, its hash and the chain', () => {
  it('is a simplified invoice as ZATCA profiles it', () => {
    const xml = hashedXml(content, { id: 'INV-000007', icv: 7, pih: initialPreviousHash })
    expect(xml).toContain('<cbc:ProfileID>reporting:1.0</cbc:ProfileID>')
    expect(xml).toContain('<cbc:ID>INV-000007</cbc:ID>')
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0200000">388</cbc:InvoiceTypeCode>')
    expect(xml).toContain('<cbc:ID>ICV</cbc:ID><cbc:UUID>7</cbc:UUID>')
    expect(xml).toContain(`<cbc:ID>PIH</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${initialPreviousHash}<`)
    expect(xml).toContain('<cbc:IssueDate>2026-11-25</cbc:IssueDate><cbc:IssueTime>21:35:07</cbc:IssueTime>')
    expect(xml).toContain('<cbc:TaxInclusiveAmount currencyID="SAR">240.00</cbc:TaxInclusiveAmount>')
    expect(xml).toContain('<cbc:CompanyID>399999999900003</cbc:CompanyID>')
    expect(xml).not.toMatch(/<[^>]+\/>/)
  })

  it('starts from the documented hash of "0", and each hash is SHA-256 of the invoice without its signature and QR', async () => {
    // ZATCA's documented first PIH: base64 of the hex text of SHA-256("0").
    const zero = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('0')))
    expect(initialPreviousHash).toBe(btoa(hex(zero)))
    const first = await sealInvoice(
      content,
      { id: 'INV-000001', icv: 1, pih: initialPreviousHash },
      { privateKey: testKey, binarySecurityToken: null },
    )
    expect(first.hash).toBe(await sha256Base64(hashedXml(content, { id: 'INV-000001', icv: 1, pih: initialPreviousHash })))
    // What a receiver recomputes from the whole XML is the same hash.
    expect(await sha256Base64(hashedFormOf(first.xml))).toBe(first.hash)
    const second = await sealInvoice(
      { ...content, uuid: '1f0b2d6e-0000-4000-8000-000000000002' },
      { id: 'INV-000002', icv: 2, pih: first.hash },
      null,
    )
    expect(second.xml).toContain(`<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${first.hash}</`)
    expect(await sha256Base64(hashedFormOf(second.xml))).toBe(second.hash)
    // Another link in the chain is another hash.
    const elsewhere = await sealInvoice(content, { id: 'INV-000001', icv: 1, pih: second.hash }, null)
    expect(elsewhere.hash).not.toBe(first.hash)
  })

  it('seals the same invoice the same way twice (two racing sealers agree)', async () => {
    const key = { privateKey: testKey, binarySecurityToken: null }
    expect(await sealInvoice(content, { id: 'INV-000003', icv: 3, pih: initialPreviousHash }, key)).toEqual(
      await sealInvoice(content, { id: 'INV-000003', icv: 3, pih: initialPreviousHash }, key),
    )
  })
})

describe('the signature', () => {
  it('derives the known public key of a known private key', () => {
    const one = parsePrivateKey('0000000000000000000000000000000000000000000000000000000000000001')
    expect(hex(publicKeyInfo(one))).toBe(`3056301006072a8648ce3d020106052b8104000a034200${generator}`)
  })

  it('signs the hash so that the public key verifies it, and nothing else', async () => {
    const sealed = await sealInvoice(
      content,
      { id: 'INV-000001', icv: 1, pih: initialPreviousHash },
      { privateKey: testKey, binarySecurityToken: null },
    )
    const signature = fromBase64(sealed.signature!)
    expect(verifyBytes(signature, fromBase64(sealed.hash), publicKeyInfo(testKey))).toBe(true)
    const other = await sealInvoice(content, { id: 'INV-000002', icv: 2, pih: initialPreviousHash }, null)
    expect(verifyBytes(signature, fromBase64(other.hash), publicKeyInfo(testKey))).toBe(false)
    const stranger = parsePrivateKey(toBase64(new Uint8Array(32).fill(7)))
    expect(verifyBytes(signature, fromBase64(sealed.hash), publicKeyInfo(stranger))).toBe(false)
  })

  it('reads the key from a SEC1 PEM as OpenSSL writes it', () => {
    // `openssl ecparam -name secp256k1 -genkey` layout: SEQUENCE { 1, OCTET STRING(32), [0] OID, [1] key }, here with the
    // test key and without the optional parts.
    const der = Uint8Array.from([0x30, 0x25, 0x02, 0x01, 0x01, 0x04, 0x20, ...testKey])
    const pem = `-----BEGIN EC PRIVATE KEY-----\n${toBase64(der)}\n-----END EC PRIVATE KEY-----\n`
    expect(hex(parsePrivateKey(pem))).toBe(hex(testKey))
    expect(() => parsePrivateKey('not a key')).toThrow(/ZATCA_PRIVATE_KEY/)
  })

  it("takes tag 9 from the certificate ZATCA issued: its signature's bits", () => {
    // A certificate's outline: SEQUENCE { tbs SEQUENCE, algorithm SEQUENCE, BIT STRING (0 unused bits, the signature) }.
    const certificate = Uint8Array.from([0x30, 0x0b, 0x30, 0x01, 0x05, 0x30, 0x01, 0x05, 0x03, 0x03, 0x00, 0xab, 0xcd])
    const token = btoa(toBase64(certificate))
    expect(hex(certificateSignature(token, testKey))).toBe('abcd')
  })
})
