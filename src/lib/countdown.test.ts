import { describe, expect, it } from 'vitest'
import { campaignTimeLeft } from './countdown'

const window = { opens_at: '2026-11-20T09:00:00+03:00', closes_at: '2026-11-22T19:00:00+03:00' }

describe('campaign countdown', () => {
  it('counts down to the close while the window is open', () => {
    expect(campaignTimeLeft(window, new Date('2026-11-21T17:59:30+03:00'))).toEqual({ days: 1, hours: 1, minutes: 0, seconds: 30 })
  })
  it('shows nothing before it opens or once it has closed', () => {
    expect(campaignTimeLeft(window, new Date('2026-11-20T08:59:59+03:00'))).toBeNull()
    expect(campaignTimeLeft(window, new Date('2026-11-22T19:00:00+03:00'))).toBeNull()
  })
})
