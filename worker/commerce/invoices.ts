/**
 * Tax invoices (docs/decisions/0016-zatca-invoices.md): issued when an order is paid (a hosted payment settled,
 * ./hosted-payments.ts) or, for cash on delivery, when it is delivered (the fulfilment step calls `issueInvoice`);
 * sealed into ZATCA's hash chain in number order. A consumer's is simplified, reported to ZATCA by the five-minute job
 * (worker/scheduled/housekeeping.ts) within 24 hours, with retries. A business buyer's is standard: cleared by ZATCA
 * as it is issued, and shown only once cleared; the same job retries a clearance that got no answer
 * (docs/decisions/0041-standard-invoices-for-businesses.md). Shown to their buyer (./routes/account-orders.ts).
 */
import { encode } from 'uqr'
import { appConfig, type Locale } from '../../app.config'
import { serverLimits } from '../../config/server-limits'
import type { BusinessBuyer, AddressFields } from '../../src/domain/checkout'
import type { CreditNoteSummary, InvoiceBuyer, InvoiceView } from '../../src/domain/invoice'
import { sellerAddress, sellerIdentity, type NationalAddress } from '../../src/domain/seller'
import { isDevelopment } from '../http/environment'
import { zatcaBaseUrl, type Fetcher } from '../integrations/zatca'
import { unitCredentials, zatcaGateway } from '../integrations/zatca-unit'
import { invoiceStore, type InvoiceRow, type ReportOutcome } from '../storage/invoice-store'
import { cachedCatalogue } from '../storage/cached-catalogue'
import { orderStore, type OrderDetailRow } from '../storage/order-store'
import {
  documentId,
  documentQr,
  fromBase64,
  initialPreviousHash,
  invoiceContent,
  sealInvoice,
  toBase64,
  type InvoiceContent,
  type InvoiceSeller,
} from '../integrations/zatca-document'
import { orderSignature } from './sandbox-link'

const limits = serverLimits.invoices

/**
 * The seller the invoices name, from configuration. Development without one uses ZATCA's own sample identity (the VAT
 * number and address of its SDK's samples, tests/fixtures/zatca), marked as such; production without a VAT number issues
 * no invoice, and `npm run deploy` refuses production without the VAT number or the address (scripts/deploy-settings.ts).
 */
export function invoiceSeller(env: Env): InvoiceSeller | null {
  const ar = sellerIdentity(env, 'ar')
  const en = sellerIdentity(env, 'en')
  const name = ar.name ?? en.name
  const address = sellerAddress(env) ?? (isDevelopment(env) ? developmentAddress : null)
  if (ar.vatNumber && name) return { name_ar: name, name_en: en.name ?? name, vat_number: ar.vatNumber, cr_number: ar.crNumber, address }
  if (!isDevelopment(env)) return null
  return { name_ar: 'متجر (بيئة التطوير)', name_en: 'Matjar (development)', vat_number: '399999999900003', cr_number: '1010010000', address }
}

/** The address of ZATCA's sample seller, development's when none is configured. */
const developmentAddress: NationalAddress = {
  building_number: '2322',
  street: 'الامير سلطان | Prince Sultan',
  district: 'المربع | Al-Murabba',
  city: 'الرياض | Riyadh',
  postal_code: '23333',
  additional_number: null,
}

/**
 * The key that signs the invoices and the certificate tag 9 reads: the onboarded unit's (worker/integrations/zatca-unit.ts;
 * development onboards itself against the embedded ZATCA). A production store without ZATCA_PRIVATE_KEY issues
 * phase-1 invoices: hashed and chained, unsigned, tags 1-5 in the QR.
 */
async function signingKey(env: Env): Promise<{ privateKey: Uint8Array; binarySecurityToken: string | null } | null> {
  return unitCredentials(env, invoiceSeller(env))
}

/**
 * Issues the order's simplified tax invoice, once: a second call (or a racing one) answers the same invoice. The number
 * comes from the statement that stores it; the invoice is then sealed into the chain with every invoice before it.
 * Answers null when the order is not one to invoice (unknown, awaiting payment, cancelled) or no seller is configured.
 */
