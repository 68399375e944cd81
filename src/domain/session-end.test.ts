import { describe, expect, it } from 'vitest'
import { isUnauthorized, unauthorizedWireMessage } from './session-end'

describe('isUnauthorized', () => {
  it('knows the backend by its code or by the Magento message, in any language, only with a 401', () => {
    expect(isUnauthorized({ status: 401, code: 'unauthorized', message: 'أي رسالة' })).toBe(true)
    expect(isUnauthorized({ status: 401, message: unauthorizedWireMessage })).toBe(true)
    expect(isUnauthorized({ status: 403, code: 'unauthorized', message: unauthorizedWireMessage })).toBe(false)
    expect(isUnauthorized({ status: 401, code: 'otp_invalid', message: 'Invalid OTP code' })).toBe(false)
    expect(isUnauthorized(null)).toBe(false)
  })
})
