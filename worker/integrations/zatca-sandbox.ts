/**
 * The embedded ZATCA: the Fatoora API the store talks to in development and tests (docs/decisions/0016-zatca-invoices.md),
 * as strict as ZATCA where the store's documents meet it. It speaks every call of ./zatca.ts:
 *
 * - `POST /compliance` issues a compliance CSID for a CSR carrying ZATCA's fields, signed by its key, with the
 *   developer portal's OTP (`embeddedOtp`, the README's Deploy section); a wrong or missing OTP is refused as ZATCA
 *   refuses it, `400 {errors: [{code: "Invalid-OTP", ...}]}`. Certificates come from its own test CA.
 * - `POST /compliance/invoices` checks a sample document under that CSID and records the kinds that passed;
 *   `POST /production/csids` issues the production CSID once every kind the unit's invoice type needs has passed.
 * - `POST /invoices/reporting/single` (simplified) and `/invoices/clearance/single` (standard) take documents under a
 *   production CSID: the hash recomputed from the XML, the UUID, profile and type, the seller's VAT number, the totals,
 *   the signature checked against the CSID's certificate (never the key the document carries), the QR's tags, the
 *   chain (the counter above and the previous hash equal to the unit's last accepted document's: an error), the issue
 *   date (not in the future, reported within 24 hours), a UUID accepted before (409), and a note's invoice.
 *
 * Answers have ZATCA's shape: 200 REPORTED/CLEARED, 202 with warnings, 400 NOT_REPORTED/NOT_CLEARED with the errors.
 */
import { type } from 'arktype'
import { Hono, type Context } from 'hono'
import { oid, sequence, set, utf8String } from './der'
import { csrFromBody, issueCertificate, oids, readCertificate, readCsr, tokenOfCertificate, type CsrReading } from './zatca-csr'
import {
  certificatePublicKey,
  decodeTlv,
  fromBase64,
  hashedFormOf,
  initialPreviousHash,
  parsePrivateKey,
  publicKeyInfo,
  sha256Base64,
  toBase64,
  verifyBytes,
  documentQr,
  xmlText,
} from './zatca-document'
import { zatcaSandboxStore, type SandboxCsidRow } from '../storage/invoice-store'
import { sameText } from './constant-time'
import type { ClearanceAnswer, ComplianceCheckAnswer, CsidAnswer, ReportingAnswer, ValidationResults, ZatcaMessage } from './zatca'

/** The developer portal's OTP, the one the embedded ZATCA takes (README, Deploy: "ZATCA onboarding"). */
export const embeddedOtp = '123345'

/**
 * The stand-in's test CA: a published key, so nothing it signs is trusted anywhere but here. Its certificates last a
 * year, the reminder's window is tested against that (docs/decisions/0016-zatca-invoices.md, "Onboarding").
 */
const caPrivateKey = parsePrivateKey('5d5caf017feec6b0d837fed831b0108edb1caf02d641d75e6c6e78cf3a480d65')
const caName = sequence(set(sequence(oid(oids.commonName), utf8String('Matjar embedded ZATCA test CA'))))
export const embeddedCaPublicKey = publicKeyInfo(caPrivateKey)
const certificateDays = 365

const reportingBody = type({ invoiceHash: 'string <= 100', uuid: 'string <= 64', invoice: 'string <= 2000000' })
const complianceBody = type({ csr: 'string <= 20000' })
const productionBody = type({ compliance_request_id: 'string | number' })

/** Every element of the name, its inner XML (elements of one name never nest in an invoice). */
const elements = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => m[1]!)

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
  /** The document's cbc:ID when it is an invoice (388): what a later note may name. */
  invoiceId: string | null
  /** The invoice a credit or debit note names (BillingReference), or null. */
  billingReference: string | null
  /** Simplified (02xxxxx, reported) or standard (01xxxxx, cleared). */
  simplified: boolean
  /** The compliance kind it counts as: simplified-invoice .. standard-debit. */
  kind: string | null
  /** IssueDate and IssueTime as written (Riyadh). */
  issued: string | null
}

