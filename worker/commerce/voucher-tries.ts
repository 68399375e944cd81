/**
 * Guessing a voucher (docs/decisions/0007-money-rules-that-cannot-be-gamed.md). A gift voucher's PIN and an ERP
 * store-credit voucher's number are short enough to guess, so every try is counted before anything is looked up:
 * per client address (a few dozen an hour), and per secret-bearing subject (the voucher, and for ERP vouchers the
 * mobile they were issued to), where a few wrong tries lock the subject for a doubling time, even for the right
 * answer. An ERP voucher guessed against one mobile used to answer all 300 guesses (issue 31, M1). A mobile is locked
 * per address after a few wrong tries, and from every address only after many more: four guesses from a stranger used
 * to lock the voucher's owner out too (issue 43, L6).
 */
import { serverLimits } from '../../config/server-limits'
import { limiterFor } from '../durable-objects/limiter'
import { CommerceError } from './errors'

type VoucherKind = 'gift' | 'erp'

/** What a wrong answer counts against: a subject with the voucher rules' free tries, or with a number of its own. */
export type TriedSubject = string | { subject: string; freeWrongTries: number }

/**
 * Runs `check` as one counted try. `subjects` name what a wrong answer counts against (`gift-voucher:GIFT-...`,
 * `erp-phone:9665...`). `check` answers what it found, or null for a wrong answer; so does this.
 */
export async function countedVoucherTry<T>(
  env: Env,
  kind: VoucherKind,
  subjects: TriedSubject[],
  ip: string,
  check: () => Promise<T | null>,
): Promise<T | null> {
  const rules = serverLimits.voucherTries
  const counted = subjects.map((s) => (typeof s === 'string' ? { subject: s, freeWrongTries: rules.freeWrongTries } : s))
  const counters = counted.map(({ subject }) => limiterFor(env, subject))
  const locked = Math.max(0, ...(await Promise.all(counters.map((counter) => counter.lockedFor()))))
  if (locked > 0) throw new CommerceError(429, kind === 'gift' ? 'voucher_locked' : 'erp_voucher_locked', { minutes: Math.ceil(locked / 60) })
  const perAddress = await limiterFor(env, `${kind}-ip:${ip}`).hit(rules.triesPerIpPerHour, 3600)
  if (!perAddress.allowed) throw new CommerceError(429, 'otp_rate_limited')
  const found = await check()
  if (found === null) {
    const rule = (free: number) => ({ free, maxLockSeconds: rules.lockMaxSeconds, decaySeconds: rules.wrongTryDecaySeconds })
    await Promise.all(counters.map((counter, i) => counter.fail(rule(counted[i]!.freeWrongTries))))
    return null
  }
  await Promise.all(counters.map((counter) => counter.succeed()))
  return found
}
