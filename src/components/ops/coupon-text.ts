/**
 * The coupon screens' words for what the API answers (worker/api/ops-coupons.ts): a coupon's state, and why a form's
 * field was refused (src/domain/coupons.ts `CouponProblem`), each a message in both languages.
 */
import type { CouponField, CouponProblem, CouponState } from '../../domain/coupons'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { OpsError } from '../../queries/ops'
import { opsErrorText } from './ops-text'

export const couponStateText: Record<CouponState, () => string> = {
  active: m.ops_coupon_state_active,
  paused: m.ops_coupon_state_paused,
  scheduled: m.ops_coupon_state_scheduled,
  expired: m.ops_coupon_state_expired,
}

const problemText: Record<CouponProblem, () => string> = {
  required: m.ops_coupon_problem_required,
  code: m.ops_coupon_problem_code,
  percent: m.ops_coupon_problem_percent,
  amount: m.ops_coupon_problem_amount,
  minimum: m.ops_coupon_problem_minimum,
  time: m.ops_coupon_problem_time,
  window: m.ops_coupon_problem_window,
  limit: m.ops_coupon_problem_limit,
  targets: m.ops_coupon_problem_targets,
}

/**
 * A refused save as the form shows it: a message beside each named field (`field:problem` issues; SKUs and categories
 * not in the catalogue follow their `:unknown` issue), and one for the whole form when no field is to blame.
 */
export function couponRefusal(error: unknown): { fields: Partial<Record<CouponField, string>>; form: string | null } {
  if (!(error instanceof OpsError)) return { fields: {}, form: opsErrorText(error) }
  if (error.issues.includes('stale')) return { fields: {}, form: m.ops_coupon_stale() }
  if (error.issues.includes('code:taken')) return { fields: { code: m.ops_coupon_taken() }, form: null }
  const fields: Partial<Record<CouponField, string>> = {}
  const names = error.issues.filter((issue) => !issue.includes(':'))
  for (const issue of error.issues) {
    const [field, problem] = issue.split(':') as [CouponField, CouponProblem | 'unknown' | undefined]
    if (!problem) continue
    fields[field] =
      problem === 'unknown'
        ? m.ops_coupon_problem_unknown({ names: names.join(currentLocale() === 'ar' ? '، ' : ', ') })
        : (problemText[problem]?.() ?? opsErrorText(error))
  }
  return Object.keys(fields).length > 0 ? { fields, form: null } : { fields: {}, form: opsErrorText(error) }
}