export async function issueInvoice(env: Env, orderId: number, now = new Date()): Promise<InvoiceRow | null> {
  const invoices = invoiceStore(env.DB)
  let invoice = await invoices.byOrder(orderId)
  if (!invoice) {
    const seller = invoiceSeller(env)
    if (!seller) {
      console.error(JSON.stringify({ level: 'error', message: 'no invoice: SELLER_VAT_NUMBER and SELLER_NAME_AR are not configured', orderId }))
      return null
    }
    const order = await orderStore(env.DB).detail(orderId)
    if (!order || (order.status !== 'processing' && order.status !== 'complete')) return null
    const content = invoiceContent({ ...order, buyer: await invoiceBuyer(env, order) }, seller, crypto.randomUUID(), now)
    await invoices.issue(orderId, content.uuid, content.issued_at, JSON.stringify(content))
    invoice = await invoices.byOrder(orderId)
  }
  if (invoice && invoice.hash === null) {
    await sealPendingInvoices(env)
    invoice = await invoices.byOrder(orderId)
  }
  if (invoice) invoice = await clearIfStandard(env, invoice, now)
  return invoice
}

/**
 * The business a standard invoice names (BR-KSA-42, 44, 63): the order's company and VAT number at its billing address,
 * else its delivery address, the city by its Arabic name. Null for a consumer's order.
 */
async function invoiceBuyer(env: Env, order: OrderDetailRow): Promise<InvoiceBuyer | null> {
  const parse = <T>(text: string | null) => (text ? (JSON.parse(text) as T) : null)
  const business = parse<BusinessBuyer>(order.business)
  const address = parse<AddressFields>(order.billing_address) ?? parse<AddressFields>(order.shipping_address)
  if (!business || !address) return null
  const regions = await cachedCatalogue(env).regions('ar')
  return {
    name: business.company,
    vat_number: business.vat_number,
    address: {
      building_number: address.building,
      street: address.street,
      district: address.district,
      city: regions.find((region) => region.value === String(address.regionId))?.label ?? '',
      postal_code: address.postalCode,
      additional_number: address.additionalNumber || null,
    },
  }
}

/**
 * A standard document (one naming a business buyer) is cleared before its buyer is given it: the documents before it in
 * the chain go to ZATCA first, then it. Without an answer it stays uncleared, and unshown, for the five-minute job.
 */
export async function clearIfStandard(env: Env, document: InvoiceRow, now = new Date()): Promise<InvoiceRow> {
  if (document.reported_at || !(JSON.parse(document.content) as InvoiceContent).buyer) return document
  await reportInvoices(env, now).catch((error: unknown) => {
    console.error(JSON.stringify({ level: 'error', message: 'clearance not reached', invoice: document.number, error: String(error) }))
  })
  return (await invoiceStore(env.DB).byNumber(document.number)) ?? document
}

/** The sealing run under way in this isolate, if any: the requests that arrive meanwhile wait for it instead of racing it. */
let sealing: Promise<number> | null = null

/**
 * Seals the invoices not yet sealed, in number order, each chained to the hash of the one before. One run at a time in
 * an isolate: when 64 payments landed together, each of them sealing every pending invoice cost 64 x 64 signatures,
 * and the payments took 23 s under `npm run load`. A request that finds a run under way waits for it and then runs
 * once more for what was issued meanwhile. Across isolates, a racing sealer computes the same seal (the document is
 * deterministic) and the store writes it once. Answers how many this call's own run sealed.
 */
export async function sealPendingInvoices(env: Env): Promise<number> {
  while (sealing) await sealing.catch(() => 0)
  sealing = sealInOrder(env).finally(() => (sealing = null))
  return sealing
}

async function sealInOrder(env: Env): Promise<number> {
  const invoices = invoiceStore(env.DB)
  const key = await signingKey(env)
  let sealed = 0
  for (let round = 0; round < limits.batch; round++) {
    const next = await invoices.firstUnsealed()
    if (!next) break
    const previous = next.number === 1 ? initialPreviousHash : (await invoices.byNumber(next.number - 1))?.hash
    // Never happens while numbers are sealed in order; stop rather than chain to nothing.
    if (!previous) break
    const link = { id: documentId(next.kind, next.serial), icv: next.number, pih: previous }
    const seal = await sealInvoice(JSON.parse(next.content) as InvoiceContent, link, key)
    if (await invoices.seal(next.number, previous, initialPreviousHash, seal)) sealed += 1
  }
  return sealed
}

