import { describe, expect, it } from 'vitest'
import { goLiveProblems, providerProblems, secretsNeeded } from './deploy-settings'

describe('deploy settings', () => {
  it('need the base secrets, and each configured provider its own', () => {
    expect(secretsNeeded({})).toEqual(['HANDSHAKE_SECRET', 'SESSION_SECRET', 'PASSWORD_PEPPER'])
    expect(secretsNeeded({ MOYASAR_API_URL: 'https://api.moyasar.com/v1', TURNSTILE_SITE_KEY: 'x' })).toEqual([
      'HANDSHAKE_SECRET',
      'SESSION_SECRET',
      'PASSWORD_PEPPER',
      'MOYASAR_SECRET_KEY',
      'MOYASAR_WEBHOOK_SECRET',
      'TURNSTILE_SECRET',
    ])
  })
  it('refuse card payments configured by half', () => {
    expect(providerProblems({ MOYASAR_API_URL: 'https://api.moyasar.com/v1' })).toEqual([
      'card payments need STORE_ORIGIN, the address Moyasar sends the shopper back to',
    ])
    expect(providerProblems({ MOYASAR_API_URL: 'http://api.moyasar.com/v1', STORE_ORIGIN: 'https://shop.example/' })).toHaveLength(2)
    expect(providerProblems({ MOYASAR_API_URL: 'https://api.moyasar.com/v1', STORE_ORIGIN: 'https://shop.example' })).toEqual([])
    expect(providerProblems({ TABBY_API_URL: 'https://api.tabby.sa' })).toEqual([
      'Tabby needs TABBY_MERCHANT_CODE, the code Tabby gives the store',
      'Tabby needs STORE_ORIGIN, the address Tabby sends the shopper back to',
    ])
    expect(providerProblems({})).toEqual([])
  })

  it('refuse a store that would leave buyers without invoices, and say what to set', () => {
    expect(goLiveProblems({})).toEqual([
      'buyers would get no tax invoice: set SELLER_VAT_NUMBER (15 digits, starting and ending with 3) in wrangler.toml [vars]',
      "invoices need the seller's registered name: set SELLER_NAME_AR (and SELLER_NAME_EN) in wrangler.toml [vars]",
    ])
    expect(goLiveProblems({ SELLER_VAT_NUMBER: '300000000000000', SELLER_NAME_AR: 'متجر' })).toHaveLength(1)
    expect(goLiveProblems({ SELLER_VAT_NUMBER: '399999999900003', SELLER_NAME_AR: 'متجر' })).toEqual([])
  })
  it('refuse ZATCA reporting configured by half, and ask for its secrets', () => {
    const reporting = { ZATCA_API_URL: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core' }
    expect(providerProblems(reporting)).toEqual(['ZATCA reporting needs SELLER_VAT_NUMBER, the 15-digit VAT number the invoices are reported under'])
    expect(providerProblems({ ZATCA_API_URL: 'http://example.test', SELLER_VAT_NUMBER: '399999999900003' })).toEqual([
      'ZATCA_API_URL must be https (https://gw-fatoora.zatca.gov.sa/e-invoicing/core)',
    ])
    expect(providerProblems({ ...reporting, SELLER_VAT_NUMBER: '399999999900003' })).toEqual([])
    expect(secretsNeeded(reporting).slice(-3)).toEqual(['ZATCA_BINARY_TOKEN', 'ZATCA_SECRET', 'ZATCA_PRIVATE_KEY'])
  })
})
