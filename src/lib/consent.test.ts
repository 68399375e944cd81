import { describe, expect, it } from 'vitest'
import { consentChoices, parseConsent, serialiseConsent } from './consent'

describe('cookie consent', () => {
  it('accept all turns every category on', () => {
    expect(serialiseConsent(consentChoices('all'))).toBe('functions.marketing.preference.measurements.social')
  })
  it('reject all keeps only the functions the store needs', () => {
    expect(serialiseConsent(consentChoices('none'))).toBe('functions')
  })
  it('functions cannot be switched off', () => {
    expect(consentChoices({ functions: false, marketing: true }).functions).toBe(true)
  })
  it('round-trips a saved choice and reads a missing cookie as no choice', () => {
    const choice = consentChoices({ measurements: true })
    expect(parseConsent(serialiseConsent(choice))).toEqual(choice)
    expect(parseConsent(undefined)).toBeNull()
  })
})