const money = (xml: string | null | undefined, name: string) => Number(xmlText(xml ?? '', name) ?? NaN)
/** ZATCA's tolerance on totals: a halala either way. */
const within = (a: number, b: number) => Math.abs(a - b) <= 0.01 + 1e-9

/**
 * The totals' arithmetic ZATCA checks (BR-CO-10, -13, -15, -16, -17, BR-KSA-50, -51): the lines' net amounts sum to
 * the document's, allowances come off, VAT on the taxable amount at the category's rate, and what is payable.
 */
function totalsErrors(xml: string): ZatcaMessage[] {
  const flat = xml.replace(/>\s+</g, '><')
  const errors: ZatcaMessage[] = []
  const rule = (code: string, holds: boolean, text: string) => holds || errors.push(message('ERROR', code, 'KSA', text))
  const lines = elements(flat, 'cac:InvoiceLine')
  const head = flat.replace(/<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/g, '')
  const totals = elements(head, 'cac:LegalMonetaryTotal')[0] ?? ''
  const vat = money(elements(head, 'cac:TaxTotal')[0], 'cbc:TaxAmount')
  const linesNet = lines.reduce((sum, line) => sum + money(line, 'cbc:LineExtensionAmount'), 0)
  const allowances = money(totals, 'cbc:AllowanceTotalAmount') || 0
  const charges = money(totals, 'cbc:ChargeTotalAmount') || 0
  const prepaid = money(totals, 'cbc:PrepaidAmount') || 0
  const rounding = money(totals, 'cbc:PayableRoundingAmount') || 0
  rule('BR-CO-10', within(linesNet, money(totals, 'cbc:LineExtensionAmount')), 'Sum of Invoice line net amount must equal the LineExtensionAmount')
  rule(
    'BR-CO-13',
    within(money(totals, 'cbc:LineExtensionAmount') - allowances + charges, money(totals, 'cbc:TaxExclusiveAmount')),
    'Invoice total amount without VAT must equal the lines less allowances plus charges',
  )
  rule(
    'BR-CO-15',
    within(money(totals, 'cbc:TaxExclusiveAmount') + vat, money(totals, 'cbc:TaxInclusiveAmount')),
    'Invoice total amount with VAT must equal the amount without VAT plus the VAT',
  )
  rule(
    'BR-CO-16',
    within(money(totals, 'cbc:TaxInclusiveAmount') - prepaid + rounding, money(totals, 'cbc:PayableAmount')),
    'Amount due for payment must equal the amount with VAT less the paid amount plus the rounding',
  )
  for (const subtotal of elements(head, 'cac:TaxSubtotal')) {
    const rate = money(subtotal, 'cbc:Percent') / 100
    rule(
      'BR-CO-17',
      within(money(subtotal, 'cbc:TaxableAmount') * rate, money(subtotal, 'cbc:TaxAmount')),
      'VAT category tax amount must be the taxable amount times the rate',
    )
  }
  for (const line of lines) {
    const net = money(line, 'cbc:LineExtensionAmount')
    const lineTax = elements(line, 'cac:TaxTotal')[0] ?? ''
    const rate = money(elements(line, 'cac:ClassifiedTaxCategory')[0], 'cbc:Percent') / 100
    rule('BR-KSA-50', within(net * rate, money(lineTax, 'cbc:TaxAmount')), 'Line VAT amount must be the line net amount times the rate')
    rule(
      'BR-KSA-51',
      within(net + money(lineTax, 'cbc:TaxAmount'), money(lineTax, 'cbc:RoundingAmount')),
      'Line amount with VAT must be the line net amount plus its VAT',
    )
  }
  return [...new Map(errors.map((error) => [error.code, error])).values()]
}