/** Issues the invoices owed and not issued (an issue that failed after a payment, a delivery): the scheduled safety net. */
export async function issueMissingInvoices(env: Env, now = new Date()): Promise<number> {
  let issued = 0
  for (const orderId of await invoiceStore(env.DB).ordersOwed(limits.batch)) {
    if (await issueInvoice(env, orderId, now)) issued += 1
  }
  await sealPendingInvoices(env)
  return issued
}

/** ZATCA refused the document: it waits for the operator, and the documents after it with it. */
const refusedStatuses: readonly string[] = ['NOT_REPORTED', 'NOT_CLEARED']

/**
 * What a reporting or clearance call's answer means for the document: with ZATCA (reported, or cleared), refused for
 * good, or to try again later. `standard`: a clearance, whose statuses are CLEARED and NOT_CLEARED.
 */
export function reportOutcome(
  status: number,
  text: string,
  answerStatus: string | undefined,
  attempts: number,
  now: Date,
  standard = false,
): ReportOutcome {
  const [done, refused] = standard ? (['CLEARED', 'NOT_CLEARED'] as const) : (['REPORTED', 'NOT_REPORTED'] as const)
  if ((status === 200 || status === 202) && answerStatus === done) return { status: done, answer: text, retryAt: null }
  // 409: ZATCA already holds this UUID: an earlier call landed and its answer was lost on the way back.
  if (status === 409) return { status: done, answer: text, retryAt: null }
  // 400 with NOT_REPORTED or NOT_CLEARED: ZATCA read the document and refused it; sending it again would be refused again.
  if (status === 400 && answerStatus === refused) return { status: refused, answer: text, retryAt: null }
  const minutes = Math.min(limits.retryMaxMinutes, limits.retryFirstMinutes * 2 ** attempts)
  return { status: 'FAILED', answer: `${status} ${text}`, retryAt: new Date(now.getTime() + minutes * 60_000) }
}

/** The document ZATCA stamped, from a clearance's answer: its XML and the QR it carries (null when it sent none). */
function clearedDocument(clearedInvoice: string | null | undefined): ReportOutcome['cleared'] {
  if (!clearedInvoice) return null
  const xml = new TextDecoder().decode(fromBase64(clearedInvoice))
  const qr = documentQr(xml)
  return qr ? { xml, qr } : null
}

/**
 * Sends ZATCA the sealed documents not yet with it and due (the five-minute job, and a standard document as it is
 * issued), in chain order: a simplified one is reported, a standard one cleared. ZATCA's answer is kept with each; a
 * failure is tried again later, doubling the wait, and holds back the documents after it. Nothing is sent where
 * reporting is not configured (production without ZATCA_API_URL: phase 1). `fetcher` stands in for the network in tests.
 */
