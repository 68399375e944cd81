/**
 * ZATCA's Fatoora API, reporting of simplified invoices (docs/decisions/0016-zatca-invoices.md): `POST
 * {base}/invoices/reporting/single` with HTTP Basic of the binary security token (the CSID ZATCA issued) and its
 * secret, `Accept-Version: V2`, and the body `{invoiceHash, uuid, invoice}` (the invoice as base64 of its XML). ZATCA
 * answers 200 (REPORTED), 202 (REPORTED with warnings) or 400 (NOT_REPORTED, with its errors), each with
 * `validationResults` and `reportingStatus`. This is the protocol and nothing else: the same client talks to ZATCA
 * when ZATCA_API_URL is set and to the embedded stand-in (./zatca-sandbox.ts) in development and tests.
 */
import { isDevelopment } from '../http/environment'
import { readSecret } from '../platform/secrets'

/** A message of ZATCA's validation. */
export interface ZatcaMessage {
  type: 'INFO' | 'WARNING' | 'ERROR'
  code: string
  category: string
  message: string
  status: string
}

/** ZATCA's answer to a reporting call. */
export interface ReportingAnswer {
  validationResults: {
    infoMessages: ZatcaMessage[]
    warningMessages: ZatcaMessage[]
    errorMessages: ZatcaMessage[]
    status: 'PASS' | 'WARNING' | 'ERROR'
  }
  reportingStatus: 'REPORTED' | 'NOT_REPORTED'
}

export interface ReportingRequest {
  /** Base64 SHA-256 of the invoice's canonical form. */
  invoiceHash: string
  uuid: string
  /** Base64 of the whole XML. */
  invoice: string
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

/** The Basic credentials ZATCA asks for: the binary security token and its secret. */
export async function zatcaAuthorization(env: Env): Promise<string> {
  const token = await readSecret(env, 'ZATCA_BINARY_TOKEN')
  const secret = await readSecret(env, 'ZATCA_SECRET')
  return `Basic ${btoa(`${token}:${secret}`)}`
}

export function zatcaClient(env: Env, fetcher: Fetcher) {
  return {
    /** Reports one simplified invoice; answers the HTTP status and ZATCA's answer (null when the body was none). */
    async reportSingle(body: ReportingRequest): Promise<{ status: number; answer: ReportingAnswer | null; text: string }> {
      const base = zatcaBaseUrl(env)
      if (!base) throw new Error('ZATCA reporting is not configured (ZATCA_API_URL)')
      const response = await fetcher(
        new Request(`${base}/invoices/reporting/single`, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'accept-language': 'en',
            'accept-version': 'V2',
            authorization: await zatcaAuthorization(env),
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        }),
      )
      const text = await response.text()
      let answer: ReportingAnswer | null = null
      try {
        answer = JSON.parse(text) as ReportingAnswer
      } catch {
        // Not JSON (a gateway's error page): kept as text.
      }
      return { status: response.status, answer, text }
    },
  }
}
