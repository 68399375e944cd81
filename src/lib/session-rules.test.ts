import { describe, expect, it } from 'vitest'
import { sessionNeedsReset } from './session-rules'

describe('session expiry', () => {
  const now = new Date('2026-11-21T12:00:00Z')
  it('keeps a session with more than 3 days left', () => {
    expect(sessionNeedsReset('2026-11-24T12:00:01Z', now)).toBe(false)
    expect(sessionNeedsReset('2026-11-30T12:00:00Z', now)).toBe(false)
  })
  it('resets at 3 days or less, and when the expiry is unreadable', () => {
    expect(sessionNeedsReset('2026-11-24T12:00:00Z', now)).toBe(true)
    expect(sessionNeedsReset('2026-11-22T12:00:00Z', now)).toBe(true)
    expect(sessionNeedsReset('soon', now)).toBe(true)
  })
})
