/**
 * What a deploy needs for the services it turns on (README, "Deploy"; docs/decisions/0014): the secrets every store
 * needs, and those of each configured provider. A provider configured by half (its address without its origin, say)
 * is refused before anything is uploaded.
 */
import { sellerIdentity } from '../src/domain/seller'

export const baseSecrets = ['HANDSHAKE_SECRET', 'SESSION_SECRET', 'PASSWORD_PEPPER'] as const

type Vars = Record<string, string | undefined>

/** The secrets this configuration needs set on the Worker. */
export function secretsNeeded(vars: Vars): string[] {
  const needed: string[] = [...baseSecrets]
  if (vars.MOYASAR_API_URL) needed.push('MOYASAR_SECRET_KEY', 'MOYASAR_WEBHOOK_SECRET')
  if (vars.TABBY_API_URL) needed.push('TABBY_SECRET_KEY', 'TABBY_WEBHOOK_SECRET')
  if (vars.TURNSTILE_SITE_KEY) needed.push('TURNSTILE_SECRET')
  if (vars.ALGOLIA_APP_ID) needed.push('ALGOLIA_SEARCH_KEY')
  if (vars.ZATCA_API_URL) needed.push('ZATCA_BINARY_TOKEN', 'ZATCA_SECRET', 'ZATCA_PRIVATE_KEY')
  return needed
}

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
  if (vars.ZATCA_API_URL) {
    // Reporting sends signed invoices in the seller's name (docs/decisions/0016-zatca-invoices.md).
    if (!/^https:\/\//.test(vars.ZATCA_API_URL)) problems.push('ZATCA_API_URL must be https (https://gw-fatoora.zatca.gov.sa/e-invoicing/core)')
    if (!sellerIdentity(vars, 'ar').vatNumber)
      problems.push('ZATCA reporting needs SELLER_VAT_NUMBER, the 15-digit VAT number the invoices are reported under')
  }
  if (vars.STORE_ORIGIN && !/^https:\/\/[^/]+$/.test(vars.STORE_ORIGIN)) problems.push('STORE_ORIGIN must be https://host, with no path')
  return problems
}

/**
 * What would leave shoppers without what the law or the store owes them (issue 30): a production store must give every
 * buyer a simplified tax invoice, which needs the seller's VAT number and registered name (docs/decisions/0016-zatca-invoices.md).
 */
export function goLiveProblems(vars: Vars): string[] {
  const problems: string[] = []
  const seller = sellerIdentity(vars, 'ar')
  if (!seller.vatNumber) {
    problems.push('buyers would get no tax invoice: set SELLER_VAT_NUMBER (15 digits, starting and ending with 3) in wrangler.toml [vars]')
  }
  if (!seller.name && !sellerIdentity(vars, 'en').name) {
    problems.push("invoices need the seller's registered name: set SELLER_NAME_AR (and SELLER_NAME_EN) in wrangler.toml [vars]")
  }
  return problems
}
