/**
 * The embedded ZATCA: the reporting API the store talks to in development and tests (docs/decisions/0016-zatca-invoices.md). It answers
 * `POST /e-invoicing/developer-portal/invoices/reporting/single` as ZATCA documents it (HTTP Basic of the binary
 * security token and secret, `Accept-Version: V2`, `{invoiceHash, uuid, invoice}`) and checks what ZATCA checks of a
 * simplified invoice or credit note, as far as this store writes one: the hash recomputed from the XML, the UUID, the
 * profile and type, the counter and previous hash (against the document it was last sent with the counter before), the
 * signature against the key in the XML, and the QR's tags 6 and 7; and of a credit note, that it names an invoice it
 * was sent before (BR-KSA-56) and gives its reason (BR-KSA-17). Its answers have ZATCA's shape: 200 REPORTED, 202 REPORTED with
 * warnings, 400 NOT_REPORTED with the errors.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { certificatePublicKey, decodeTlv, fromBase64, hashedFormOf, sha256Base64, verifyBytes } from './zatca-document'
import { zatcaSandboxStore } from '../storage/invoice-store'
import { sameText } from './constant-time'
import { zatcaAuthorization, type ReportingAnswer, type ZatcaMessage } from './zatca'

const reportingBody = type({ invoiceHash: 'string <= 100', uuid: 'string <= 64', invoice: 'string <= 2000000' })

/**
 * The first text of an element in the XML, or null; `after` is what must come just before it (white space between
 * elements aside, as ZATCA's indented samples have it).
 */
const element = (xml: string, name: string, after = '') => {
  const match = new RegExp(`${after}<${name}(?: [^>]*)?>([^<]*)</${name}>`).exec(xml.replace(/>\s+</g, '><'))
  return match ? match[1]! : null
}

const message = (type: ZatcaMessage['type'], code: string, category: string, text: string): ZatcaMessage => ({
  type,
  code,
  category,
  message: text,
  status: type === 'ERROR' ? 'ERROR' : type === 'WARNING' ? 'WARNING' : 'PASS',
})

function decodedXml(base64: string): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(fromBase64(base64))
  } catch {
    return null
  }
}

/** What the document says of itself that the stand-in checks against what it was sent before. */
export interface DocumentFindings {
  errors: ZatcaMessage[]
  icv: number
  pih: string | null
  /** The document's cbc:ID when it is an invoice (388): what a later credit note may name. */
  invoiceId: string | null
  /** The invoice a credit note names (BillingReference), or null. */
  billingReference: string | null
}

/**
 * What ZATCA finds wrong with a document by reading it alone: the hash, the UUID, profile and type, the seller's VAT
 * number, the counter and previous hash, the signature (by the key in ds:ECKeyValue, or the certificate's in
 * ds:X509Certificate as ZATCA's samples carry it), the QR's tags 6-9, and a credit note's reference and reason.
 * ZATCA's published samples pass it (worker/commerce/zatca-samples.test.ts).
 */
export async function documentFindings(xml: string, invoiceHash: string, uuid: string): Promise<DocumentFindings> {
  const errors: ZatcaMessage[] = []
  const error = (code: string, category: string, text: string) => errors.push(message('ERROR', code, category, text))
  if ((await sha256Base64(hashedFormOf(xml))) !== invoiceHash) {
    error('invalid-invoice-hash', 'INVOICE_HASHING_ERRORS', 'The invoice hash API body does not match the (calculated) Hash of the XML')
  }
  if (element(xml, 'cbc:UUID', '</cbc:ID>') !== uuid) error('invalid-uuid', 'KSA', 'The UUID in the body does not match the invoice')
  if (element(xml, 'cbc:ProfileID') !== 'reporting:1.0') error('BR-KSA-EN16931-01', 'KSA', 'The profile must be reporting:1.0')
  const type = /<cbc:InvoiceTypeCode name="02\d{5}">(388|381)<\/cbc:InvoiceTypeCode>/.exec(xml)?.[1]
  if (!type) error('invalid-invoice-type', 'KSA', 'Only simplified tax invoices and credit notes (388 or 381, 02xxxxx) are reported')
  const billingReference = type === '381' ? element(xml, 'cbc:ID', '<cac:BillingReference><cac:InvoiceDocumentReference>') : null
  if (type === '381') {
    // A credit note names the invoice it corrects (BR-KSA-56) and says why it was issued (BR-KSA-17).
    if (!billingReference) error('BR-KSA-56', 'KSA', 'A credit note must name the invoice it corrects (BillingReference)')
    if (!element(xml, 'cbc:InstructionNote', '<cbc:PaymentMeansCode>[^<]*</cbc:PaymentMeansCode>')?.trim()) {
      error('BR-KSA-17', 'KSA', 'A credit note must give the reason it is issued for (KSA-10, PaymentMeans/InstructionNote)')
    }
  }
  const vat = element(xml, 'cbc:CompanyID')
  if (!vat || !/^3\d{13}3$/.test(vat)) error('BR-KSA-39', 'KSA', "The seller's VAT number must be 15 digits, starting and ending with 3")
  const icv = Number(element(xml, 'cbc:UUID', '<cbc:ID>ICV</cbc:ID>'))
  if (!Number.isInteger(icv) || icv < 1) error('BR-KSA-33', 'KSA', 'The invoice counter (ICV) must be a positive whole number')
  const pih = element(xml, 'cbc:EmbeddedDocumentBinaryObject', '<cbc:ID>PIH</cbc:ID><cac:Attachment>')
  if (!pih) error('BR-KSA-26', 'KSA', 'The previous invoice hash (PIH) is missing')
  // Phase 2: the signature of the hash, by the key the XML carries, and the same hash and signature in the QR.
  const signature = element(xml, 'ds:SignatureValue')
  const key = signingKeyOf(xml)
  if (!signature || !key || !verifyBytes(fromBase64(signature), fromBase64(invoiceHash), key)) {
    error('invalid-signature', 'SIGNATURE_ERRORS', 'The signature does not verify with the public key over the invoice hash')
  }
  const qr = element(xml, 'cbc:EmbeddedDocumentBinaryObject', '<cbc:ID>QR</cbc:ID><cac:Attachment>')
  const tags = qr ? decodeTlv(fromBase64(qr)) : new Map<number, Uint8Array>()
  const tag = (n: number) => new TextDecoder().decode(tags.get(n) ?? new Uint8Array())
  if (tag(6) !== invoiceHash || tag(7) !== signature || !key || !sameBytes(tags.get(8), key) || !tags.has(9)) {
    error('invalid-qr', 'QRCODE_VALIDATION', 'The QR code does not carry the invoice hash, signature, public key and certificate signature')
  }
  // Kept for an invoice only: a credit note may name an invoice, never another note.
  const invoiceId = type === '388' ? element(xml, 'cbc:ID', '</cbc:ProfileID>') : null
  return { errors, icv, pih, invoiceId, billingReference }
}

