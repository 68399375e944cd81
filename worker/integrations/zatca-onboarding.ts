/**
 * Onboarding an EGS unit with ZATCA, end to end (docs/decisions/0016-zatca-invoices.md, "Onboarding"): the unit's
 * secp256k1 key and CSR (./zatca-csr.ts), the compliance CSID for the Fatoora portal's OTP, the compliance checks (a
 * sample of every document the unit's invoice type needs, made by the store's own document code and signed under the
 * compliance CSID), then the production CSID. Every call goes through ./zatca.ts `fatooraApi`, so the same steps run
 * against ZATCA (`npm run zatca:onboard`) and against the embedded stand-in (development, tests, the console).
 * Each answer is checked; the first refusal stops it with the step and ZATCA's errors.
 */
import { fatooraApi, zatcaErrors, type Answered, type Csid, type ValidationResults } from './zatca'
import {
  csrBody,
  egsCsr,
  newPrivateKey,
  privateKeyPem,
  readCertificate,
  certificateOfToken,
  type CsrConfig,
  type ZatcaEnvironment,
} from './zatca-csr'
import { initialPreviousHash, invoiceContent, sealInvoice, toBase64, type InvoiceContent, type InvoiceSeller } from './zatca-document'

/** What onboarding stores: the unit's key, the production CSID, and what its certificate says. */
export interface OnboardedUnit {
  environment: ZatcaEnvironment
  /** SEC1 PEM, what ZATCA_PRIVATE_KEY takes. */
  privateKeyPem: string
  binarySecurityToken: string
  secret: string
  /** Hex of the production certificate's serial number. */
  serial: string
  /** ISO instant the certificate expires. */
  notAfter: string
  onboardedAt: string
}

/** One step's outcome, as the command and the console list them. */
export interface OnboardingStep {
  step: string
  status: number
  ok: boolean
  detail: string
}

/** Onboarding stopped at a step ZATCA refused (or did not answer). */
export class OnboardingRefused extends Error {
  override name = 'OnboardingRefused'
  constructor(
    readonly step: string,
    readonly status: number,
    readonly errors: { code: string; message: string }[],
    readonly steps: OnboardingStep[],
  ) {
    super(`ZATCA refused ${step} (${status}): ${errors.map((error) => `${error.code} ${error.message}`).join('; ') || 'no answer'}`)
  }
}

/** The documents the compliance checks ask for, by the unit's invoice type (1100: all six). */
export function complianceSamples(invoiceType: string): { kind: string; standard: boolean; note: 'credit' | 'debit' | null }[] {
  const kinds = [null, 'credit', 'debit'] as const
  return [
    ...(invoiceType[0] === '1' ? kinds.map((note) => ({ kind: `standard-${note ?? 'invoice'}`, standard: true, note })) : []),
    ...(invoiceType[1] === '1' ? kinds.map((note) => ({ kind: `simplified-${note ?? 'invoice'}`, standard: false, note })) : []),
  ]
}

/** The sample business buyer of the standard samples: ZATCA's own sample buyer (its SDK's standard invoice). */
const sampleBuyer = {
  name: 'شركة نماذج فاتورة المحدودة | Fatoora Samples LTD',
  vat_number: '399999999800003',
  address: {
    building_number: '1111',
    street: 'صلاح الدين | Salah Al-Din',
    district: 'المروج | Al-Murooj',
    city: 'الرياض | Riyadh',
    postal_code: '12222',
    additional_number: null,
  },
}

/** A sample document of the kind: one product at 115 SAR with its VAT, from the store's own invoice code. */
function sampleContent(sample: ReturnType<typeof complianceSamples>[number], seller: InvoiceSeller, now: Date, index: number): InvoiceContent {
  const order = {
    increment_id: `COMPLIANCE-${index + 1}`,
    grand_total: 115,
    vat: 15,
    delivery: 0,
    items: [{ sku: 'SAMPLE-1', name: 'Compliance sample', name_ar: 'عينة الامتثال', qty: 1, price: 115, row_total: 115, parent_sku: null }],
  }
  const content = invoiceContent(order, seller, crypto.randomUUID(), now)
  const reference = { invoice: 'INV-000001', invoice_issued_at: now.toISOString(), reason: 'Compliance sample / عينة الامتثال' }
  return {
    ...content,
    ...(sample.standard ? { buyer: sampleBuyer } : {}),
    ...(sample.note === 'credit' ? { credit_note: reference } : sample.note === 'debit' ? { debit_note: reference } : {}),
  }
}

const summary = (results: ValidationResults | undefined) =>
  results ? [...results.errorMessages, ...results.warningMessages].map((m) => `${m.code}: ${m.message}`).join('; ') || results.status : ''

/**
 * Runs the whole onboarding against the Fatoora API at `base`: key and CSR, compliance CSID (with `otp`), the
 * compliance samples, production CSID. `report` hears each step as it ends. Throws OnboardingRefused at the first
 * refusal; the key is new each time, so a retry starts again with a new OTP.
 */
