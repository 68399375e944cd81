import { describe, expect, it } from 'vitest'
import { providerProblems, secretsNeeded } from './deploy-settings'

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
      'TAMARA_API_TOKEN',
      'TAMARA_NOTIFICATION_TOKEN',
    ])
  })
})