/** The signing key's SubjectPublicKeyInfo: ds:ECKeyValue as this store writes it, or the certificate's. */
function signingKeyOf(xml: string): Uint8Array | null {
  const key = element(xml, 'ds:ECKeyValue')
  if (key) return fromBase64(key)
  const certificate = element(xml, 'ds:X509Certificate')
  try {
    return certificate ? certificatePublicKey(fromBase64(certificate)) : null
  } catch {
    return null
  }
}

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && a.length === b.length && a.every((byte, i) => byte === b[i])

/**
 * What the stand-in finds wrong with a document: what it says of itself, then against what it was sent before (the
 * previous counter's hash, a warning; the invoice a credit note names, an error). Errors refuse it, warnings report it
 * with a 202.
 */
async function checkInvoice(
  db: D1Database,
  body: typeof reportingBody.infer,
): Promise<{ errors: ZatcaMessage[]; warnings: ZatcaMessage[]; icv: number; documentId: string | null }> {
  const xml = decodedXml(body.invoice)
  if (xml === null) {
    const unreadable = message('ERROR', 'invalid-invoice', 'XSD_SCHEMA_ERROR', 'The invoice is not base64 of a UTF-8 XML document')
    return { errors: [unreadable], warnings: [], icv: 0, documentId: null }
  }
  const { errors, icv, pih, invoiceId, billingReference } = await documentFindings(xml, body.invoiceHash, body.uuid)
  const warnings: ZatcaMessage[] = []
  const store = zatcaSandboxStore(db)
  const previous = icv > 1 ? await store.byIcv(icv - 1) : null
  if (previous && previous.invoice_hash !== pih) {
    warnings.push(message('WARNING', 'BR-KSA-61', 'KSA', 'The previous invoice hash does not match the invoice reported with the counter before'))
  }
  if (billingReference && !(await store.hasInvoice(billingReference))) {
    errors.push(message('ERROR', 'invalid-billing-reference', 'KSA', `The credit note names invoice ${billingReference}, which was never reported`))
  }
  return { errors, warnings, icv, documentId: invoiceId }
}

type SandboxEnv = { Bindings: Env }

/** The API, as the reporter reaches it in process. */
export const zatcaSandboxApi = new Hono<SandboxEnv>().basePath('/e-invoicing/developer-portal').post('/invoices/reporting/single', async (c) => {
  if (!sameText(c.req.header('authorization') ?? '', await zatcaAuthorization(c.env))) return c.body(null, 401)
  if (c.req.header('accept-version') !== 'V2') return c.json({ code: 'Invalid-Version', message: 'Accept-Version must be V2' }, 400)
  const body = reportingBody(await c.req.json().catch(() => null))
  if (body instanceof type.errors) return c.json({ code: 'Invalid-Request', message: body.summary }, 400)
  const { errors, warnings, icv, documentId } = await checkInvoice(c.env.DB, body)
  const answer = (reportingStatus: ReportingAnswer['reportingStatus'], status: ReportingAnswer['validationResults']['status']): ReportingAnswer => ({
    validationResults: {
      infoMessages: errors.length
        ? []
        : [message('INFO', 'XSD_ZATCA_VALID', 'XSD validation', 'Complied with UBL 2.1 standards in line with ZATCA specifications')],
      warningMessages: warnings,
      errorMessages: errors,
      status,
    },
    reportingStatus,
  })
  if (errors.length > 0) return c.json(answer('NOT_REPORTED', 'ERROR'), 400)
  await zatcaSandboxStore(c.env.DB).keep(body.uuid, body.invoiceHash, icv, documentId, new Date())
  return warnings.length > 0 ? c.json(answer('REPORTED', 'WARNING'), 202) : c.json(answer('REPORTED', 'PASS'), 200)
})
