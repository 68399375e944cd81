/**
 * What a deploy needs for the services it turns on (README, "Deploy"; docs/decisions/0014): the secrets every store
 * needs, and those of each configured provider. A provider configured by half (its address without its origin, say)
 * is refused before anything is uploaded.
 */
import { sellerAddress, sellerIdentity } from '../src/domain/seller'

export const baseSecrets = ['HANDSHAKE_SECRET', 'SESSION_SECRET', 'PASSWORD_PEPPER', 'STAFF_SECRET'] as const

type Vars = Record<string, string | undefined>

/** The secrets this configuration needs set on the Worker. */
export function secretsNeeded(vars: Vars): string[] {
  const needed: string[] = [...baseSecrets]
  if (vars.MOYASAR_API_URL) needed.push('MOYASAR_SECRET_KEY', 'MOYASAR_WEBHOOK_SECRET')
  if (vars.TABBY_API_URL) needed.push('TABBY_SECRET_KEY', 'TABBY_WEBHOOK_SECRET')
  if (vars.TAMARA_API_URL) needed.push('TAMARA_API_TOKEN', 'TAMARA_NOTIFICATION_TOKEN')
  if (vars.TURNSTILE_SITE_KEY) needed.push('TURNSTILE_SECRET')
  if (vars.ALGOLIA_APP_ID) needed.push('ALGOLIA_SEARCH_KEY')
  if (vars.SMS_PROVIDER === 'unifonic') needed.push('UNIFONIC_APP_SID')
  if (vars.SMS_PROVIDER === 'taqnyat') needed.push('TAQNYAT_BEARER_TOKEN')
  if (vars.EMAIL_PROVIDER === 'resend') needed.push('RESEND_API_KEY')
  if (vars.WHATSAPP_PROVIDER === 'meta')
    needed.push('WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN')
  if (vars.ZATCA_API_URL) needed.push('ZATCA_BINARY_TOKEN', 'ZATCA_SECRET', 'ZATCA_PRIVATE_KEY')
  return needed
}

/** The messaging providers there are adapters for (worker/integrations/messaging.ts; docs/decisions/0017-messages-through-a-queue.md). */
const smsProviders = ['unifonic', 'taqnyat']
const emailProviders = ['resend']
const whatsappProviders = ['meta']