export async function reportInvoices(
  env: Env,
  now = new Date(),
  fetcher?: Fetcher,
): Promise<{ reported: number; refused: number; failed: number; oldestUnreportedHours: number }> {
  const figures = { reported: 0, refused: 0, failed: 0, oldestUnreportedHours: 0 }
  if (!zatcaBaseUrl(env)) return figures
  const invoices = invoiceStore(env.DB)
  const client = zatcaGateway(env, invoiceSeller(env), fetcher)
  for (const invoice of await invoices.unreported(limits.batch)) {
    // In chain order, and none past one that is not reported yet: ZATCA takes a document only after the one its
    // previous hash names. A refused one waits for the operator, and those after it with it.
    if (refusedStatuses.includes(invoice.reporting_status ?? '') || (invoice.next_report_at && invoice.next_report_at > now.toISOString())) break
    const standard = Boolean((JSON.parse(invoice.content) as InvoiceContent).buyer)
    const body = { invoiceHash: invoice.hash!, uuid: invoice.uuid, invoice: toBase64(new TextEncoder().encode(invoice.xml!)) }
    let outcome: ReportOutcome
    try {
      if (standard) {
        const { status, answer, text } = await client.clearSingle(body)
        outcome = {
          ...reportOutcome(status, text, answer?.clearanceStatus, invoice.report_attempts, now, true),
          cleared: clearedDocument(answer?.clearedInvoice),
        }
      } else {
        const { status, answer, text } = await client.reportSingle(body)
        outcome = reportOutcome(status, text, answer?.reportingStatus, invoice.report_attempts, now)
      }
    } catch (error) {
      outcome = reportOutcome(0, String(error), undefined, invoice.report_attempts, now, standard)
    }
    await invoices.recordReport(invoice.number, outcome, now)
    if (outcome.status === 'REPORTED' || outcome.status === 'CLEARED') figures.reported += 1
    else if (refusedStatuses.includes(outcome.status)) {
      figures.refused += 1
      console.error(JSON.stringify({ level: 'error', message: 'ZATCA refused an invoice', invoice: invoice.number, answer: outcome.answer }))
      break
    } else {
      figures.failed += 1
      break
    }
  }
  const oldest = await invoices.oldestUnreported()
  if (oldest) {
    const hours = (now.getTime() - new Date(oldest.issued_at).getTime()) / 3600_000
    figures.oldestUnreportedHours = Math.round(hours * 10) / 10
    if (hours > limits.alarmAfterHours) {
      const message = `invoice unreported for ${Math.floor(hours)} h: ZATCA wants it within ${limits.reportWithinHours} h`
      console.error(JSON.stringify({ level: 'error', message, invoice: oldest.number }))
    }
  }
  return figures
}

/**
 * The invoice page's address in the buyer's email: their language, the order's number, and the order's invoice
 * signature, so that a guest whose mobile was never verified (a card payment) can open it from their own mailbox. The
 * page without the signature asks for what the order page asks for. With `creditNote` (CN-000001) it opens that note.
 */
export async function invoiceLink(env: Env, increment: string, locale: Locale, creditNote?: string): Promise<string> {
  const origin = (env.STORE_ORIGIN || appConfig.store.canonicalOrigin).replace(/\/+$/, '')
  const note = creditNote ? `&note=${creditNote}` : ''
  return `${origin}${locale === 'en' ? '/en' : ''}/invoice?order=${increment}${note}&sig=${await orderSignature(env, increment, 'invoice')}`
}

/** The QR's dark modules as one SVG path, a run of modules per rectangle. */
export function qrPath(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 0 })
  const parts: string[] = []
  data.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue
      let run = 1
      while (x + run < size && row[x + run]) run++
      parts.push(`M${x} ${y}h${run}v1h-${run}z`)
      x += run - 1
    }
  })
  return { size, path: parts.join('') }
}

/**
 * The invoice or credit note as its buyer reads it: its content as issued, its number and its QR drawn; an invoice
 * lists the credit notes issued against it (`creditNotes`, the order's rows of that kind).
 */
export function invoiceView(row: InvoiceRow, creditNotes: InvoiceRow[] = []): InvoiceView | null {
  if (!row.qr || !isGiven(row)) return null
  const content = JSON.parse(row.content) as InvoiceContent
  return {
    ...content,
    kind: row.kind,
    number: documentId(row.kind, row.serial),
    qr: { text: row.qr, ...qrPath(row.qr) },
    signed: row.signature !== null,
    credit_notes: row.kind === 'invoice' ? creditNotes.filter(isGiven).map(creditNoteSummary) : [],
  }
}

/**
 * Whether a document may be given to its buyer: sealed, and, when it is a standard one, cleared by ZATCA
 * (docs/decisions/0041-standard-invoices-for-businesses.md).
 */
export function isGiven(row: InvoiceRow): boolean {
  return row.qr !== null && (row.reporting_status === 'CLEARED' || !(JSON.parse(row.content) as InvoiceContent).buyer)
}

/** A credit note as an order's pages list it, with the path of its printable page (src/routes/invoice.tsx). */
export function creditNoteSummary(row: InvoiceRow): CreditNoteSummary {
  const content = JSON.parse(row.content) as InvoiceContent
  const number = documentId(row.kind, row.serial)
  return {
    number,
    amount: content.totals.incl_vat,
    issued_at: row.issued_at,
    reason: content.credit_note?.reason ?? '',
    path: `/invoice?order=${content.order}&note=${number}`,
  }
}