/**
 * What ZATCA finds wrong with a document by reading it alone: the hash, the UUID, profile and type, the seller's VAT
 * number, the counter and previous hash, the totals, the signature, the QR's tags 6-9, and a note's reference and
 * reason. The signature is checked with `certificateKey`, the key of the CSID the document came under, and the QR's
 * tag 8 must be that key; without one (ZATCA's published samples, read alone), with the certificate the document
 * carries. ZATCA's published samples pass it (worker/commerce/zatca-samples.test.ts).
 */
export async function documentFindings(
  xml: string,
  invoiceHash: string,
  uuid: string,
  certificateKey: Uint8Array | null = null,
): Promise<DocumentFindings> {
  const errors: ZatcaMessage[] = []
  const error = (code: string, category: string, text: string) => errors.push(message('ERROR', code, category, text))
  if ((await sha256Base64(hashedFormOf(xml))) !== invoiceHash) {
    error('invalid-invoice-hash', 'INVOICE_HASHING_ERRORS', 'The invoice hash API body does not match the (calculated) Hash of the XML')
  }
  if (xmlText(xml, 'cbc:UUID', '</cbc:ID>') !== uuid) error('invalid-uuid', 'KSA', 'The UUID in the body does not match the invoice')
  if (xmlText(xml, 'cbc:ProfileID') !== 'reporting:1.0') error('BR-KSA-EN16931-01', 'KSA', 'The profile must be reporting:1.0')
  const typed = /<cbc:InvoiceTypeCode name="(0[12])\d{5}">(388|381|383)<\/cbc:InvoiceTypeCode>/.exec(xml)
  const code = typed?.[2]
  const simplified = typed?.[1] === '02'
  if (!typed) error('invalid-invoice-type', 'KSA', 'The document must be a tax invoice, credit or debit note (388, 381, 383), simplified or standard')
  const note = code === '381' || code === '383'
  const billingReference = note ? xmlText(xml, 'cbc:ID', '<cac:BillingReference><cac:InvoiceDocumentReference>') : null
  if (note) {
    // A note names the invoice it corrects (BR-KSA-56) and says why it was issued (BR-KSA-17).
    if (!billingReference) error('BR-KSA-56', 'KSA', 'A credit or debit note must name the invoice it corrects (BillingReference)')
    if (!xmlText(xml, 'cbc:InstructionNote', '<cbc:PaymentMeansCode>[^<]*</cbc:PaymentMeansCode>')?.trim()) {
      error('BR-KSA-17', 'KSA', 'A credit or debit note must give the reason it is issued for (KSA-10, PaymentMeans/InstructionNote)')
    }
  }
  const vat = xmlText(xml, 'cbc:CompanyID')
  if (!vat || !/^3\d{13}3$/.test(vat)) error('BR-KSA-39', 'KSA', "The seller's VAT number must be 15 digits, starting and ending with 3")
  if (typed && !simplified) {
    // A standard invoice names its buyer's VAT number (BR-KSA-44) and the date of supply (BR-KSA-15).
    const buyer = elements(xml.replace(/>\s+</g, '><'), 'cac:AccountingCustomerParty')[0] ?? ''
    if (!/^3\d{13}3$/.test(xmlText(buyer, 'cbc:CompanyID') ?? ''))
      error('BR-KSA-44', 'KSA', "The buyer's VAT number must be 15 digits, starting and ending with 3")
    if (code === '388' && !xmlText(xml, 'cbc:ActualDeliveryDate')) error('BR-KSA-15', 'KSA', 'A standard tax invoice must give the supply date')
  }
  const icv = Number(xmlText(xml, 'cbc:UUID', '<cbc:ID>ICV</cbc:ID>'))
  if (!Number.isInteger(icv) || icv < 1) error('BR-KSA-33', 'KSA', 'The invoice counter (ICV) must be a positive whole number')
  const pih = xmlText(xml, 'cbc:EmbeddedDocumentBinaryObject', '<cbc:ID>PIH</cbc:ID><cac:Attachment>')
  if (!pih) error('BR-KSA-26', 'KSA', 'The previous invoice hash (PIH) is missing')
  errors.push(...totalsErrors(xml))
  // Phase 2: the signature of the hash by the CSID's key, and the same hash, signature and key in the QR.
  const signature = xmlText(xml, 'ds:SignatureValue')
  const key = certificateKey ?? carriedCertificateKey(xml)
  if (!signature || !key || !verifyBytes(fromBase64(signature), fromBase64(invoiceHash), key)) {
    error('invalid-signature', 'SIGNATURE_ERRORS', "The signature does not verify with the certificate's public key over the invoice hash")
  }
  const qr = documentQr(xml)
  const tags = qr ? decodeTlv(fromBase64(qr)) : new Map<number, Uint8Array>()
  const tag = (n: number) => new TextDecoder().decode(tags.get(n) ?? new Uint8Array())
  // Tag 9, the CA's signature of the certificate, is asked of simplified documents only.
  if (tag(6) !== invoiceHash || tag(7) !== signature || !key || !sameBytes(tags.get(8), key) || (simplified && !tags.has(9))) {
    error('invalid-qr', 'QRCODE_VALIDATION', 'The QR code does not carry the invoice hash, signature, public key and certificate signature')
  }
  // Kept for an invoice only: a note may name an invoice, never another note.
  const invoiceId = code === '388' ? xmlText(xml, 'cbc:ID', '</cbc:ProfileID>') : null
  const kind = typed ? `${simplified ? 'simplified' : 'standard'}-${code === '388' ? 'invoice' : code === '381' ? 'credit' : 'debit'}` : null
  const date = xmlText(xml, 'cbc:IssueDate')
  const time = xmlText(xml, 'cbc:IssueTime')
  return { errors, icv, pih, invoiceId, billingReference, simplified, kind, issued: date && time ? `${date}T${time}` : null }
}

