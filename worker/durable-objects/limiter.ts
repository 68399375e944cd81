import { DurableObject } from 'cloudflare:workers'
import { forgottenAt, recordFailure, type BackoffRule, type FailureRecord } from '../../src/domain/backoff'

/**
 * Attempt and send counters, one object per counted subject (a phone, an IP, an account). Each call
 * is synchronous storage work, so concurrent attempts are counted one by one. An object forgets itself: every write
 * moves `staleAt` to when what it wrote stops mattering, and an alarm then deletes the object's storage (a scheduled
 * job could not list the objects; docs/architecture.md, "Housekeeping").
 */
/** The counter of one subject (a phone, an address, an account, a voucher). */
export function limiterFor(env: Env, subject: string) {
  // Near the shoppers it counts (docs/decisions/0029-reads-near-the-shopper.md).
  return env.LIMITER.get(env.LIMITER.idFromName(subject), { locationHint: 'me' })
}

/** Counts one more request of a subject in the current hour; says whether it is still within `perHour`. */
export async function withinHourlyLimit(env: Env, subject: string, perHour: number): Promise<boolean> {
  return (await limiterFor(env, subject).hit(perHour, 3600)).allowed
}

export class LimiterObject extends DurableObject<Env> {
  /**
   * Takes back one attempt `hit` counted in the current window: for limits that count only what goes wrong, yet must
   * count before they know (a token compared after its try is counted, so concurrent tries cannot all get in).
   */
  giveBack(windowSeconds: number): void {
    const stored = this.ctx.storage.kv.get<{ start: number; count: number }>('window')
    if (!stored || Date.now() - stored.start >= windowSeconds * 1000 || stored.count === 0) return
    this.ctx.storage.kv.put('window', { start: stored.start, count: stored.count - 1 })
  }

  /** Ends the current window: what it counted no longer matters (a resend wait whose code has been used). */
  endWindow(): void {
    this.ctx.storage.kv.delete('window')
  }

  /** Counts an attempt in a fixed window; says whether it is still within the limit. */
  async hit(limit: number, windowSeconds: number): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
    const now = Date.now()
    const stored = this.ctx.storage.kv.get<{ start: number; count: number }>('window')
    const window = !stored || now - stored.start >= windowSeconds * 1000 ? { start: now, count: 0 } : stored
    window.count += 1
    this.ctx.storage.kv.put('window', window)
    await this.keepUntil(window.start + windowSeconds * 1000)
    const allowed = window.count <= limit
    return { allowed, count: window.count, retryAfterSeconds: allowed ? 0 : Math.ceil((window.start + windowSeconds * 1000 - now) / 1000) }
  }

  /** Whether the subject is locked out by earlier failures, and for how long. */
  async lockedFor(): Promise<number> {
    const until = this.ctx.storage.kv.get<number>('lockedUntil') ?? 0
    return Math.max(0, Math.ceil((until - Date.now()) / 1000))
  }

  /** Records a failure (src/domain/backoff.ts: doubling locks after the free ones, forgiven with time). */
  async fail(rule: BackoffRule): Promise<{ failures: number; lockedForSeconds: number }> {
    const now = Date.now()
    const stored = this.ctx.storage.kv.get<FailureRecord | number>('failures')
    // A bare count is what an earlier version kept: it is started afresh.
    const { record, lockSeconds } = recordFailure(typeof stored === 'object' ? stored : null, now, rule)
    this.ctx.storage.kv.put('failures', record)
    if (lockSeconds > 0) this.ctx.storage.kv.put('lockedUntil', now + lockSeconds * 1000)
    await this.keepUntil(forgottenAt(record, rule))
    return { failures: record.failures, lockedForSeconds: lockSeconds }
  }

  /** A success clears the failures. */
  async succeed(): Promise<void> {
    this.ctx.storage.kv.delete('failures')
    this.ctx.storage.kv.delete('lockedUntil')
  }

  /** The health probe (worker/api/health.ts): answers without reading or writing storage. */
  async ping(): Promise<'pong'> {
    return 'pong'
  }

  /** What was just written matters until `at`: the alarm is moved there if it was earlier. */
  private async keepUntil(at: number): Promise<void> {
    const staleAt = Math.max(at, this.ctx.storage.kv.get<number>('staleAt') ?? 0)
    this.ctx.storage.kv.put('staleAt', staleAt)
    await this.ctx.storage.setAlarm(staleAt)
  }

  /** Nothing stored matters any more, unless a write since moved the moment on. */
  override async alarm(): Promise<void> {
    const staleAt = this.ctx.storage.kv.get<number>('staleAt') ?? 0
    if (Date.now() < staleAt) return this.ctx.storage.setAlarm(staleAt)
    await this.ctx.storage.deleteAll()
  }
}
