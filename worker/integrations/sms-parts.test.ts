import { describe, expect, it } from 'vitest'
import { smsParts } from './sms-parts'

describe('SMS parts', () => {
  it('count Latin text in 7-bit parts of 160, then 153', () => {
    expect(smsParts('Hello there')).toEqual({ encoding: 'GSM-7', parts: 1 })
    expect(smsParts('a'.repeat(160)).parts).toBe(1)
    expect(smsParts('a'.repeat(161)).parts).toBe(2)
    expect(smsParts('€'.repeat(80)).parts).toBe(1) // two septets each
  })
  it('count Arabic in UCS-2 parts of 70, then 67', () => {
    expect(smsParts('رمز التحقق 123456')).toEqual({ encoding: 'UCS-2', parts: 1 })
    expect(smsParts('ب'.repeat(70)).parts).toBe(1)
    expect(smsParts('ب'.repeat(71)).parts).toBe(2)
    expect(smsParts('ب'.repeat(135)).parts).toBe(3)
  })
})
