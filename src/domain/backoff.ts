/**
 * The password back-off (docs/product.md, "Limits"): after `free` failures each further one locks the
 * account twice as long as the last (1 s, 2 s, 4 s... up to a cap). Failures are forgiven with time,
 * one per quiet `decaySeconds`, so an occasional typo never builds up to the long lock, and a stranger
 * cannot keep an account locked with one try an hour.
 */

export interface FailureRecord {
  failures: number
  /** Epoch ms of the last failure. */
  lastAt: number
}

export interface BackoffRule {
  free: number
  maxLockSeconds: number
  decaySeconds: number
}

/** The record after one more failure at `now`, and how long it locks. */
export function recordFailure(previous: FailureRecord | null, now: number, rule: BackoffRule): { record: FailureRecord; lockSeconds: number } {
  const forgiven = previous ? Math.floor(Math.max(0, now - previous.lastAt) / (rule.decaySeconds * 1000)) : 0
  const failures = Math.max(0, (previous?.failures ?? 0) - forgiven) + 1
  const lockSeconds = failures > rule.free ? Math.min(rule.maxLockSeconds, 2 ** (failures - rule.free - 1)) : 0
  return { record: { failures, lastAt: now }, lockSeconds }
}

/** When a record no longer matters: every failure in it forgiven (the lock, at most the cap, ends well before). */
export function forgottenAt(record: FailureRecord, rule: BackoffRule): number {
  return record.lastAt + Math.max(record.failures * rule.decaySeconds, rule.maxLockSeconds) * 1000
}
