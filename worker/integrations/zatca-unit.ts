/**
 * The store's EGS unit: the key that signs its documents and the CSID it reports and clears them under
 * (docs/decisions/0016-zatca-invoices.md, "Onboarding"). Production holds them as Worker secrets, put there by `npm run
 * zatca:onboard -- --secret-put`: ZATCA_PRIVATE_KEY, ZATCA_BINARY_TOKEN and ZATCA_SECRET. Development without them
 * onboards itself against the embedded ZATCA the first time it needs them, with the embedded OTP, through the same
 * steps (./zatca-onboarding.ts), and keeps the unit in D1 beside the stand-in that issued it.
 */
import { isDevelopment } from '../http/environment'
import { zatcaUnitStore, type ZatcaUnitRow } from '../storage/invoice-store'
import { fatooraApi, zatcaBaseUrl, embeddedZatcaBase, type Csid, type Fetcher, type ReportingRequest } from './zatca'
import { certificateOfToken, readCertificate } from './zatca-csr'
import { parsePrivateKey, type InvoiceSeller } from './zatca-document'
import { onboardUnit, storeCsrConfig, type OnboardedUnit } from './zatca-onboarding'
import { embeddedOtp, zatcaSandboxApi } from './zatca-sandbox'

type UnitSecrets = { ZATCA_PRIVATE_KEY?: string; ZATCA_BINARY_TOKEN?: string; ZATCA_SECRET?: string }

/** The unit's signing key, its CSID (null: not onboarded, phase 1 only) and, when known, its certificate's serial and expiry. */
export interface UnitCredentials {
  privateKey: Uint8Array
  binarySecurityToken: string | null
  csid: Csid | null
  certificate: { serial: string; notAfter: string; environment: string } | null
}

/** Where the unit's documents go when no ZATCA_API_URL is set: the embedded stand-in, in process. */
const embedded =
  (env: Env): Fetcher =>
  async (request) =>
    zatcaSandboxApi.fetch(request, env)

/** The fetcher for ZATCA: the network, or the stand-in in process when it is the embedded one. */
export const zatcaFetcher = (env: Env): Fetcher => (env.ZATCA_API_URL ? (request) => fetch(request) : embedded(env))

/** The certificate a binary security token holds, as the console shows it; null when it holds none. */
function certificateOf(token: string, environment: string) {
  try {
    const certificate = readCertificate(certificateOfToken(token))
    return { serial: certificate.serial, notAfter: certificate.notAfter.toISOString(), environment }
  } catch {
    return null
  }
}

/**
 * The unit's credentials: the secrets when set; in development without them, the unit onboarded against the embedded
 * ZATCA (onboarding it now if it never was, for `seller`). Null in production without ZATCA_PRIVATE_KEY: invoices are
 * then hashed and chained but unsigned (phase 1).
 */
export async function unitCredentials(env: Env, seller: InvoiceSeller | null): Promise<UnitCredentials | null> {
  const secrets = env as Env & UnitSecrets
  if (secrets.ZATCA_PRIVATE_KEY) {
    const token = secrets.ZATCA_BINARY_TOKEN || null
    const csid = token && secrets.ZATCA_SECRET ? { binarySecurityToken: token, secret: secrets.ZATCA_SECRET } : null
    const environment = env.ZATCA_API_URL?.includes('/simulation')
      ? 'simulation'
      : env.ZATCA_API_URL?.includes('/developer-portal')
        ? 'sandbox'
        : 'production'
    return {
      privateKey: parsePrivateKey(secrets.ZATCA_PRIVATE_KEY),
      binarySecurityToken: token,
      csid,
      certificate: token ? certificateOf(token, environment) : null,
    }
  }
  if (!isDevelopment(env) || env.ZATCA_API_URL || !seller) return null
  const unit = (await zatcaUnitStore(env.DB).current()) ?? (await onboardEmbedded(env, seller))
  return {
    privateKey: parsePrivateKey(unit.private_key),
    binarySecurityToken: unit.binary_security_token,
    csid: { binarySecurityToken: unit.binary_security_token, secret: unit.secret },
    certificate: { serial: unit.serial, notAfter: unit.not_after, environment: unit.environment },
  }
}

/** The onboarding under way in this isolate: requests arriving meanwhile wait for it rather than onboard twice. */
let onboarding: Promise<ZatcaUnitRow> | null = null

