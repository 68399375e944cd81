/**
 * What a deploy needs for the services it turns on (README, "Deploy"; docs/decisions/0014): the secrets every store
 * needs, and those of each configured provider. A provider configured by half (its address without its origin, say)
 * is refused before anything is uploaded.
 */
export const baseSecrets = ['HANDSHAKE_SECRET', 'SESSION_SECRET', 'PASSWORD_PEPPER'] as const

type Vars = Record<string, string | undefined>

/** The secrets this configuration needs set on the Worker. */
export function secretsNeeded(vars: Vars): string[] {
  const needed: string[] = [...baseSecrets]
  if (vars.MOYASAR_API_URL) needed.push('MOYASAR_SECRET_KEY', 'MOYASAR_WEBHOOK_SECRET')
  if (vars.TABBY_API_URL) needed.push('TABBY_SECRET_KEY', 'TABBY_WEBHOOK_SECRET')
  if (vars.TAMARA_API_URL) needed.push('TAMARA_API_TOKEN', 'TAMARA_NOTIFICATION_TOKEN')
  if (vars.TURNSTILE_SITE_KEY) needed.push('TURNSTILE_SECRET')
  if (vars.ALGOLIA_APP_ID) needed.push('ALGOLIA_SEARCH_KEY')
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
  // docs/decisions/0019-tamara-for-real.md: Tamara sends the shopper back, and its notifications, to STORE_ORIGIN.
  if (vars.TAMARA_API_URL) {
    if (!/^https:\/\//.test(vars.TAMARA_API_URL)) problems.push('TAMARA_API_URL must be https (https://api.tamara.co)')
    if (!vars.STORE_ORIGIN) problems.push('Tamara needs STORE_ORIGIN, the address Tamara sends the shopper and its notifications to')
  }
  if (vars.STORE_ORIGIN && !/^https:\/\/[^/]+$/.test(vars.STORE_ORIGIN)) problems.push('STORE_ORIGIN must be https://host, with no path')
  return problems
}
