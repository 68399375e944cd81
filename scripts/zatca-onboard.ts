/**
 * Onboards the store's EGS unit with ZATCA (README, Deploy, "ZATCA onboarding"; docs/decisions/0016-zatca-invoices.md):
 *
 *   npm run zatca:onboard -- --otp 123456 --environment simulation     rehearse on the Fatoora portal's simulation
 *   npm run zatca:onboard -- --otp 123456 --environment production --secret-put
 *   npm run zatca:onboard -- --embedded [--otp 123345] [--url http://localhost:8787]   the local store's embedded ZATCA
 *
 * Generates the unit's secp256k1 key and CSR from the seller's settings (wrangler.toml [vars], or the environment:
 * SELLER_VAT_NUMBER, SELLER_NAME_EN/AR, the National Address), asks ZATCA for the compliance CSID with the OTP the
 * Fatoora portal gave (it lives one hour there: get it just before), sends a sample of every document type (simplified
 * and standard invoice, credit and debit note, built by the store's own document code), checks each answer, asks for
 * the production CSID, and then either puts ZATCA_PRIVATE_KEY, ZATCA_BINARY_TOKEN and ZATCA_SECRET as Worker secrets
 * (`--secret-put`, through `wrangler secret put`) or prints the commands. `--embedded` asks a running local store to
 * do the same against its embedded ZATCA, through the operator API. Exits 1 at the first step ZATCA refuses.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { sellerAddress, sellerIdentity } from '../src/domain/seller'
import { fatooraApi } from '../worker/integrations/zatca'
import { zatcaEnvironments, zatcaGateways, type ZatcaEnvironment } from '../worker/integrations/zatca-csr'
import { onboardUnit, OnboardingRefused, storeCsrConfig } from '../worker/integrations/zatca-onboarding'

const usage = `usage: npm run zatca:onboard -- --otp OTP --environment ${zatcaEnvironments.join('|')} [--secret-put]
       npm run zatca:onboard -- --embedded [--otp OTP] [--url http://localhost:8787]
options: --unit "Riyadh Branch" (the CSR's organization unit; a VAT group's member gives its 10-digit TIN)
         --serial SERIAL (the unit's serial, 3-.. of 1-Matjar|2-Worker|3-SERIAL; default the VAT number)
         --category Retail (the industry business category)`

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const { values } = parseArgs({
  options: {
    otp: { type: 'string' },
    environment: { type: 'string' },
    'secret-put': { type: 'boolean' },
    embedded: { type: 'boolean' },
    url: { type: 'string' },
    unit: { type: 'string' },
    serial: { type: 'string' },
    category: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
})
if (values.help) fail(usage)

/** The seller's settings: the environment first, then wrangler.toml [vars]. */
function settings(): Record<string, string> {
  const vars: Record<string, string> = {}
  const toml = readFileSync(new URL('../wrangler.toml', import.meta.url), 'utf8')
  for (const [, name, value] of toml.matchAll(/^(SELLER_\w+)\s*=\s*"([^"]*)"/gm)) vars[name!] = value!
  for (const [name, value] of Object.entries(process.env)) if (name.startsWith('SELLER_') && value) vars[name] = value
  return vars
}

async function askOtp(): Promise<string> {
  if (values.otp) return values.otp
  const prompt = createInterface({ input: process.stdin, output: process.stdout })
  const otp = (await prompt.question('OTP from the Fatoora portal (six digits): ')).trim()
  prompt.close()
  return otp
}

function localToken(): string | undefined {
  const file = new URL('../.dev.vars', import.meta.url)
  return existsSync(file) ? /^OPS_TOKEN=(.+)$/m.exec(readFileSync(file, 'utf8'))?.[1]?.trim() : undefined
}