/** The key of the certificate a document carries in ds:X509Certificate (ZATCA's samples), or ds:ECKeyValue. */
function carriedCertificateKey(xml: string): Uint8Array | null {
  const certificate = xmlText(xml, 'ds:X509Certificate')
  try {
    if (certificate) return certificatePublicKey(fromBase64(certificate))
    const key = xmlText(xml, 'ds:ECKeyValue')
    return key ? fromBase64(key) : null
  } catch {
    return null
  }
}

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && a.length === b.length && a.every((byte, i) => byte === b[i])

/** ZATCA's window for reporting a simplified document: 24 hours from its issue. */
const reportWithinMs = 24 * 3600_000
/** A clock a little ahead of ZATCA's is not a document from the future. */
const clockSkewMs = 5 * 60_000

/**
 * The issue date and time (Riyadh, UTC+3) against the time it is received: never in the future (BR-KSA-04), and a
 * simplified document within 24 hours of its issue (BR-KSA-98).
 */
function dateErrors(issued: string | null, simplified: boolean, now: Date): ZatcaMessage[] {
  const at = issued ? new Date(`${issued}+03:00`).getTime() : NaN
  if (Number.isNaN(at)) return [message('ERROR', 'BR-03', 'KSA', 'The issue date and time must be given')]
  if (at > now.getTime() + clockSkewMs)
    return [message('ERROR', 'BR-KSA-04', 'KSA', 'The document issue date must be less or equal to the current date')]
  if (simplified && at < now.getTime() - reportWithinMs) {
    return [message('ERROR', 'BR-KSA-98', 'KSA', 'The simplified invoice must be submitted within 24 hours of issuing it')]
  }
  return []
}

const results = (errors: ZatcaMessage[], warnings: ZatcaMessage[]): ValidationResults => ({
  infoMessages: errors.length
    ? []
    : [message('INFO', 'XSD_ZATCA_VALID', 'XSD validation', 'Complied with UBL 2.1 standards in line with ZATCA specifications')],
  warningMessages: warnings,
  errorMessages: errors,
  status: errors.length ? 'ERROR' : warnings.length ? 'WARNING' : 'PASS',
})

