import { describe, expect, it } from 'vitest'
import { answerDaysLeft } from './data-requests'

describe('answerDaysLeft', () => {
  const asked = '2026-11-01T09:00:00.000Z'
  it('gives thirty days from the request, then counts the days late', () => {
    expect(answerDaysLeft(asked, new Date('2026-11-01T09:00:00.000Z'))).toBe(30)
    expect(answerDaysLeft(asked, new Date('2026-11-01T10:00:00.000Z'))).toBe(30)
    expect(answerDaysLeft(asked, new Date('2026-12-01T08:59:59.000Z'))).toBe(1)
    expect(answerDaysLeft(asked, new Date('2026-12-01T09:00:00.000Z'))).toBe(0)
    expect(answerDaysLeft(asked, new Date('2026-12-03T10:00:00.000Z'))).toBe(-2)
  })
})
