// ZATCA onboarding end to end against the embedded ZATCA, and the stand-in as strict as ZATCA
// (docs/decisions/0016-zatca-invoices.md, "Onboarding" and "The embedded ZATCA"): each Fatoora call against the
// documented request and answer shapes (success, a wrong OTP, a refused compliance sample), and one test per
// rejection of a reported document (hash, chain, counter, signature, totals, repeated UUID, date).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { invoiceSeller } from '~/commerce/invoices'
import { embeddedZatcaBase, fatooraApi, type ReportingRequest } from '~/integrations/zatca'
import { certificateOfToken, csrBody, egsCsr, newPrivateKey, oids, readCertificate, signedBy } from '~/integrations/zatca-csr'
import { initialPreviousHash, invoiceContent, parsePrivateKey, sealInvoice, toBase64, type InvoiceContent } from '~/integrations/zatca-document'
import { complianceSamples, onboardUnit, OnboardingRefused, storeCsrConfig } from '~/integrations/zatca-onboarding'
import { embeddedCaPublicKey, embeddedOtp, zatcaSandboxApi } from '~/integrations/zatca-sandbox'
import { renewalReminderDays, unitCredentials, unitStatus, zatcaGateway } from '~/integrations/zatca-unit'
import { asOperator } from './order-helpers'

const inProcess = async (request: Request) => zatcaSandboxApi.fetch(request, env)
const api = fatooraApi(embeddedZatcaBase, inProcess)
const seller = () => invoiceSeller(env)!
const order = {
  increment_id: 'MJ0000000000001',
  grand_total: 230,
  vat: 30,
  delivery: 0,
  items: [{ sku: 'TEST-1', name: 'Kettle', name_ar: 'غلاية', qty: 2, price: 115, row_total: 230, parent_sku: null }],
}
const body = (sealed: { hash: string; xml: string }, content: InvoiceContent): ReportingRequest => ({
  invoiceHash: sealed.hash,
  uuid: content.uuid,
  invoice: toBase64(new TextEncoder().encode(sealed.xml)),
})