type SandboxEnv = { Bindings: Env }
type SandboxContext = Context<SandboxEnv>

/** The CSID of the request's Basic credentials, of the kind asked; null when they are none the stand-in issued. */
async function authorised(c: SandboxContext, kind: SandboxCsidRow['kind']): Promise<SandboxCsidRow | null> {
  const basic = /^Basic (.+)$/.exec(c.req.header('authorization') ?? '')?.[1]
  let decoded: string
  try {
    decoded = basic ? atob(basic) : ''
  } catch {
    return null
  }
  const split = decoded.indexOf(':')
  if (split < 1) return null
  const csid = await zatcaSandboxStore(c.env.DB).csidByToken(decoded.slice(0, split))
  return csid && csid.kind === kind && sameText(decoded.slice(split + 1), csid.secret) ? csid : null
}

const versionRefused = (c: SandboxContext) =>
  c.req.header('accept-version') === 'V2' ? null : c.json({ code: 'Invalid-Version', message: 'Accept-Version must be V2' }, 400)

/** A refusal outside validation, in ZATCA's shape. */
const refused = (c: SandboxContext, code: string, text: string, status: 400 | 406 = 400) => c.json({ errors: [{ code, message: text }] }, status)

const randomSecret = () => toBase64(crypto.getRandomValues(new Uint8Array(30)))

/** Issues a CSID of the kind for the request's subject and key, from the stand-in's CA. */
async function issueCsid(
  c: SandboxContext,
  kind: SandboxCsidRow['kind'],
  request: Pick<CsrReading, 'subjectDer' | 'publicKey' | 'extensions'>,
  egs: string,
  invoiceType: string,
  complianceRequestId: number | null,
): Promise<CsidAnswer> {
  const now = new Date()
  const serial = crypto.getRandomValues(new Uint8Array(16))
  serial[0] = serial[0]! & 0x7f
  const certificate = issueCertificate(
    { privateKey: caPrivateKey, name: caName },
    request,
    serial,
    now,
    new Date(now.getTime() + certificateDays * 86400_000),
  )
  const token = tokenOfCertificate(certificate)
  const secret = randomSecret()
  const requestID = await zatcaSandboxStore(c.env.DB).issueCsid({
    kind,
    token,
    secret,
    certificate: toBase64(certificate),
    egs,
    invoice_type: invoiceType,
    compliance_request_id: complianceRequestId,
    issued_at: now.toISOString(),
  })
  return {
    requestID,
    tokenType: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3',
    dispositionMessage: 'ISSUED',
    binarySecurityToken: token,
    secret,
    errors: null,
  }
}

/** The kinds of sample a unit of this invoice type must pass: standard (first digit) and simplified (second). */
export function requiredSamples(invoiceType: string): string[] {
  const kinds = ['invoice', 'credit', 'debit']
  return [
    ...(invoiceType[0] === '1' ? kinds.map((k) => `standard-${k}`) : []),
    ...(invoiceType[1] === '1' ? kinds.map((k) => `simplified-${k}`) : []),
  ]
}

/** A document under a CSID: decoded, read alone with the CSID's key, and refused if of a kind the unit may not issue. */
async function readDocument(body: typeof reportingBody.infer, csid: SandboxCsidRow) {
  const xml = decodedXml(body.invoice)
  if (xml === null) {
    const unreadable = message('ERROR', 'invalid-invoice', 'XSD_SCHEMA_ERROR', 'The invoice is not base64 of a UTF-8 XML document')
    return { xml: null, findings: null, errors: [unreadable] }
  }
  const certificate = readCertificate(fromBase64(csid.certificate))
  const findings = await documentFindings(xml, body.invoiceHash, body.uuid, certificate.publicKey)
  const errors = [...findings.errors]
  if (findings.kind && !requiredSamples(csid.invoice_type).includes(findings.kind)) {
    errors.push(
      message('ERROR', 'invalid-invoice-type', 'KSA', `The unit is onboarded for invoice type ${csid.invoice_type}, not ${findings.kind} documents`),
    )
  }
  return { xml, findings, errors }
}

