/**
 * ZATCA's Fatoora API (docs/decisions/0016-zatca-invoices.md): every call the store makes, as ZATCA's developer portal
 * documents them, in one adapter (`fatooraApi`). Onboarding: `POST /compliance` (header `OTP`, body `{csr}`, base64
 * of the CSR's PEM) answers the compliance CSID `{requestID, dispositionMessage, binarySecurityToken, secret}`; `POST
 * /compliance/invoices` checks each sample document under it; `POST /production/csids` `{compliance_request_id}`
 * answers the production CSID. Then `POST /invoices/reporting/single` (simplified documents, within 24 hours: 200
 * REPORTED, 202 REPORTED with warnings, 400 NOT_REPORTED) and `POST /invoices/clearance/single` (standard documents,
 * before they are given: CLEARED with `clearedInvoice`, or NOT_CLEARED), each with the body `{invoiceHash, uuid,
 * invoice}` and HTTP Basic of the CSID's token and secret, `Accept-Version: V2`. This is the protocol and nothing
 * else: the same calls reach ZATCA and the embedded stand-in (./zatca-sandbox.ts) in development and tests.
 */
import { isDevelopment } from '../http/environment'

/** A message of ZATCA's validation. */
export interface ZatcaMessage {
  type: 'INFO' | 'WARNING' | 'ERROR'
  code: string
  category: string
  message: string
  status: string
}

/** The validation results every invoice call answers with. */
export interface ValidationResults {
  infoMessages: ZatcaMessage[]
  warningMessages: ZatcaMessage[]
  errorMessages: ZatcaMessage[]
  status: 'PASS' | 'WARNING' | 'ERROR'
}

/** ZATCA's answer to a reporting call. */
export interface ReportingAnswer {
  validationResults: ValidationResults
  reportingStatus: 'REPORTED' | 'NOT_REPORTED'
}

/** ZATCA's answer to a clearance call: with CLEARED, the invoice ZATCA stamped (base64 of its XML), to give the buyer. */
export interface ClearanceAnswer {
  validationResults: ValidationResults
  clearanceStatus: 'CLEARED' | 'NOT_CLEARED'
  clearedInvoice: string | null
}

/** ZATCA's answer to a compliance check: the status of the kind the document is (the other one null). */
export interface ComplianceCheckAnswer {
  validationResults: ValidationResults
  reportingStatus: 'REPORTED' | 'NOT_REPORTED' | null
  clearanceStatus: 'CLEARED' | 'NOT_CLEARED' | null
  qrSellertStatus: string | null
  qrBuyertStatus: string | null
}

/**
 * ZATCA's answer to POST /compliance (the compliance CSID) and POST /production/csids: the certificate as the binary
 * security token (base64 of its base64 DER) and the secret, with the request's id, which the production CSID call
 * names; or, refused, its errors.
 */
export interface CsidAnswer {
  requestID: number | string
  dispositionMessage: string
  binarySecurityToken: string
  secret: string
  tokenType?: string
  errors?: ZatcaError[] | null
}

/** A refusal outside validation (a wrong OTP, a bad CSR, a missing compliance step): `{code, message}`. */
export interface ZatcaError {
  code: string
  message: string
}

/** The errors of a refusal, whichever of ZATCA's two shapes it came in (`{errors: [...]}` or `{code, message}`). */
export function zatcaErrors(answer: unknown): ZatcaError[] {
  if (!answer || typeof answer !== 'object') return []
  const { errors, code, message } = answer as { errors?: unknown; code?: unknown; message?: unknown }
  if (Array.isArray(errors))
    return (errors as unknown[]).filter((error): error is ZatcaError => typeof (error as Partial<ZatcaError> | null)?.code === 'string')
  return typeof code === 'string' ? [{ code, message: typeof message === 'string' ? message : '' }] : []
}

export interface ReportingRequest {
  /** Base64 SHA-256 of the invoice's canonical form. */
  invoiceHash: string
  uuid: string
  /** Base64 of the whole XML. */
  invoice: string
}

/** The credentials of a CSID: the binary security token and its secret. */
export interface Csid {
  binarySecurityToken: string
  secret: string
}

/** What each call answers: the HTTP status, the JSON answer (null when the body was none), and the body as text. */
export interface Answered<T> {
  status: number
  answer: T | null
  text: string
}

const basic = (csid: Csid) => `Basic ${btoa(`${csid.binarySecurityToken}:${csid.secret}`)}`

/**
 * ZATCA's Fatoora API at `base`, every call as the developer portal documents it: `Accept-Version: V2`, JSON both
 * ways, HTTP Basic of the CSID's token and secret (the first call, with the portal's OTP instead).
 */
export function fatooraApi(base: string, fetcher: Fetcher) {
  async function call<T>(path: string, headers: Record<string, string>, body: unknown): Promise<Answered<T>> {
    const response = await fetcher(
      new Request(`${base.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'accept-language': 'en', 'accept-version': 'V2', 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    )
    const text = await response.text()
    let answer: T | null = null
    try {
      answer = JSON.parse(text) as T
    } catch {
      // Not JSON (a gateway's error page): kept as text.
    }
    return { status: response.status, answer, text }
  }
  return {
    /** POST /compliance: the compliance CSID for a CSR (base64 of its PEM), with the OTP from the Fatoora portal. */
    complianceCsid: (otp: string, csr: string) => call<CsidAnswer>('/compliance', { otp }, { csr }),
    /** POST /compliance/invoices: one sample document checked, under the compliance CSID. */
    complianceCheck: (csid: Csid, body: ReportingRequest) =>
      call<ComplianceCheckAnswer>('/compliance/invoices', { authorization: basic(csid) }, body),
    /** POST /production/csids: the production CSID, once the compliance checks passed, under the compliance CSID. */
    productionCsid: (csid: Csid, complianceRequestId: string) =>
      call<CsidAnswer>('/production/csids', { authorization: basic(csid) }, { compliance_request_id: complianceRequestId }),
    /** POST /invoices/reporting/single: a simplified document, within 24 hours of issue. */
    reportSingle: (csid: Csid, body: ReportingRequest) => call<ReportingAnswer>('/invoices/reporting/single', { authorization: basic(csid) }, body),
    /** POST /invoices/clearance/single: a standard document, before it is given to the buyer (`Clearance-Status: 1`). */
    clearSingle: (csid: Csid, body: ReportingRequest) =>
      call<ClearanceAnswer>('/invoices/clearance/single', { authorization: basic(csid), 'clearance-status': '1' }, body),
  }
}

/**
 * Where ZATCA is: ZATCA_API_URL (https://gw-fatoora.zatca.gov.sa/e-invoicing/core in production, .../simulation to
 * rehearse), or the embedded stand-in in development. Null: this store does not report (phase 1 only).
 */
export function zatcaBaseUrl(env: Env): string | null {
  const configured = env.ZATCA_API_URL?.replace(/\/+$/, '')
  if (configured) return configured
  return isDevelopment(env) ? embeddedZatcaBase : null
}

/** The embedded stand-in's address; requests to it never leave the Worker (the reporter's fetch). */
export const embeddedZatcaBase = 'https://zatca.embedded/e-invoicing/developer-portal'

export type Fetcher = (request: Request) => Promise<Response>