/** `--embedded`: the running store onboards against its embedded ZATCA (worker/api/ops.ts, POST /api/ops/zatca/onboard). */
async function embedded(): Promise<void> {
  const base = (values.url ?? process.env.OPS_URL ?? 'http://localhost:8787').replace(/\/+$/, '')
  const token = process.env.OPS_TOKEN ?? localToken()
  if (!token) fail('No operator token: set OPS_TOKEN, or run npm install to write .dev.vars.')
  const response = await fetch(`${base}/api/ops/zatca/onboard`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ otp: values.otp ?? '123345' }),
  }).catch((error: unknown) => fail(`${base} did not answer: ${String(error)}`))
  const answer = (await response.json().catch(() => ({}))) as {
    data?: { steps: { step: string; ok: boolean; detail: string }[]; status: unknown }
    error?: { message?: string; issues?: string[] }
  }
  if (!response.ok || !answer.data)
    fail(`${base} answered ${response.status}: ${answer.error?.message ?? ''} ${answer.error?.issues?.join('; ') ?? ''}`)
  for (const step of answer.data.steps) console.log(`${step.ok ? '✓' : '✗'} ${step.step}: ${step.detail}`)
  console.log(JSON.stringify(answer.data.status, null, 2))
}

async function withZatca(): Promise<void> {
  const environment = values.environment as ZatcaEnvironment | undefined
  if (!environment || !zatcaEnvironments.includes(environment)) fail(`--environment must be ${zatcaEnvironments.join(', ')}\n${usage}`)
  const vars = settings()
  const identity = sellerIdentity(vars, 'ar')
  const name = identity.name ?? sellerIdentity(vars, 'en').name
  if (!identity.vatNumber || !name) fail('Set SELLER_VAT_NUMBER and SELLER_NAME_AR (and SELLER_NAME_EN) in wrangler.toml [vars] first.')
  const address = sellerAddress(vars)
  if (!address) fail("Set the seller's National Address (SELLER_BUILDING_NUMBER .. SELLER_POSTAL_CODE) in wrangler.toml [vars] first.")
  const seller = {
    name_ar: name,
    name_en: sellerIdentity(vars, 'en').name ?? name,
    vat_number: identity.vatNumber,
    cr_number: identity.crNumber,
    address,
  }
  const csr = storeCsrConfig(seller, { unit: values.unit, serial: values.serial, category: values.category })
  const otp = await askOtp()
  if (!/^\d{6}$/.test(otp)) fail('The OTP is six digits.')
  const base = zatcaGateways[environment]
  console.log(`Onboarding ${csr.commonName} (${csr.serialNumber}) at ${base}`)
  const unit = await onboardUnit(
    fatooraApi(base, (request) => fetch(request)),
    { environment, csr, seller, otp },
    (step) => console.log(`${step.ok ? '✓' : '✗'} ${step.step}${step.status ? ` (${step.status})` : ''}: ${step.detail}`),
  ).catch((error: unknown) => fail(error instanceof OnboardingRefused ? error.message : `ZATCA did not answer: ${String(error)}`))
  console.log(`Production certificate ${unit.serial}, valid until ${unit.notAfter}.`)
  const secrets: [string, string][] = [
    ['ZATCA_PRIVATE_KEY', unit.privateKeyPem],
    ['ZATCA_BINARY_TOKEN', unit.binarySecurityToken],
    ['ZATCA_SECRET', unit.secret],
  ]
  if (values['secret-put']) {
    for (const [secret, value] of secrets) {
      const put = spawnSync('npx', ['wrangler', 'secret', 'put', secret], { input: value, stdio: ['pipe', 'inherit', 'inherit'] })
      if (put.status !== 0)
        fail(
          `wrangler secret put ${secret} failed: put the values below by hand.\n${secrets.map(([n, v]) => `${n}=${JSON.stringify(v)}`).join('\n')}`,
        )
    }
    console.log(`Secrets put. Set ZATCA_API_URL = "${base}" in wrangler.toml [vars] and deploy.`)
  } else {
    console.log('Keep these secret. Put each with `npx wrangler secret put NAME` (or run again with --secret-put):')
    for (const [secret, value] of secrets) console.log(`${secret}=${JSON.stringify(value)}`)
    console.log(`Then ZATCA_API_URL = "${base}" in wrangler.toml [vars].`)
  }
}

await (values.embedded ? embedded() : withZatca())