export async function onboardUnit(
  api: ReturnType<typeof fatooraApi>,
  options: { environment: ZatcaEnvironment; csr: CsrConfig; seller: InvoiceSeller; otp: string; now?: Date },
  report: (step: OnboardingStep) => void = () => {},
): Promise<OnboardedUnit & { steps: OnboardingStep[] }> {
  const steps: OnboardingStep[] = []
  const done = (step: string, status: number, ok: boolean, detail: string) => {
    const entry = { step, status, ok, detail }
    steps.push(entry)
    report(entry)
    return entry
  }
  const refuse = (step: string, answered: Answered<unknown>, detail: string): never => {
    done(step, answered.status, false, detail)
    throw new OnboardingRefused(step, answered.status, zatcaErrors(answered.answer), steps)
  }
  const now = options.now ?? new Date()
  const privateKey = newPrivateKey()
  const csr = egsCsr(options.csr, options.environment, privateKey)
  done('csr', 0, true, `${options.csr.commonName}, ${options.csr.serialNumber}, invoice type ${options.csr.invoiceType}`)

  const compliance = await api.complianceCsid(options.otp, csrBody(csr))
  if (compliance.status !== 200 || !compliance.answer?.binarySecurityToken || !compliance.answer.secret) {
    refuse('compliance', compliance, compliance.text.slice(0, 300))
  }
  const complianceCsid: Csid = { binarySecurityToken: compliance.answer!.binarySecurityToken, secret: compliance.answer!.secret }
  done('compliance', compliance.status, true, `request ${compliance.answer!.requestID}: ${compliance.answer!.dispositionMessage}`)

  // The samples chain among themselves, as any unit's documents do.
  let pih = initialPreviousHash
  const samples = complianceSamples(options.csr.invoiceType)
  for (const [index, sample] of samples.entries()) {
    const content = sampleContent(sample, options.seller, now, index)
    const sealed = await sealInvoice(
      content,
      { id: `SAMPLE-${index + 1}`, icv: index + 1, pih },
      { privateKey, binarySecurityToken: complianceCsid.binarySecurityToken },
    )
    pih = sealed.hash
    const checked = await api.complianceCheck(complianceCsid, {
      invoiceHash: sealed.hash,
      uuid: content.uuid,
      invoice: toBase64(new TextEncoder().encode(sealed.xml)),
    })
    const status = sample.standard ? checked.answer?.clearanceStatus : checked.answer?.reportingStatus
    const passed = (checked.status === 200 || checked.status === 202) && (status === 'CLEARED' || status === 'REPORTED')
    const detail = `${status ?? 'no status'} ${summary(checked.answer?.validationResults)}`.trim()
    if (!passed) {
      done(sample.kind, checked.status, false, detail)
      throw new OnboardingRefused(
        sample.kind,
        checked.status,
        checked.answer?.validationResults.errorMessages.map(({ code, message }) => ({ code, message })) ?? zatcaErrors(checked.answer),
        steps,
      )
    }
    done(sample.kind, checked.status, true, detail)
  }

  const production = await api.productionCsid(complianceCsid, String(compliance.answer!.requestID))
  if (production.status !== 200 || !production.answer?.binarySecurityToken || !production.answer.secret) {
    refuse('production', production, production.text.slice(0, 300))
  }
  const certificate = readCertificate(certificateOfToken(production.answer!.binarySecurityToken))
  done('production', production.status, true, `certificate ${certificate.serial}, valid until ${certificate.notAfter.toISOString()}`)
  return {
    environment: options.environment,
    privateKeyPem: privateKeyPem(privateKey),
    binarySecurityToken: production.answer!.binarySecurityToken,
    secret: production.answer!.secret,
    serial: certificate.serial,
    notAfter: certificate.notAfter.toISOString(),
    onboardedAt: now.toISOString(),
    steps,
  }
}

/**
 * The CSR configuration of the store's unit from its settings: the seller's VAT number, registered name and address,
 * the branch (`unit`), the unit's serial (`1-Matjar|2-<model>|3-<serial>`), and invoice type 1100 (the store issues
 * simplified invoices to consumers and standard ones to businesses that give their VAT number).
 */
export function storeCsrConfig(seller: InvoiceSeller, options: { unit?: string; serial?: string; category?: string } = {}): CsrConfig {
  const address = seller.address
  return {
    commonName: `Matjar-${seller.vat_number}`,
    serialNumber: `1-Matjar|2-Worker|3-${options.serial ?? seller.vat_number}`,
    organizationIdentifier: seller.vat_number,
    organizationUnitName: options.unit ?? (address?.city || 'Main branch'),
    organizationName: seller.name_en || seller.name_ar,
    countryName: 'SA',
    invoiceType: '1100',
    locationAddress: address ? `${address.building_number} ${address.street}, ${address.district}, ${address.city} ${address.postal_code}` : 'SA',
    industryBusinessCategory: options.category ?? 'Retail',
  }
}