/**
 * A document reported or cleared: read alone, then against the unit's history: the chain (the counter above the last
 * accepted document's, the previous hash equal to its hash), the issue date, and the invoice a note names. Accepted,
 * it is kept as the unit's last. A UUID accepted before answers 409.
 */
async function acceptDocument(c: SandboxContext, csid: SandboxCsidRow, body: typeof reportingBody.infer, simplified: boolean) {
  const store = zatcaSandboxStore(c.env.DB)
  const now = new Date()
  if (await store.byUuid(body.uuid))
    return {
      status: 409 as const,
      errors: [message('ERROR', 'duplicate-invoice', 'KSA', 'A document with this UUID was accepted before')],
      warnings: [],
    }
  const { findings, errors } = await readDocument(body, csid)
  const warnings: ZatcaMessage[] = []
  if (findings) {
    if (findings.kind && findings.simplified !== simplified) {
      errors.push(
        message(
          'ERROR',
          'invalid-invoice-type',
          'KSA',
          simplified ? 'Standard documents are cleared, not reported' : 'Simplified documents are reported, not cleared',
        ),
      )
    }
    errors.push(...dateErrors(findings.issued, findings.simplified, now))
    const last = await store.lastOf(csid.egs)
    if (last && findings.icv <= last.icv) {
      errors.push(message('ERROR', 'BR-KSA-33', 'KSA', `The invoice counter must follow the last accepted document's (${last.icv})`))
    }
    const expected = last ? last.invoice_hash : initialPreviousHash
    if (findings.pih !== expected && (last || findings.icv === 1)) {
      errors.push(message('ERROR', 'BR-KSA-61', 'KSA', "The previous invoice hash must be the hash of the unit's last accepted document"))
    }
    if (findings.billingReference && !(await store.hasInvoice(findings.billingReference))) {
      errors.push(
        message('ERROR', 'invalid-billing-reference', 'KSA', `The note names invoice ${findings.billingReference}, which was never accepted`),
      )
    }
    if (errors.length === 0) await store.keep(csid.egs, body.uuid, body.invoiceHash, findings.icv, findings.invoiceId, now)
  }
  return { status: errors.length ? (400 as const) : warnings.length ? (202 as const) : (200 as const), errors, warnings }
}

