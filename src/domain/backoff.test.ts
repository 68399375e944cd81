import { describe, expect, it } from 'vitest'
import { forgottenAt, recordFailure, type FailureRecord } from './backoff'

const rule = { free: 4, maxLockSeconds: 3600, decaySeconds: 900 }
const minute = 60_000

function failAt(times: number[]): { record: FailureRecord | null; locks: number[] } {
  let record: FailureRecord | null = null
  const locks: number[] = []
  for (const t of times) {
    const next = recordFailure(record, t, rule)
    record = next.record
    locks.push(next.lockSeconds)
  }
  return { record, locks }
}

describe('the password back-off', () => {
  it('locks after the free failures, doubling up to the cap', () => {
    expect(failAt(Array.from({ length: 8 }, (_, i) => i * 1000)).locks).toEqual([0, 0, 0, 0, 1, 2, 4, 8])
    expect(failAt(Array.from({ length: 20 }, (_, i) => i * 1000)).locks.at(-1)).toBe(3600)
  })
  it('forgives one failure per quiet 15 minutes', () => {
    const { record } = failAt([0, 1000, 2000, 3000, 4000])
    expect(recordFailure(record, 4000 + 31 * minute, rule).record.failures).toBe(4)
  })
  it('never locks for one wrong try an hour, however long it goes on', () => {
    const { locks, record } = failAt(Array.from({ length: 48 }, (_, i) => i * 60 * minute))
    expect(Math.max(...locks)).toBe(0)
    expect(record!.failures).toBe(1)
  })
  it('is forgotten once every failure is forgiven, and never before its lock ends', () => {
    const { record, locks } = failAt(Array.from({ length: 10 }, (_, i) => i * 1000))
    expect(forgottenAt(record!, rule)).toBe(9000 + 10 * 15 * minute)
    expect(forgottenAt(record!, rule)).toBeGreaterThan(9000 + locks.at(-1)! * 1000)
    expect(recordFailure(record, forgottenAt(record!, rule), rule).record.failures).toBe(1)
    expect(forgottenAt({ failures: 1, lastAt: 0 }, { ...rule, maxLockSeconds: 3600 })).toBe(3600 * 1000)
  })
})
