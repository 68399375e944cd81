import { describe, expect, it } from 'vitest'
import { productionGaps, providerProblems, secretsNeeded } from './deploy-settings'

describe('deploy settings', () => {
  it('need the base secrets, and each configured provider its own', () => {
    expect(secretsNeeded({})).toEqual(['HANDSHAKE_SECRET', 'SESSION_SECRET', 'PASSWORD_PEPPER', 'STAFF_SECRET'])
    expect(secretsNeeded({ MOYASAR_API_URL: 'https://api.moyasar.com/v1', TURNSTILE_SITE_KEY: 'x' })).toEqual([
      'HANDSHAKE_SECRET',
      'SESSION_SECRET',
      'PASSWORD_PEPPER',
      'STAFF_SECRET',
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
  it('refuse a simulated distance to storage, which is for this machine only', () => {
    expect(providerProblems({ MATJAR_STORAGE_LATENCY_MS: '60' })).toEqual([
      'MATJAR_STORAGE_LATENCY_MS is local only: take it out of wrangler.toml [vars]',
    ])
  })
  it('refuse Tamara configured by half, and ask for its two secrets', () => {
    expect(providerProblems({ TAMARA_API_URL: 'https://api.tamara.co' })).toEqual([
      'Tamara needs STORE_ORIGIN, the address Tamara sends the shopper and its notifications to',
    ])
    expect(providerProblems({ TAMARA_API_URL: 'http://api.tamara.co', STORE_ORIGIN: 'https://shop.example' })).toEqual([
      'TAMARA_API_URL must be https (https://api.tamara.co)',
    ])
    expect(providerProblems({ TAMARA_API_URL: 'https://api.tamara.co', STORE_ORIGIN: 'https://shop.example' })).toEqual([])
    expect(secretsNeeded({ TAMARA_API_URL: 'https://api.tamara.co' })).toEqual([
      'HANDSHAKE_SECRET',
      'SESSION_SECRET',
      'PASSWORD_PEPPER',
      'STAFF_SECRET',
      'TAMARA_API_TOKEN',
      'TAMARA_NOTIFICATION_TOKEN',
    ])
  })
})

describe('messaging settings', () => {
  it('need the secret of the provider chosen', () => {
    expect(secretsNeeded({ SMS_PROVIDER: 'unifonic', SMS_SENDER: 'MATJAR' }).slice(4)).toEqual(['UNIFONIC_APP_SID'])
    expect(secretsNeeded({ SMS_PROVIDER: 'taqnyat', SMS_SENDER: 'MATJAR', EMAIL_PROVIDER: 'resend' }).slice(4)).toEqual([
      'TAQNYAT_BEARER_TOKEN',
      'RESEND_API_KEY',
    ])
  })
  it('refuse a provider configured by half or unknown, and say what to set', () => {
    expect(providerProblems({ SMS_PROVIDER: 'taqnyat' })).toEqual(['SMS needs SMS_SENDER, the sender name registered with the provider'])
    expect(providerProblems({ SMS_PROVIDER: 'twilio', SMS_SENDER: 'MATJAR' })).toEqual(['SMS_PROVIDER must be "unifonic" or "taqnyat" (or empty)'])
    expect(providerProblems({ SMS_PROVIDER: 'unifonic', SMS_SENDER: 'A sender name far too long' })).toHaveLength(1)
    expect(providerProblems({ EMAIL_PROVIDER: 'resend' })).toEqual([
      'email needs EMAIL_FROM, "Store name <orders@your-domain>" on a domain verified with the provider',
    ])
    expect(providerProblems({ EMAIL_PROVIDER: 'resend', EMAIL_FROM: 'Matjar <orders@shop.example>' })).toEqual([])
    expect(providerProblems({ SMS_PROVIDER: 'unifonic', SMS_SENDER: 'MATJAR', EMAIL_PROVIDER: 'resend', EMAIL_FROM: 'orders@shop.example' })).toEqual(
      [],
    )
  })
  it('refuse production without an SMS provider: no shopper would get a code', () => {
    expect(productionGaps({ SELLER_VAT_NUMBER: '399999999900003', SELLER_NAME_AR: 'متجر' })).toEqual([
      expect.stringMatching(/^no SMS provider: shoppers would get no one-time code .* set SMS_PROVIDER = "unifonic" or "taqnyat" and SMS_SENDER/),
    ])
    expect(productionGaps({ SMS_PROVIDER: 'taqnyat', SMS_SENDER: 'MATJAR', SELLER_VAT_NUMBER: '399999999900003', SELLER_NAME_AR: 'متجر' })).toEqual(
      [],
    )
  })
})

describe('invoice settings', () => {
  it('refuse a store that would leave buyers without invoices, and say what to set', () => {
    expect(productionGaps({ SMS_PROVIDER: 'taqnyat', SMS_SENDER: 'MATJAR' })).toEqual([
      'buyers would get no tax invoice: set SELLER_VAT_NUMBER (15 digits, starting and ending with 3) in wrangler.toml [vars]',
      "invoices need the seller's registered name: set SELLER_NAME_AR (and SELLER_NAME_EN) in wrangler.toml [vars]",
    ])
    expect(
      productionGaps({ SMS_PROVIDER: 'taqnyat', SMS_SENDER: 'MATJAR', SELLER_VAT_NUMBER: '300000000000000', SELLER_NAME_AR: 'متجر' }),
    ).toHaveLength(1)
    expect(productionGaps({ SMS_PROVIDER: 'taqnyat', SMS_SENDER: 'MATJAR', SELLER_VAT_NUMBER: '399999999900003', SELLER_NAME_AR: 'متجر' })).toEqual(
      [],
    )
  })
  it('refuse ZATCA reporting configured by half, and ask for its secrets', () => {
    const reporting = { ZATCA_API_URL: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core' }
    const address = {
      SELLER_BUILDING_NUMBER: '2322',
      SELLER_STREET: 'Prince Sultan',
      SELLER_DISTRICT: 'Al-Murabba',
      SELLER_CITY: 'Riyadh',
      SELLER_POSTAL_CODE: '23333',
    }
    expect(providerProblems({ ...reporting, ...address })).toEqual([
      'ZATCA reporting needs SELLER_VAT_NUMBER, the 15-digit VAT number the invoices are reported under',
    ])
    expect(providerProblems({ ...reporting, SELLER_VAT_NUMBER: '399999999900003' })).toEqual([
      expect.stringMatching(/^ZATCA reporting needs the seller's National Address: SELLER_BUILDING_NUMBER/),
    ])
    expect(providerProblems({ ZATCA_API_URL: 'http://example.test', SELLER_VAT_NUMBER: '399999999900003', ...address })).toEqual([
      'ZATCA_API_URL must be https (https://gw-fatoora.zatca.gov.sa/e-invoicing/core)',
    ])
    expect(providerProblems({ ...reporting, SELLER_VAT_NUMBER: '399999999900003', ...address })).toEqual([])
    expect(secretsNeeded(reporting).slice(-3)).toEqual(['ZATCA_BINARY_TOKEN', 'ZATCA_SECRET', 'ZATCA_PRIVATE_KEY'])
  })
})