/** What is wrong with the providers' settings, one sentence each (none: nothing). */
export function providerProblems(vars: Vars): string[] {
  const problems: string[] = []
  if (vars.MOYASAR_API_URL) {
    if (!/^https:\/\//.test(vars.MOYASAR_API_URL)) problems.push('MOYASAR_API_URL must be https (https://api.moyasar.com/v1)')
    if (!vars.STORE_ORIGIN) problems.push('card payments need STORE_ORIGIN, the address Moyasar sends the shopper back to')
  }
  if (vars.TABBY_API_URL) {
    if (!/^https:\/\//.test(vars.TABBY_API_URL)) problems.push('TABBY_API_URL must be https (https://api.tabby.sa)')
    if (!vars.TABBY_MERCHANT_CODE) problems.push('Tabby needs TABBY_MERCHANT_CODE, the code Tabby gives the store')
    if (!vars.STORE_ORIGIN) problems.push('Tabby needs STORE_ORIGIN, the address Tabby sends the shopper back to')
  }
  // docs/decisions/0019-tamara-for-real.md: Tamara sends the shopper back, and its notifications, to STORE_ORIGIN.
  if (vars.TAMARA_API_URL) {
    if (!/^https:\/\//.test(vars.TAMARA_API_URL)) problems.push('TAMARA_API_URL must be https (https://api.tamara.co)')
    if (!vars.STORE_ORIGIN) problems.push('Tamara needs STORE_ORIGIN, the address Tamara sends the shopper and its notifications to')
  }
  if (vars.ZATCA_API_URL) {
    // Reporting sends signed invoices in the seller's name (docs/decisions/0016-zatca-invoices.md).
    if (!/^https:\/\//.test(vars.ZATCA_API_URL)) problems.push('ZATCA_API_URL must be https (https://gw-fatoora.zatca.gov.sa/e-invoicing/core)')
    if (!sellerIdentity(vars, 'ar').vatNumber)
      problems.push('ZATCA reporting needs SELLER_VAT_NUMBER, the 15-digit VAT number the invoices are reported under')
    // ZATCA refuses a phase-2 invoice without the seller's address (BR-KSA-09).
    if (!sellerAddress(vars))
      problems.push(
        "ZATCA reporting needs the seller's National Address: SELLER_BUILDING_NUMBER (4 digits), SELLER_STREET, SELLER_DISTRICT, SELLER_CITY, SELLER_POSTAL_CODE (5 digits)",
      )
  }
  // A simulated distance to storage is for measuring on this machine (worker/http/storage-trips.ts); the Worker ignores
  // it in production, and a deploy carrying it is a mistake to say out loud.
  if (vars.MATJAR_STORAGE_LATENCY_MS) problems.push('MATJAR_STORAGE_LATENCY_MS is local only: take it out of wrangler.toml [vars]')
  if (vars.STORE_ORIGIN && !/^https:\/\/[^/]+$/.test(vars.STORE_ORIGIN)) problems.push('STORE_ORIGIN must be https://host, with no path')
  if (vars.SMS_PROVIDER && !smsProviders.includes(vars.SMS_PROVIDER)) {
    problems.push(`SMS_PROVIDER must be ${smsProviders.map((p) => `"${p}"`).join(' or ')} (or empty)`)
  }
  if (vars.SMS_PROVIDER && !vars.SMS_SENDER) problems.push('SMS needs SMS_SENDER, the sender name registered with the provider')
  if (vars.SMS_SENDER && !/^[\w .&-]{2,11}$/.test(vars.SMS_SENDER))
    problems.push('SMS_SENDER must be a registered sender name of 2 to 11 letters or digits')
  if (vars.WHATSAPP_PROVIDER && !whatsappProviders.includes(vars.WHATSAPP_PROVIDER)) problems.push('WHATSAPP_PROVIDER must be "meta" (or empty)')
  if (vars.WHATSAPP_PROVIDER && !vars.SMS_PROVIDER) problems.push('WhatsApp needs an SMS provider too: a message WhatsApp cannot deliver goes by SMS')
  if (vars.EMAIL_PROVIDER && !emailProviders.includes(vars.EMAIL_PROVIDER)) {
    problems.push(`EMAIL_PROVIDER must be ${emailProviders.map((p) => `"${p}"`).join(' or ')} (or empty)`)
  }
  if (vars.EMAIL_PROVIDER && !/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/.test(vars.EMAIL_FROM ?? '')) {
    problems.push('email needs EMAIL_FROM, "Store name <orders@your-domain>" on a domain verified with the provider')
  }
  return problems
}

/**
 * What a production store cannot do without, one sentence each with what to set (none: nothing): codes for shoppers
 * (an SMS provider) and a tax invoice for every buyer (the seller's VAT number and registered name,
 * docs/decisions/0016-zatca-invoices.md). `npm run deploy` refuses to deploy while there is one; its dry run (part of
 * `npm test`, on the repository's empty settings) prints them instead.
 */
export function productionGaps(vars: Vars): string[] {
  const gaps: string[] = []
  if (!vars.SMS_PROVIDER) {
    gaps.push(
      'no SMS provider: shoppers would get no one-time code (sign-in by code, registration and cash on delivery need one); set SMS_PROVIDER = "unifonic" or "taqnyat" and SMS_SENDER in wrangler.toml [vars], and the provider\'s secret (README, Deploy, "Messages")',
    )
  }
  const seller = sellerIdentity(vars, 'ar')
  if (!seller.vatNumber) {
    gaps.push('buyers would get no tax invoice: set SELLER_VAT_NUMBER (15 digits, starting and ending with 3) in wrangler.toml [vars]')
  }
  if (!seller.name && !sellerIdentity(vars, 'en').name) {
    gaps.push("invoices need the seller's registered name: set SELLER_NAME_AR (and SELLER_NAME_EN) in wrangler.toml [vars]")
  }
  return gaps
}