describe('onboarding against the embedded ZATCA', () => {
  it('gets a compliance CSID for the OTP, passes the six samples, and gets a production CSID from the CA', async () => {
    const steps: string[] = []
    const unit = await onboardUnit(api, { environment: 'sandbox', csr: storeCsrConfig(seller()), seller: seller(), otp: embeddedOtp }, (step) =>
      steps.push(`${step.step} ${step.ok ? 'ok' : 'refused'}`),
    )
    expect(steps).toEqual([
      'csr ok',
      'compliance ok',
      'standard-invoice ok',
      'standard-credit ok',
      'standard-debit ok',
      'simplified-invoice ok',
      'simplified-credit ok',
      'simplified-debit ok',
      'production ok',
    ])
    // The production certificate: the CA's, for the unit's VAT number and serial, the developer portal's template.
    const certificate = readCertificate(certificateOfToken(unit.binarySecurityToken))
    expect(signedBy(certificate, embeddedCaPublicKey)).toBe(true)
    expect(certificate.directory.get(oids.userId)).toBe(seller().vat_number)
    expect(certificate.directory.get(oids.title)).toBe('1100')
    expect(certificate.template).toBe('TSTZATCA-Code-Signing')
    expect(unit).toMatchObject({ environment: 'sandbox', serial: certificate.serial, notAfter: certificate.notAfter.toISOString() })
    expect(unit.privateKeyPem).toMatch(/^-----BEGIN EC PRIVATE KEY-----/)
  })

  it('answers POST /compliance in ZATCA`s shape: the CSID issued, or 400 with Invalid-OTP / Missing-OTP', async () => {
    const csr = csrBody(egsCsr(storeCsrConfig(seller()), 'sandbox', newPrivateKey()))
    const issued = await api.complianceCsid(embeddedOtp, csr)
    expect(issued.status).toBe(200)
    expect(issued.answer).toMatchObject({
      requestID: expect.any(Number),
      dispositionMessage: 'ISSUED',
      binarySecurityToken: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
      secret: expect.any(String),
    })
    const wrong = await api.complianceCsid('000000', csr)
    expect(wrong.status).toBe(400)
    expect(wrong.answer).toEqual({ errors: [{ code: 'Invalid-OTP', message: 'The provided OTP is invalid' }] })
    const missing = await api.complianceCsid('', csr)
    expect(missing.answer).toEqual({ errors: [{ code: 'Missing-OTP', message: 'OTP is required field' }] })
    // A production template on the developer portal, or a request signed by another key, is no CSR it takes.
    const production = await api.complianceCsid(embeddedOtp, csrBody(egsCsr(storeCsrConfig(seller()), 'production', newPrivateKey())))
    expect(production.answer).toMatchObject({ errors: [{ code: 'Invalid-CSR' }] })
  })

  it('stops at the compliance step on a wrong OTP, saying which step and what ZATCA answered', async () => {
    const refused = await onboardUnit(api, { environment: 'sandbox', csr: storeCsrConfig(seller()), seller: seller(), otp: '999999' }).catch(
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(OnboardingRefused)
    expect(refused).toMatchObject({ step: 'compliance', status: 400, errors: [{ code: 'Invalid-OTP', message: 'The provided OTP is invalid' }] })
  })

  it('refuses a compliance sample that breaks a rule, and the production CSID until every sample passed', async () => {
    const key = newPrivateKey()
    const issued = (await api.complianceCsid(embeddedOtp, csrBody(egsCsr(storeCsrConfig(seller()), 'sandbox', key)))).answer!
    const csid = { binarySecurityToken: issued.binarySecurityToken, secret: issued.secret }
    const content = invoiceContent(order, seller(), crypto.randomUUID(), new Date())
    // VAT a riyal off: the totals no longer add up (ZATCA tolerates a halala).
    const wrong = { ...content, totals: { ...content.totals, vat: content.totals.vat + 100 } }
    const sealed = await sealInvoice(
      wrong,
      { id: 'SAMPLE-1', icv: 1, pih: initialPreviousHash },
      { privateKey: key, binarySecurityToken: csid.binarySecurityToken },
    )
    const checked = await api.complianceCheck(csid, body(sealed, wrong))
    expect(checked.status).toBe(400)
    expect(checked.answer).toMatchObject({
      reportingStatus: 'NOT_REPORTED',
      clearanceStatus: null,
      validationResults: { status: 'ERROR', errorMessages: expect.arrayContaining([expect.objectContaining({ code: 'BR-CO-15', type: 'ERROR' })]) },
    })
    const early = await api.productionCsid(csid, String(issued.requestID))
    expect(early.status).toBe(400)
    expect(early.answer).toMatchObject({ errors: [{ code: 'Missing-Compliance-Steps' }] })
    expect(early.answer!.errors![0]!.message).toContain(
      complianceSamples('1100')
        .map((sample) => sample.kind)
        .join(', '),
    )
    // The production call needs the compliance CSID's own credentials.
    expect((await api.productionCsid({ ...csid, secret: 'not-it' }, String(issued.requestID))).status).toBe(401)
  })
})

describe('the embedded ZATCA refuses what ZATCA refuses', () => {
  /** The store's unit (development onboards itself) and the chain as the stand-in last took it. */
  const chain = { icv: 0, hash: initialPreviousHash }
  async function document(
    change: { icv?: number; pih?: string; key?: Uint8Array; issuedAt?: Date; edit?: (c: InvoiceContent) => InvoiceContent } = {},
  ) {
    const unit = (await unitCredentials(env, seller()))!
    const content = (change.edit ?? ((c) => c))(invoiceContent(order, seller(), crypto.randomUUID(), change.issuedAt ?? new Date()))
    const icv = change.icv ?? chain.icv + 1
    const sealed = await sealInvoice(
      content,
      { id: `INV-T${icv}`, icv, pih: change.pih ?? chain.hash },
      { privateKey: change.key ?? unit.privateKey, binarySecurityToken: unit.binarySecurityToken },
    )
    return { body: body(sealed, content), icv }
  }
  const report = (request: ReportingRequest) => zatcaGateway(env, seller(), inProcess).reportSingle(request)
  /** Reports a good document, so that the chain has a last accepted one. */
  async function accepted() {
    const good = await document()
    const answer = await report(good.body)
    expect(answer.status).toBe(200)
    Object.assign(chain, { icv: good.icv, hash: good.body.invoiceHash })
  }
  const codes = (answer: Awaited<ReturnType<typeof report>>) => answer.answer?.validationResults.errorMessages.map((m) => m.code) ?? []

  it('takes a document chained to the last one, under the onboarded CSID', async () => {
    await accepted()
    await accepted()
  })

  it('refuses a hash that is not the XML`s', async () => {
    await accepted()
    const { body: sent } = await document()
    const answer = await report({ ...sent, invoiceHash: initialPreviousHash.slice(0, 44) })
    expect(answer.status).toBe(400)
    expect(answer.answer?.reportingStatus).toBe('NOT_REPORTED')
    expect(codes(answer)).toContain('invalid-invoice-hash')
  })

  it('refuses a previous hash that is not the last accepted document`s: an error, not a warning', async () => {
    await accepted()
    const { body: sent } = await document({ pih: initialPreviousHash })
    const answer = await report(sent)
    expect(answer.status).toBe(400)
    expect(answer.answer?.validationResults.errorMessages).toEqual([
      expect.objectContaining({ type: 'ERROR', code: 'BR-KSA-61', category: 'KSA', status: 'ERROR' }),
    ])
    expect(answer.answer?.validationResults.warningMessages).toEqual([])
  })

  it('refuses a counter that does not follow the last accepted document`s', async () => {
    await accepted()
    const { body: sent } = await document({ icv: chain.icv })
    expect(codes(await report(sent))).toEqual(['BR-KSA-33'])
  })

  it('refuses a signature by any key but the onboarded certificate`s, even one the document carries itself', async () => {
    await accepted()
    // Signed by another key, which the document carries in its signature block and QR tag 8: consistent, and not the unit's.
    const { body: sent } = await document({ key: parsePrivateKey(toBase64(newPrivateKey())) })
    const answer = await report(sent)
    expect(answer.status).toBe(400)
    expect(codes(answer)).toEqual(['invalid-signature', 'invalid-qr'])
  })

  it('refuses totals that do not add up', async () => {
    await accepted()
    const { body: sent } = await document({ edit: (c) => ({ ...c, totals: { ...c.totals, incl_vat: c.totals.incl_vat + 100 } }) })
    expect(codes(await report(sent))).toEqual(['BR-CO-15'])
  })

  it('answers a UUID it took before with 409, and the chain stays where it was', async () => {
    await accepted()
    const good = await document()
    expect((await report(good.body)).status).toBe(200)
    Object.assign(chain, { icv: good.icv, hash: good.body.invoiceHash })
    const again = await report(good.body)
    expect(again.status).toBe(409)
    expect(codes(again)).toEqual(['duplicate-invoice'])
    await accepted()
  })

  it('refuses an issue date in the future, and a simplified invoice reported more than 24 hours after its issue', async () => {
    await accepted()
    const future = await document({ issuedAt: new Date(Date.now() + 2 * 86400_000) })
    expect(codes(await report(future.body))).toEqual(['BR-KSA-04'])
    const old = await document({ issuedAt: new Date(Date.now() - 25 * 3600_000) })
    expect(codes(await report(old.body))).toEqual(['BR-KSA-98'])
  })

  it('refuses credentials it never issued', async () => {
    const { body: sent } = await document()
    const answer = await fatooraApi(embeddedZatcaBase, inProcess).reportSingle({ binarySecurityToken: 'dGVzdA==', secret: 'x' }, sent)
    expect(answer.status).toBe(401)
  })
})

describe("the owner's console", () => {
  it('shows the unit`s certificate and its days left, and reminds within 30 days of expiry', async () => {
    await unitCredentials(env, seller())
    const { status, body: shown } = await asOperator('GET', '/zatca')
    expect(status).toBe(200)
    expect(shown.data).toMatchObject({ source: 'embedded', environment: 'sandbox', serial: expect.stringMatching(/^[0-9a-f]+$/), renewSoon: false })
    expect(shown.data.daysLeft).toBeGreaterThan(300)
    const expiry = new Date(shown.data.notAfter as string)
    const soon = await unitStatus(env, new Date(expiry.getTime() - (renewalReminderDays - 1) * 86400_000))
    expect(soon).toMatchObject({ renewSoon: true, daysLeft: renewalReminderDays - 1 })
  })

  it('onboards again with the OTP typed, and says which step refused a wrong one', async () => {
    const before = (await asOperator('GET', '/zatca')).body.data.serial as string
    const wrong = await asOperator('POST', '/zatca/onboard', { otp: '999999' })
    expect(wrong.status).toBe(422)
    expect(wrong.body.error).toMatchObject({ code: 'zatca_refused', step: 'compliance' })
    expect((await asOperator('GET', '/zatca')).body.data.serial).toBe(before)
    expect((await asOperator('POST', '/zatca/onboard', { otp: 'abc' })).status).toBe(400)
    const renewed = await asOperator('POST', '/zatca/onboard', { otp: embeddedOtp })
    expect(renewed.status).toBe(200)
    expect(renewed.body.data.steps.map((step: { step: string }) => step.step)).toContain('production')
    expect(renewed.body.data.status.serial).not.toBe(before)
  })
})