async function onboardEmbedded(env: Env, seller: InvoiceSeller): Promise<ZatcaUnitRow> {
  onboarding ??= (async () => {
    // Another isolate may have finished first: its unit stands.
    const existing = await zatcaUnitStore(env.DB).current()
    if (existing) return existing
    const unit = await onboardUnit(fatooraApi(embeddedZatcaBase, embedded(env)), {
      environment: 'sandbox',
      csr: storeCsrConfig(seller),
      seller,
      otp: embeddedOtp,
    })
    return storeUnit(env, unit)
  })().finally(() => (onboarding = null))
  return onboarding
}

/** Keeps an onboarded unit where development reads it (production puts it in Worker secrets instead). */
export async function storeUnit(env: Env, unit: OnboardedUnit): Promise<ZatcaUnitRow> {
  const row: ZatcaUnitRow = {
    environment: unit.environment,
    private_key: unit.privateKeyPem,
    binary_security_token: unit.binarySecurityToken,
    secret: unit.secret,
    serial: unit.serial,
    not_after: unit.notAfter,
    onboarded_at: unit.onboardedAt,
  }
  await zatcaUnitStore(env.DB).keep(row)
  return row
}

/** Reporting and clearance under the unit's CSID, at ZATCA_API_URL or the embedded stand-in (`fetcher` in tests). */
export function zatcaGateway(env: Env, seller: InvoiceSeller | null, fetcher: Fetcher = zatcaFetcher(env)) {
  const api = async () => {
    const base = zatcaBaseUrl(env)
    const credentials = await unitCredentials(env, seller)
    if (!base) throw new Error('ZATCA reporting is not configured (ZATCA_API_URL)')
    if (!credentials?.csid) throw new Error('the EGS unit is not onboarded: ZATCA_BINARY_TOKEN and ZATCA_SECRET are not set (npm run zatca:onboard)')
    return { client: fatooraApi(base, fetcher), csid: credentials.csid }
  }
  return {
    reportSingle: async (body: ReportingRequest) => {
      const { client, csid } = await api()
      return client.reportSingle(csid, body)
    },
    clearSingle: async (body: ReportingRequest) => {
      const { client, csid } = await api()
      return client.clearSingle(csid, body)
    },
  }
}

/** Within this many days of its certificate's expiry, the console reminds the owner to onboard again (renewal). */
export const renewalReminderDays = 30

/** The unit's onboarding as the owner's console shows it. */
export interface UnitStatus {
  /** Where the unit's credentials come from: Worker secrets, development's embedded onboarding, or nowhere yet. */
  source: 'secrets' | 'embedded' | 'none'
  environment: string | null
  serial: string | null
  notAfter: string | null
  daysLeft: number | null
  /** The certificate expires within `renewalReminderDays` (or has): onboard again with a new OTP. */
  renewSoon: boolean
}

/** The unit's state, without onboarding it (the console only reads). */
export async function unitStatus(env: Env, now = new Date()): Promise<UnitStatus> {
  const secrets = env as Env & UnitSecrets
  let certificate: { serial: string; notAfter: string; environment: string } | null = null
  let source: UnitStatus['source'] = 'none'
  if (secrets.ZATCA_PRIVATE_KEY) {
    source = 'secrets'
    const credentials = await unitCredentials(env, null)
    certificate = credentials?.certificate ?? null
  } else if (isDevelopment(env)) {
    const unit = await zatcaUnitStore(env.DB).current()
    if (unit) {
      source = 'embedded'
      certificate = { serial: unit.serial, notAfter: unit.not_after, environment: unit.environment }
    }
  }
  const daysLeft = certificate ? Math.floor((new Date(certificate.notAfter).getTime() - now.getTime()) / 86400_000) : null
  return {
    source,
    environment: certificate?.environment ?? null,
    serial: certificate?.serial ?? null,
    notAfter: certificate?.notAfter ?? null,
    daysLeft,
    renewSoon: daysLeft !== null && daysLeft <= renewalReminderDays,
  }
}

/**
 * Onboards the unit again with the OTP the owner typed (the console), where the Worker may keep the result: against the
 * embedded ZATCA in development. Production's credentials are Worker secrets, which only `npm run zatca:onboard --
 * --secret-put` can set: null says so.
 */
export async function onboardFromConsole(env: Env, seller: InvoiceSeller, otp: string) {
  if (!isDevelopment(env) || env.ZATCA_API_URL || (env as Env & UnitSecrets).ZATCA_PRIVATE_KEY) return null
  const unit = await onboardUnit(fatooraApi(embeddedZatcaBase, embedded(env)), { environment: 'sandbox', csr: storeCsrConfig(seller), seller, otp })
  await storeUnit(env, unit)
  return unit.steps
}
