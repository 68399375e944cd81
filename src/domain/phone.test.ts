import { describe, expect, it } from 'vitest'
import { foldDigits } from './digits'
import { internationalMobile, localMobile, shownMobile } from './phone'

describe('Saudi mobile numbers', () => {
  it('accepts 05 + an allowed digit + 7 digits, in every usual form', () => {
    for (const input of ['0501234567', '+966501234567', '00966501234567', '966501234567', '050 123 4567', '050-123-4567']) {
      expect(localMobile(input), input).toBe('0501234567')
    }
  })
  it('folds Arabic-Indic and Persian digits', () => {
    expect(foldDigits('٠٥٠١٢٣٤٥٦٧')).toBe('0501234567')
    expect(localMobile('۰۵۵۱۲۳۴۵۶۷')).toBe('0551234567')
  })
  it('sends 966 + the last 9 digits', () => {
    expect(internationalMobile('0551234567')).toBe('966551234567')
  })
  it('shows a stored number in its local form, the inverse of what is sent', () => {
    expect(shownMobile('966551234567')).toBe('0551234567')
    expect(shownMobile(internationalMobile('+966 50 123 4567')!)).toBe(localMobile('+966 50 123 4567'))
  })
  it('refuses other numbers', () => {
    for (const input of ['0521234567', '050123456', '05012345678', '0401234567', 'abc', '', '+1 202 555 0100']) {
      expect(localMobile(input), input).toBeNull()
    }
  })
})