/** The API, as the store reaches it in process (and `npm run zatca:onboard -- --embedded` through the operator API). */
export const zatcaSandboxApi = new Hono<SandboxEnv>()
  .basePath('/e-invoicing/developer-portal')
  .post('/compliance', async (c) => {
    const version = versionRefused(c)
    if (version) return version
    const otp = c.req.header('otp')
    if (!otp) return refused(c, 'Missing-OTP', 'OTP is required field')
    if (!sameText(otp, embeddedOtp)) return refused(c, 'Invalid-OTP', 'The provided OTP is invalid')
    const body = complianceBody(await c.req.json().catch(() => null))
    if (body instanceof type.errors) return refused(c, 'Missing-CSR', 'CSR is required field')
    let request: CsrReading
    try {
      request = readCsr(csrFromBody(body.csr))
    } catch {
      return refused(c, 'Invalid-CSR', 'The provided CSR is invalid')
    }
    const egs = request.directory.get(oids.serialNumber) ?? ''
    const invoiceType = request.directory.get(oids.title) ?? ''
    const problems = [
      request.signed ? null : 'it is not signed by the key it carries',
      request.template === 'TSTZATCA-Code-Signing'
        ? null
        : `its template is ${request.template ?? 'missing'}, not the developer portal's TSTZATCA-Code-Signing`,
      /^1-[^|]+\|2-[^|]+\|3-[^|]+$/.test(egs) ? null : 'the serial number (SN) is not 1-..|2-..|3-..',
      /^3\d{13}3$/.test(request.directory.get(oids.userId) ?? '') ? null : 'the organization identifier (UID) is not a VAT number',
      requiredSamples(invoiceType).length ? null : 'the invoice type (title) is not 1100, 1000 or 0100',
      request.subject.get(oids.country) === 'SA' ? null : 'the country is not SA',
      request.subject.get(oids.commonName) ? null : 'the common name is missing',
    ].filter((problem): problem is string => problem !== null)
    if (problems.length) return refused(c, 'Invalid-CSR', `The provided CSR is invalid: ${problems.join('; ')}`)
    return c.json(await issueCsid(c, 'compliance', request, egs, invoiceType, null), 200)
  })
  .post('/compliance/invoices', async (c) => {
    const csid = await authorised(c, 'compliance')
    if (!csid) return c.body(null, 401)
    const version = versionRefused(c)
    if (version) return version
    const body = reportingBody(await c.req.json().catch(() => null))
    if (body instanceof type.errors) return c.json({ code: 'Invalid-Request', message: body.summary }, 400)
    const { findings, errors } = await readDocument(body, csid)
    if (errors.length === 0 && findings?.kind) await zatcaSandboxStore(c.env.DB).pass(csid.request_id, findings.kind)
    const accepted = errors.length === 0
    const answer: ComplianceCheckAnswer = {
      validationResults: results(errors, []),
      reportingStatus: findings?.simplified ? (accepted ? 'REPORTED' : 'NOT_REPORTED') : null,
      clearanceStatus: findings && !findings.simplified ? (accepted ? 'CLEARED' : 'NOT_CLEARED') : null,
      qrSellertStatus: null,
      qrBuyertStatus: null,
    }
    return c.json(answer, accepted ? 200 : 400)
  })
  .post('/production/csids', async (c) => {
    const csid = await authorised(c, 'compliance')
    if (!csid) return c.body(null, 401)
    const version = versionRefused(c)
    if (version) return version
    const body = productionBody(await c.req.json().catch(() => null))
    if (body instanceof type.errors || String(body.compliance_request_id) !== String(csid.request_id)) {
      return refused(c, 'Invalid-Request-ID', 'The compliance request ID is not the one of these credentials')
    }
    const passed = JSON.parse(csid.passed) as string[]
    const missing = requiredSamples(csid.invoice_type).filter((kind) => !passed.includes(kind))
    if (missing.length) return refused(c, 'Missing-Compliance-Steps', `The compliance checks have not passed for: ${missing.join(', ')}`)
    // The production certificate vouches for the same key and names the same unit as the compliance one.
    const reading = readCertificate(fromBase64(csid.certificate))
    return c.json(await issueCsid(c, 'production', reading, csid.egs, csid.invoice_type, csid.request_id), 200)
  })
  .post('/invoices/reporting/single', async (c) => invoiceCall(c, true))
  .post('/invoices/clearance/single', async (c) => invoiceCall(c, false))

/** Reporting (simplified) and clearance (standard), under a production CSID. */
async function invoiceCall(c: SandboxContext, simplified: boolean) {
  const csid = await authorised(c, 'production')
  if (!csid) return c.body(null, 401)
  const version = versionRefused(c)
  if (version) return version
  const body = reportingBody(await c.req.json().catch(() => null))
  if (body instanceof type.errors) return c.json({ code: 'Invalid-Request', message: body.summary }, 400)
  const { status, errors, warnings } = await acceptDocument(c, csid, body, simplified)
  const accepted = errors.length === 0
  if (simplified) {
    const answer: ReportingAnswer = { validationResults: results(errors, warnings), reportingStatus: accepted ? 'REPORTED' : 'NOT_REPORTED' }
    return c.json(answer, status)
  }
  // ZATCA stamps the cleared invoice with its QR; the stand-in answers the document as it was sent.
  const answer: ClearanceAnswer = {
    validationResults: results(errors, warnings),
    clearanceStatus: accepted ? 'CLEARED' : 'NOT_CLEARED',
    clearedInvoice: accepted ? body.invoice : null,
  }
  return c.json(answer, status)
}
